// The service level on a chart page (issue 46): the SLO section's form (a row per limit,
// the presets, the picks' ranking and the price tier), the note under the chart and the
// picks table above the points table. The rule itself is slo.js'; model.js' compute applies
// it. The HTML builders are pure (node --test runs them), every string escaped.

import { escapeHTML, isCost, safeColor } from "./format.js";
import { fmtValue, gateName, num, t, tHTML } from "./i18n.js";
import { element } from "./dom.js";
import { column, metricName } from "./model.js";
import { CATALOG, parseGate, presetsOf, tierOf, tiersOf } from "./slo.js";

// metricInfo is a gated metric as the page names it: {label, unit, key}. An x axis the page
// offers has its page names; cost its metric's; any other catalog key its key.
export function metricInfo(page, key) {
  const axis = (page.xAxes || []).find((a) => a.key === key);
  if (axis) return { key, label: axis.label, unit: axis.unit };
  const m = (page.metrics || []).find((x) => x.key === key);
  if (m) return { key, label: m.label, unit: m.unit };
  // A statistic the page measured nowhere: its name from the catalog the build hands on.
  return { key, label: gateName(key) || key, unit: key === "costPerMTok" ? "$/M tokens" : "" };
}

// limitText is a limit with its unit ("2 s", "$0.5"), as the note and the table show it.
export function limitText(page, term) {
  const info = metricInfo(page, term.metric);
  // As written in the gate: 2 s, not 2.00 s.
  if (term.metric === "costPerMTok") return "$" + term.limit;
  return term.limit + (info.unit ? " " + info.unit : "");
}

// gatePhrase is a gate as a phrase: "Time to first token, p99 ≤ 2 s, Interactivity, p99 ≥ 20 tok/s/user".
export function gatePhrase(page, terms) {
  return terms.map((term) => {
    const vars = { metric: metricInfo(page, term.metric).label, limit: limitText(page, term) };
    return term.floor ? t("slo.floor", vars) : t("slo.ceiling", vars);
  }).join(t("list.separator"));
}

// invalidText says which parts of a gate were not understood and why, "" when none were.
export function invalidText(invalid) {
  if (!invalid || !invalid.length) return "";
  return t("slo.invalid", { terms: invalid.map((x) => whyText(x)).join(t("list.separator")) });
}

// whyText says why a part of a gate was not understood (slo.js' reasons).
function whyText(x) {
  const vars = { text: x.text };
  switch (x.reason) {
    case "form": return t("slo.why_form", vars);
    case "metric": return t("slo.why_metric", vars);
    case "limit": return t("slo.why_limit", vars);
    default: return t("slo.why_preset", vars);
  }
}

// noteText is the note under the chart for a computed view with a gate: what it removed from
// the series the filters pass, the points lacking a gated statistic (counted by statistic), the
// GPUs without a price in the tier when cost is gated or drawn, and the parts of the link not
// understood. "" when there is nothing to say.
export function noteText(page, computed) {
  const view = computed.view;
  const parts = [];
  if (view.slo && view.slo.terms.length) {
    // A point lacking a gated statistic is not judged: it is counted apart, never as failing.
    let removed = 0;
    let total = 0;
    let judged = 0;
    const missing = {};
    for (const row of computed.rows) {
      if (!row.pass || !row.slo) continue;
      removed += row.slo.pass.filter((ok) => !ok).length - row.slo.unjudged;
      total += row.slo.pass.length;
      judged += row.slo.pass.length - row.slo.unjudged;
      for (const [m, n] of Object.entries(row.slo.missing)) missing[m] = (missing[m] || 0) + n;
    }
    if (total && !judged) {
      const none = view.slo.terms.filter((x, k, all) => missing[x.metric] === total && all.findIndex((y) => y.metric === x.metric) === k);
      parts.push(t("slo.unjudged", { metrics: none.map((x) => metricInfo(page, x.metric).label).join(t("list.separator")) || gatePhrase(page, view.slo.terms) }));
      return parts.join(" ");
    }
    parts.push(t("slo.note", { gate: gatePhrase(page, view.slo.terms), removed }));
    for (const term of view.slo.terms) {
      const n = missing[term.metric];
      if (n) {
        missing[term.metric] = 0;
        parts.push(t("slo.missing", { n, metric: metricInfo(page, term.metric).label }));
      }
    }
  }
  const costly = isCost(computed.metric.key) || (view.slo && view.slo.terms.some((x) => x.metric === "costPerMTok"));
  const tier = tierOf(page, view);
  if (costly && tier) {
    const lacking = Object.keys(page.gpus || {}).sort().filter((g) => {
      const gpu = page.gpus[g];
      return gpu.costs && typeof gpu.costs[tier] !== "number" && !(view.cost && Object.prototype.hasOwnProperty.call(view.cost, g.toLowerCase()));
    }).map((g) => page.gpus[g].label || g);
    if (lacking.length) parts.push(t("slo.noTier", { tier, gpus: lacking.join(t("list.separator")) }));
  }
  const bad = invalidText(view.sloInvalid);
  if (bad) parts.push(bad);
  return parts.join(" ");
}

