// The chart page's form: built from the page's metrics, snapshots and filter choices, kept in
// step with the view, and read back into a view when the reader changes it.

import { safeColor } from "./format.js";
import { element, lazyOptions, setSelectValue } from "./dom.js";
import { dateLabel, t } from "./i18n.js";
import { FLAGS, LISTS, PRICES, defaultView, xAxes } from "./view.js";
import { metricName, price, priceText } from "./model.js";
import { defaultGate, gateText, minText, tasksOf } from "./accuracy.js";

// listTitle is a filter's title (LISTS' keys).
const listTitle = (list) => ({
  gpus: t("controls.gpus"), vendors: t("controls.vendors"), frameworks: t("controls.frameworks"), spec: t("controls.spec"),
  precisions: t("controls.precisions"), deploy: t("controls.deploy"), offload: t("controls.offload"),
})[list];

// numberInput is one price field: a GPU's $/GPU-hour (name "cost") or kW ("kw").
function numberInput(name, gpu, title) {
  const input = element("input", { type: "number", name, "data-gpu": gpu, min: "0", step: "any", inputmode: "decimal" });
  return element("label", {}, [title + " ", input]);
}

// priceRows are the rows of the form's "Price and power per GPU" (Go's pricesOf): each GPU of
// the page in key order, {gpu: its key lowercased, label, cost, kw}, with the config's
// $/GPU-hour and kW as the inputs start ("" where it gives none).
export function priceRows(page) {
  return Object.keys(page.gpus).sort().map((g) => ({
    gpu: g.toLowerCase(), label: page.gpus[g].label || g, cost: priceText(page, null, "cost", g), kw: priceText(page, null, "kw", g),
  }));
}

// prices is the form's "Price and power per GPU": for each GPU of the page, the $/GPU-hour and
// kW the cost and power metrics use, which the reader may change; syncForm fills them in.
function prices(page) {
  const rows = priceRows(page);
  if (!rows.length) return null;
  return element("details", { class: "prices" }, [element("summary", { text: t("controls.prices") }), element("div", { class: "opts" },
    rows.map((r) => element("span", { class: "price" }, [element("span", { class: "gpu", text: r.label }),
      numberInput("cost", r.gpu, t("controls.costPerHour")), numberInput("kw", r.gpu, t("controls.kw"))])))]);
}

// gateBox is the accuracy gate's fieldset (pages with accuracy only): "only configurations
// scoring at least MIN % on TASK", and the second choice, "and drop those with no eval"; none
// on a page without eval tasks. syncForm fills it in from the view.
function gateBox(page) {
  if (!tasksOf(page).length) return null;
  const start = startGate(page);
  const min = element("input", { type: "number", name: "accmin", id: "ctl-accmin", min: "0", max: "100", step: "any", inputmode: "decimal", value: minText(start.min) });
  const task = element("select", { name: "acctask", id: "ctl-acctask" },
    tasksOf(page).map((x) => element("option", { value: x.key, text: x.label || x.key, selected: x.key === start.task })));
  return element("fieldset", { "data-gate": "" }, [element("legend", { text: t("accuracy.legend") }), element("div", { class: "opts" }, [
    checkbox("acc", "1", t("accuracy.only")),
    element("label", { for: "ctl-accmin" }, [t("accuracy.min") + " "]), min,
    element("label", { for: "ctl-acctask" }, [t("accuracy.task") + " "]), task,
    checkbox("accall", "1", t("accuracy.dropUnevaluated")),
  ])]);
}

// startGate is what the gate's fields hold before the reader sets them: the site's default
// gate, else 90% on the page's first task.
const startGate = (page) => defaultGate(page) || { task: tasksOf(page)[0].key, min: 0.9, all: false };

// gateOfForm is the gate the form's fields say, null when its box is unticked; without the
// fields, fallback (the view's own).
export function gateOfForm(live, form, fallback) {
  const e = form.elements;
  if (!e.acc) return fallback;
  if (!e.acc.checked) return null;
  const base = live.view.acc || startGate(live.page);
  const n = e.accmin.value.trim() === "" ? NaN : Number(e.accmin.value);
  const min = Number.isFinite(n) && n >= 0 && n <= 100 ? +(n / 100).toPrecision(12) : base.min;
  return { task: e.acctask.value || base.task, min, all: !!e.accall.checked };
}

function select(name, title, options) {
  const control = element("select", { name, id: "ctl-" + name }, options.map(([value, label]) => element("option", { value, text: label })));
  return element("div", { class: "ctl" }, [element("label", { for: "ctl-" + name, class: "title", text: title }), control]);
}

// dateOption is the snapshot menu's [value, label] of the page's date i (0 the newest, "Latest").
const dateOption = (page, i) => [page.dates[i], i ? dateLabel(page.dates[i]) : t("controls.latest", { date: dateLabel(page.dates[i]) })];

// dateOptions are the snapshot menu's [value, label] pairs, the newest first.
const dateOptions = (page) => page.dates.map((date, i) => dateOption(page, i));

