// The chart's legend in HTML: text in the page, so that find-in-page and screen readers read
// every name whole, and a long name wraps rather than being cut short. Entries are grouped by
// GPU; each one's text is its chart series' name verbatim and its mark the series' marker (or
// line). The picture and the live chart draw the same legend from the same option, so nothing
// moves when ECharts takes over; ECharts' own legend is kept in the option, hidden, for its
// selection state (legend.show false).

import { element } from "./dom.js";
import { safeColor } from "./format.js";
import { t } from "./i18n.js";
import { GLOBAL } from "./option.js";

const SVG = "http://www.w3.org/2000/svg";

// MARKS are ECharts' marker shapes in a 12-px box, as the chart draws them.
const MARKS = {
  circle: "M1,6a5,5 0 1,0 10,0a5,5 0 1,0 -10,0Z",
  rect: "M1,1h10v10h-10Z",
  triangle: "M6,1L11,11H1Z",
  diamond: "M6,1L11,6L6,11L1,6Z",
  arrow: "M6,1L10,11L6,8.5L2,11Z",
  pin: "M6,11L2.5,6A4,4 0 1,1 9.5,6Z",
};
MARKS.roundRect = MARKS.rect;
MARKS.emptyCircle = MARKS.circle;

const colorOf = (c) => (/^rgba?\([\d.,\s%]+\)$/.test(c) ? c : safeColor(c));

// mark is an entry's 24×12 SVG: the scatter's marker over its frontier line's dash.
function mark(scatter, line) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", "24");
  svg.setAttribute("height", "12");
  svg.setAttribute("viewBox", "0 0 24 12");
  svg.setAttribute("aria-hidden", "true");
  if (line) {
    const style = line.lineStyle || {};
    const l = document.createElementNS(SVG, "line");
    const dash = Array.isArray(style.type) ? style.type.join(" ") : style.type === "dashed" ? "4 3" : style.type === "dotted" ? "1.5 2" : null;
    const attrs = { x1: 0, x2: 24, y1: 6, y2: 6, stroke: colorOf(style.color || (line.itemStyle || {}).color || "currentColor"), "stroke-width": 2 };
    if (dash) attrs["stroke-dasharray"] = dash;
    for (const [k, v] of Object.entries(attrs)) l.setAttribute(k, v);
    svg.appendChild(l);
  }
  if (scatter) {
    const s = scatter.itemStyle || {};
    const p = document.createElementNS(SVG, "path");
    p.setAttribute("d", MARKS[scatter.symbol] || MARKS.circle);
    p.setAttribute("transform", "translate(6 0)");
    p.setAttribute("fill", s.color === "transparent" ? "none" : safeColor(s.color));
    if (s.borderColor) {
      p.setAttribute("stroke", safeColor(s.borderColor));
      p.setAttribute("stroke-width", String(s.borderWidth || 1.5));
    }
    svg.appendChild(p);
  }
  return svg;
}

// markOf is an accuracy mark: a low eval with its score ("⚠ GSM8K 0.0%"), or a note's sign
// with its text for screen readers and as the title; text only, from the data.
function markOf(m) {
  if (m.kind === "low") return element("span", { class: "acc-mark low", title: t("accuracy.lowTitle"), text: "⚠ " + m.text });
  return element("span", { class: "acc-mark note", title: m.text }, [element("span", { "aria-hidden": "true", text: "ⓘ" }), element("span", { class: "vh", text: " " + m.text })]);
}

// legendGroups are the legend's entries grouped: {title, names} in the order the option's
// legend lists them, a group for each GPU (groupOf names it, "" for no group) in order of first
// appearance.
export function legendGroups(names, groupOf) {
  const groups = [];
  const byTitle = new Map();
  for (const name of names) {
    const title = groupOf(name) || "";
    if (!byTitle.has(title)) {
      const g = { title, names: [] };
      byTitle.set(title, g);
      groups.push(g);
    }
    byTitle.get(title).names.push(name);
  }
  return groups;
}