// picksHTML is the picks table of a computed view as HTML ("" without a gate): per GPU its
// pick's configuration, concurrency, date, x and y, and each gated statistic beside its limit;
// a GPU with no point that meets the gate says so. Each cell names its column (data-label), so
// that a phone shows the rows as cards rather than widening the page.
export function picksHTML(page, computed) {
  const view = computed.view;
  if (!computed.picks || !view.slo) return "";
  const { axis, metric } = computed;
  const terms = view.slo.terms;
  const ranked = view.pick === "x" ? axis : metric;
  const heads = [t("slo.gpu"), t("table.configuration"), t("table.concurrency"), t("table.date"), axis.axis || axis.label, metricName(metric)]
    .concat(terms.map((x) => metricInfo(page, x.metric).label));
  let html = '<table class="data picks" id="picks"><caption>' + tHTML("slo.caption", { gate: escapeHTML(gatePhrase(page, terms)), metric: escapeHTML(ranked.label) }) +
    "</caption><thead><tr>" + heads.map((h, i) => '<th scope="col"' + (i >= 2 ? ' class="num"' : "") + ">" + escapeHTML(h) + "</th>").join("") + "</tr></thead><tbody>";
  const conc = column(page, "conc");
  const date = column(page, "date");
  for (const p of computed.picks) {
    const gpu = (page.gpus && page.gpus[p.gpu]) || {};
    const gpuCell = '<th scope="row" data-label="' + escapeHTML(heads[0]) + '"><span class="swatch" style="background-color:' + safeColor(gpu.color || "") + '"></span>' + escapeHTML(gpu.label || p.gpu) + "</th>";
    if (!p.row) {
      const lacks = unjudgedOf(computed, p.gpu, terms);
      const why = lacks ? tHTML("slo.noneUnjudged", { metrics: escapeHTML(lacks.map((m) => metricInfo(page, m).label).join(t("list.separator"))) }) : tHTML("slo.none");
      html += '<tr class="no-pick' + (lacks ? " unjudged" : "") + '">' + gpuCell + '<td colspan="' + (heads.length - 1) + '">' + why + "</td></tr>";
      continue;
    }
    const point = p.row.series.points[p.i];
    const cell = (k, text, cls) => "<td" + (cls ? ' class="' + cls + '"' : "") + ' data-label="' + escapeHTML(heads[k]) + '">' + escapeHTML(text) + "</td>";
    html += '<tr data-series="' + escapeHTML(p.row.series.key) + '">' + gpuCell + cell(1, p.row.series.name) +
      cell(2, point[conc] == null ? "" : String(point[conc]), "num") + cell(3, point[date] == null ? "" : String(point[date]), "num") +
      cell(4, num(p.row.xs[p.i]), "num") + cell(5, fmtValue(metric, p.row.ys[p.i]), "num");
    terms.forEach((term, k) => {
      const v = p.row.slo.values[term.metric][p.i];
      const info = metricInfo(page, term.metric);
      const text = term.metric === "costPerMTok" ? fmtValue(info, v) : num(v);
      html += cell(6 + k, t("slo.value", { value: text, limit: (term.floor ? "≥ " : "≤ ") + limitText(page, term) }), "num");
    });
    html += "</tr>";
  }
  return html + "</tbody></table>";
}

// unjudgedOf is, for a GPU none of whose shown points gives every gated statistic, the gated
// metrics none of them gives (at least one); null when some point of the GPU can be judged.
function unjudgedOf(computed, gpu, terms) {
  let total = 0;
  let judged = 0;
  const missing = {};
  for (const row of computed.rows) {
    if (!row.pass || !row.slo || row.series.gpu !== gpu) continue;
    total += row.slo.pass.length;
    judged += row.slo.pass.length - row.slo.unjudged;
    for (const [m, n] of Object.entries(row.slo.missing)) missing[m] = (missing[m] || 0) + n;
  }
  if (!total || judged) return null;
  const none = [...new Set(terms.map((x) => x.metric))].filter((m) => missing[m] === total);
  return none.length ? none : [...new Set(terms.map((x) => x.metric))];
}

// pickedSet is the points the picks name, as "seriesKey#index", for the shown points' CSV.
export function pickedSet(computed) {
  const set = new Set();
  for (const p of (computed && computed.picks) || []) if (p.row) set.add(p.row.series.key + "#" + p.i);
  return set;
}

// metricOptions are the form's metric menu: the catalog's metrics, named as the page names them.
const metricOptions = (page, chosen) => CATALOG.map((m) => element("option", { value: m.key, selected: m.key === chosen }, [metricInfo(page, m.key).label]));