// dateSelect is the snapshot menu: its newest date, the others when the reader reaches for it
// (lazyOptions), as the build writes it.
function dateSelect(page) {
  const box = select("date", t("controls.snapshot"), []);
  lazyOptions(box.querySelector("select"), dateOption(page, 0), () => dateOptions(page));
  return box;
}

function checkbox(name, value, label, swatch) {
  let mark = null;
  if (swatch) {
    mark = element("span", { class: "swatch", "aria-hidden": "true" });
    mark.style.backgroundColor = safeColor(swatch);
  }
  return element("label", { class: "check" }, [element("input", { type: "checkbox", name, value }), mark, label]);
}

// filtersButton is the bar's button that opens the filters panel, with the line that says
// which filters are on beside it (controls.html has the twin).
function filtersButton() {
  return element("div", { class: "ctl filters-ctl" }, [
    element("button", { type: "button", id: "filters-button", class: "filters-button", "aria-expanded": "false", "aria-controls": "filters-panel", text: t("controls.filters") }),
    " ",
    element("span", { id: "filter-summary", class: "filter-summary", text: t("controls.all") }),
  ]);
}

// buildControls fills the form: the bar (metric, x axis, the filters button) and the filters
// panel (snapshot, scales, flags, a filter for every list with more than one value over the
// snapshots loaded so far, prices).
export function buildControls(live, form) {
  const page = live.page;
  const lists = live.choices();
  const open = !!form.querySelector("#filters-panel:not([hidden])");
  form.textContent = "";
  const bar = element("div", { class: "bar" }, [
    select("y", t("controls.metric"), page.metrics.map((m) => [m.key, metricName(m)])),
    xAxes(page).length > 1 ? select("x", t("controls.xAxis"), xAxes(page).map((a) => [a.key, metricName(a)])) : null,
    filtersButton(),
  ]);
  const main = element("div", { class: "row" }, [
    page.dates.length > 1 ? dateSelect(page) : null,
    element("fieldset", {}, [element("legend", { text: t("controls.scale") }), element("div", { class: "opts" }, [checkbox("log", "1", t("controls.log")), checkbox("logx", "1", t("controls.logx"))])]),
    element("fieldset", {}, [element("legend", { text: t("controls.show") }), element("div", { class: "opts" }, [
      checkbox("optimal", "1", t("controls.optimal")), checkbox("best", "1", t("controls.best")), checkbox("global", "1", t("controls.global"))])]),
  ]);
  const gate = gateBox(page);
  if (gate) main.appendChild(gate);
  const filters = element("div", { class: "row filters" }, LISTS.map((list) => {
    if (lists[list].length < 2) return null; // one value: nothing to choose
    return element("fieldset", { "data-list": list }, [element("legend", { text: listTitle(list) }), element("div", { class: "opts" },
      lists[list].map((c) => checkbox(list, c.value, c.label, c.color)))]);
  }));
  const panel = element("div", { id: "filters-panel", class: "filters-panel", role: "group", "aria-labelledby": "filters-button", hidden: !open }, [main]);
  if (filters.children.length) panel.appendChild(filters);
  const priceBox = prices(page);
  if (priceBox) panel.appendChild(priceBox);
  panel.appendChild(element("p", { class: "panel-end" }, [element("button", { type: "button", class: "filters-done", text: t("controls.done") })]));
  form.append(bar, panel);
  if (open) form.querySelector("#filters-button").setAttribute("aria-expanded", "true");
  form.hidden = false;
}

// FLAG_NAMES are the flags as the filter summary names them.
const flagName = (flag) => ({ best: t("controls.best"), optimal: t("controls.optimal"), global: t("controls.global"), log: t("controls.log"), logx: t("controls.logx") })[flag];

// filterSummary is the one line beside the filters button that says which filters are on:
// "Best per GPU · GPU: B200, H100 · Log Y", or "All configurations" when none is.
export function filterSummary(live) {
  const view = live.view;
  const lists = live.choices();
  const parts = [];
  for (const flag of ["best", "optimal", "global"]) {
    if (view[flag]) parts.push(flagName(flag));
  }
  for (const list of LISTS) {
    if (!view[list]) continue;
    const labels = lists[list].filter((c) => view[list].includes(c.value)).map((c) => c.label);
    parts.push(t("controls.filterOn", { filter: listTitle(list), values: labels.join(t("list.separator")) }));
  }
  if (view.acc) parts.push(gateText(live.page, view.acc));
  if (view.cost || view.kw) parts.push(t("controls.ownPrices"));
  if (view.date && view.date !== live.page.dates[0]) parts.push(t("controls.snapshotOf", { date: dateLabel(view.date) }));
  for (const flag of ["log", "logx"]) {
    if (view[flag]) parts.push(flagName(flag));
  }
  return parts.length ? parts.join(" · ") : t("controls.all");
}