// renderLegend fills box with the legend of option (its legend.data, legend.selected and the
// series they name): a heading per group (groupOf a name), then a button per entry whose
// aria-pressed says whether the series is shown; toggle(name) runs on a click. marksOf(name),
// when given, lists an entry's accuracy marks ({kind: "low" | "note", text}), drawn after its
// name. The box keeps its scroll position across redraws.
export function renderLegend(box, option, groupOf, toggle, marksOf) {
  const legend = [].concat(option.legend || {})[0] || {};
  const selected = legend.selected || {};
  const scatters = new Map();
  const lines = new Map();
  for (const s of option.series || []) {
    const into = s.type === "scatter" ? scatters : lines;
    if (!into.has(s.name)) into.set(s.name, s);
  }
  const top = box.scrollTop;
  const left = box.scrollLeft;
  const out = [];
  for (const g of legendGroups((legend.data || []).map(String), groupOf)) {
    // A group's title is text, not a heading: the chart sits between the page's h1 and its
    // first h2, and a heading here would break their order.
    if (g.title) out.push(element("p", { class: "group", text: g.title }));
    out.push(element("ul", { "aria-label": g.title || null }, g.names.map((name) => {
      const button = element("button", { type: "button", "aria-pressed": selected[name] === false ? "false" : "true", "data-name": name }, [
        mark(scatters.get(name), lines.get(name)),
        element("span", { class: "name", text: name === GLOBAL ? t("legend.global") : name }),
      ].concat(marksOf ? marksOf(name).map(markOf) : []));
      return element("li", {}, [button]);
    })));
  }
  if (!box.hasAttribute("role")) {
    // A markdown chart block's box comes bare from the build.
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", t("legend.label"));
  }
  box.replaceChildren(...out);
  // Only a box scrolled is scrolled back: setting the position lays the page out at once, the
  // longest part of drawing a long legend on a phone, for nothing when it is at the top.
  if (top) box.scrollTop = top;
  if (left) box.scrollLeft = left;
  if (!box.frontierLegend) {
    // One listener for the box's life: the entries are redrawn, the box is not.
    box.frontierLegend = true;
    box.addEventListener("click", (e) => {
      const button = e.target.closest && e.target.closest("button[data-name]");
      if (button) box.frontierToggle(button.getAttribute("data-name"));
    });
  }
  box.frontierToggle = toggle;
  foldLegend(box);
}

// NARROW is the screen on which the legend is a box of fixed height under the chart
// (style.css): there a phone shows no scroll bar, so entries below the box's foot would be
// out of sight with no sign of them.
const NARROW = "(max-width: 900px)";

// foldLegend, on a narrow screen, folds a legend whose entries overflow its box behind a
// visible count: a button at the box's foot says how many entries are out of sight and
// unfolds the box to show every one (and folds it again). The button lies over the box's
// foot, so adding it moves nothing; unfolding is the reader's own doing. The entries it hides
// are out of reach (style.css's .under-fold) until then, so that the button covers no other
// target, and the keyboard goes from the last one in sight to the button. A wide screen's
// legend, beside the chart, scrolls with its scroll bar in sight, and is left alone.
export function foldLegend(box) {
  const narrow = typeof matchMedia === "function" && matchMedia(NARROW).matches;
  const entries = box.querySelectorAll("button[data-name]");
  for (const old of box.querySelectorAll(":scope > .legend-more")) old.remove();
  for (const e of entries) e.classList.remove("under-fold");
  box.classList.remove("folded");
  if (!narrow || box.frontierUnfolded === undefined && !(box.scrollHeight > box.clientHeight + 1)) {
    box.classList.toggle("unfolded", false);
    return;
  }
  if (box.frontierUnfolded === undefined) box.frontierUnfolded = false;
  const more = element("button", { type: "button", class: "legend-more", "aria-expanded": String(box.frontierUnfolded) });
  box.appendChild(more);
  box.classList.toggle("unfolded", box.frontierUnfolded);
  if (box.frontierUnfolded) {
    more.textContent = t("legend.fewer");
  } else {
    box.classList.add("folded");
    const foot = more.getBoundingClientRect().top;
    let hidden = 0;
    // An entry under the foot is out of sight, the one the button half covers too: hidden, so
    // that no target lies under the button (a tap there means the button).
    for (const e of entries) {
      if (e.getBoundingClientRect().bottom > foot + 1) {
        e.classList.add("under-fold");
        hidden++;
      }
    }
    if (hidden === 0) {
      more.remove();
      box.classList.remove("folded");
      box.frontierUnfolded = undefined;
      return;
    }
    more.textContent = t("legend.more", { hidden, all: entries.length });
  }
  more.addEventListener("click", (e) => {
    e.stopPropagation();
    box.frontierUnfolded = !box.frontierUnfolded;
    foldLegend(box);
  });
  if (!box.frontierFoldWatch) {
    box.frontierFoldWatch = true;
    if (typeof matchMedia === "function") matchMedia(NARROW).addEventListener("change", () => foldLegend(box));
  }
}