// termRow is one row of the form: a metric menu, a limit field and a button that removes it.
function termRow(page, term) {
  return element("p", { class: "slo-term" }, [
    element("label", {}, [t("slo.metric") + " ", element("select", { name: "slo-metric" }, metricOptions(page, term ? term.metric : "p99_ttft"))]),
    " ",
    element("label", {}, [t("slo.limit") + " ", element("input", { name: "slo-limit", inputmode: "decimal", size: "6", value: term ? String(term.limit) : "" })]),
    " ",
    element("button", { type: "button", class: "slo-remove", text: t("slo.remove") }),
  ]);
}

// initSLO wires the SLO section (slo.html) of a chart page: onDrawn(fn) runs fn after each
// drawing, show(view) shows a view. Without the section it does nothing.
export function initSLO(live, onDrawn, show) {
  const section = document.getElementById("slo");
  const form = document.getElementById("slo-form");
  if (!section || !form) return;
  const page = live.page;
  const message = document.getElementById("slo-message") || element("p");
  const box = document.getElementById("picks-box") || element("div");
  const rows = element("div", { class: "slo-rows" });
  const rank = element("select", { name: "slo-pick" }, [
    element("option", { value: "y" }, [t("slo.rankY")]), element("option", { value: "x" }, [t("slo.rankX")])]);
  const tiers = tiersOf(page);
  const tier = element("select", { name: "slo-tier" }, tiers.map((x, i) => element("option", { value: x }, [i ? x : t("slo.tierDefault", { tier: x })])));
  // The form is made after the first drawing (onDrawn below): it is far below the first screen.
  const build = () => form.append(element("fieldset", {}, [
    element("legend", { text: t("slo.legend") }),
    rows,
    element("p", { class: "slo-actions" }, [
      element("button", { type: "button", class: "slo-add", text: t("slo.add") }), " ",
      element("label", {}, [t("slo.rankBy") + " ", rank]), " ",
      tiers.length ? element("label", {}, [t("slo.tier") + " ", tier]) : null, " ",
      element("button", { type: "submit", text: t("slo.apply") }), " ",
      element("button", { type: "button", class: "slo-clear", text: t("slo.clear") }),
    ]),
  ]));
  let built = false;
  let shown = null; // the gate the rows were last written for
  const sync = () => {
    const view = live.view;
    rank.value = view.pick === "x" ? "x" : "y";
    if (tiers.length) tier.value = tierOf(page, view);
    // The preset in force is marked as the current choice.
    for (const a of section.querySelectorAll("a[data-slo]")) {
      if (view.slo && view.slo.preset === a.getAttribute("data-slo")) a.setAttribute("aria-current", "true");
      else a.removeAttribute("aria-current");
    }
    const key = view.slo ? JSON.stringify(view.slo.terms) : "";
    if (key === shown) return;
    shown = key;
    rows.textContent = "";
    for (const term of view.slo ? view.slo.terms : [null]) rows.append(termRow(page, term));
  };
  const apply = (slo, invalid) => show(Object.assign({}, live.view, { slo, sloInvalid: invalid || [], pick: rank.value, tier: tiers.length && tier.value !== tiers[0] ? tier.value : "" }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = Array.from(rows.querySelectorAll(".slo-term"), (row) => {
      const limit = row.querySelector("input").value.trim();
      return limit === "" ? "" : row.querySelector("select").value + ":" + limit;
    }).filter(Boolean).join(",");
    const g = parseGate(text, []);
    // Invalid terms get a message and change nothing.
    message.textContent = invalidText(g.invalid);
    if (g.invalid.length) return;
    apply(g.terms.length ? { terms: g.terms, preset: "" } : null);
  });
  form.addEventListener("change", (e) => {
    if (e.target === rank || e.target === tier) apply(live.view.slo);
  });
  form.addEventListener("click", (e) => {
    const target = e.target;
    if (target.classList.contains("slo-add")) rows.append(termRow(page, null));
    else if (target.classList.contains("slo-remove")) {
      target.closest(".slo-term").remove();
      if (!rows.firstChild) rows.append(termRow(page, null));
    } else if (target.classList.contains("slo-clear")) {
      message.textContent = "";
      apply(null);
    }
  });
  section.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest("a[data-slo]");
    if (!a) return;
    e.preventDefault();
    const g = parseGate(a.getAttribute("data-slo"), presetsOf(page));
    message.textContent = "";
    if (g.terms.length) apply({ terms: g.terms, preset: g.preset });
  });
  onDrawn(() => {
    if (!built) {
      built = true;
      build();
    }
    sync();
    box.innerHTML = picksHTML(page, live.computed);
    const text = noteText(page, live.computed);
    let note = document.getElementById("slo-note");
    if (!note && !text) return;
    if (!note) {
      note = element("p", { id: "slo-note", class: "chart-note", role: "note" });
      const wrap = live.element.parentNode;
      wrap.parentNode.insertBefore(note, wrap.nextSibling);
    }
    note.hidden = !text;
    note.textContent = text;
  });
}