// wirePanel makes the filters button open and close its panel, over the chart rather than
// pushing it down. Escape, the Done button and a click elsewhere close it; focus goes back to
// the button when it was inside the panel.
export function wirePanel(form) {
  const button = () => form.querySelector("#filters-button");
  const panel = () => form.querySelector("#filters-panel");
  const setOpen = (open, refocus) => {
    const b = button();
    const p = panel();
    if (!b || !p) return;
    b.setAttribute("aria-expanded", open ? "true" : "false");
    p.hidden = !open;
    if (refocus) b.focus();
  };
  form.addEventListener("click", (e) => {
    const target = e.target;
    if (target.closest("#filters-button")) setOpen(button().getAttribute("aria-expanded") !== "true", false);
    else if (target.closest(".filters-done")) setOpen(false, true);
  });
  form.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !panel() || panel().hidden) return;
    e.preventDefault();
    setOpen(false, panel().contains(document.activeElement));
  });
  document.addEventListener("click", (e) => {
    if (panel() && !panel().hidden && !form.contains(e.target)) setOpen(false, false);
  });
}

// enhanceControls makes the server-rendered form the live one: it keeps it when it offers
// exactly the filters' choices (so nothing on the page moves), the older snapshots' dates the
// build leaves out held until the reader reaches for the menu (lazyOptions), and rebuilds it
// otherwise (a snapshot that brings new GPUs).
export function enhanceControls(live, form) {
  const lists = live.choices();
  const same = LISTS.every((list) => {
    const boxes = Array.from(form.querySelectorAll('input[name="' + list + '"]')).map((b) => b.value);
    const values = lists[list].length < 2 ? [] : lists[list].map((c) => c.value);
    return boxes.join("\n") === values.join("\n");
  }) && !!form.elements.y && !!form.elements.x === xAxes(live.page).length > 1 &&
    form.querySelectorAll('input[name="cost"]').length === Object.keys(live.page.gpus).length &&
    !!form.querySelector("fieldset[data-gate]") === tasksOf(live.page).length > 0;
  if (!same) {
    buildControls(live, form);
    return;
  }
  const dates = form.elements.date;
  if (dates && dates.options.length < live.page.dates.length) {
    // The option the build wrote stays as it is; the labels of the others are made when needed.
    const option = dates.options[dates.selectedIndex] || dates.options[0];
    lazyOptions(dates, [option.value, option.textContent], () => dateOptions(live.page));
  }
}

// gpuKey is the page's GPU key for a lowercased one.
const gpuKey = (page, gpu) => Object.keys(page.gpus).find((g) => g.toLowerCase() === gpu) || gpu;

// syncForm sets the form's fields to the view.
export function syncForm(live, form) {
  const view = live.view;
  for (const field of form.elements) {
    if (field.name === "date") setSelectValue(field, view.date);
    else if (field.name === "y" || field.name === "x") field.value = view[field.name];
    else if (PRICES.includes(field.name)) {
      // The price in use: the reader's, else the config's; empty when there is none.
      const text = priceText(live.page, view, field.name, gpuKey(live.page, field.getAttribute("data-gpu")));
      if (field.value !== text && document.activeElement !== field) field.value = text;
    }
    else if (field.name === "acc" || field.name === "accall") field.checked = !!view.acc && (field.name === "acc" || !!view.acc.all);
    else if ((field.name === "accmin" || field.name === "acctask") && view.acc) {
      // The gate's values stay in the fields while it is off, for the reader to turn it back on.
      const text = field.name === "accmin" ? minText(view.acc.min) : view.acc.task;
      if (field.value !== text && document.activeElement !== field) field.value = text;
    }
    else if (FLAGS.includes(field.name)) field.checked = !!view[field.name];
    else if (LISTS.includes(field.name)) field.checked = !view[field.name] || view[field.name].includes(field.value);
  }
}

// readForm is the view the form shows; a filter with every value ticked is no filter.
export function readForm(live, form) {
  const view = defaultView(live.page);
  const lists = live.choices();
  view.y = form.elements.y.value;
  if (form.elements.x) view.x = form.elements.x.value;
  // The service level is set in its own form (sloview.js): it stays as it is.
  for (const key of ["slo", "sloInvalid", "pick", "tier"]) view[key] = live.view[key];
  const tiered = { tier: view.tier }; // the prices the view opens with in its tier
  for (const key of PRICES) {
    // A value other than the config's is the reader's; an emptied field goes back to the config.
    const own = {};
    for (const input of form.querySelectorAll('input[name="' + key + '"]')) {
      const gpu = input.getAttribute("data-gpu");
      const n = input.value.trim() === "" ? NaN : Number(input.value);
      const config = price(live.page, tiered, key, gpuKey(live.page, gpu));
      if (Number.isFinite(n) && n >= 0 && n !== config) own[gpu] = n;
    }
    view[key] = Object.keys(own).length ? own : null;
  }
  view.date = form.elements.date ? form.elements.date.value : view.date;
  for (const flag of FLAGS) view[flag] = !!(form.elements[flag] && form.elements[flag].checked);
  view.acc = gateOfForm(live, form, live.view.acc);
  for (const list of LISTS) {
    const boxes = form.querySelectorAll('input[name="' + list + '"]');
    if (!boxes.length) {
      view[list] = live.view[list];
      continue;
    }
    const ticked = Array.from(boxes).filter((b) => b.checked).map((b) => b.value);
    view[list] = ticked.length === lists[list].length ? null : ticked;
  }
  return view;
}
