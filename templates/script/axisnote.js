// The note under the chart for an x axis that some points lack: a client that reports no
// median TTFT (or no p90 of a latency, as InferenceX's history rows) gives those points no
// value on that axis. They are not drawn there, and no other statistic stands in for the
// missing one (issue 35: a figure is never computed from another statistic than the one it
// names), so the note says how many are left out, of which series, and why. The build offers
// an axis when a point of the page has it (site/render's xAxesFor). On the default axis (the
// column x, median interactivity) the reason is the client's: its file gives no median time
// per output token, so the point is drawn only on the other axes (site/input's rawclient.go).

import { t } from "./i18n.js";
import { element } from "./dom.js";

// lowerFirst is a name inside a sentence: "Time to first token, median" as "time to first token, median".
const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);

// axisNote is the note's text for a computed view (model.js's compute), "" when every point of
// the series the filters show has a value on the chosen x axis.
export function axisNote(computed) {
  const { axis, rows } = computed;
  let n = 0;
  const parts = [];
  for (const row of rows) {
    if (!row.inView) continue;
    const lack = row.xs.filter((x) => Number.isNaN(x)).length;
    if (!lack) continue;
    n += lack;
    parts.push(t("axisnote.count", { series: row.series.name, n: lack }));
  }
  if (!n) return "";
  const vars = { n, axis: lowerFirst(axis.label), series: parts.join(t("list.separator")) };
  if (axis.col === "x") return n === 1 ? t("axisnote.xone", vars) : t("axisnote.xother", vars);
  return n === 1 ? t("axisnote.one", vars) : t("axisnote.other", vars);
}

// fallbackNote is the note of a page of which no point has a median interactivity (runs that
// did not stream): the build made it open on another axis (site/render's fallbackX, the first
// of the page's xAxes), and the note says why, whatever axis is chosen; "" for another page.
export function fallbackNote(page) {
  const first = (page.xAxes || [])[0];
  if (!first || first.col === "x") return "";
  return t("axisnote.fallback", { axis: lowerFirst(first.label) });
}

// totalNote is the note of a page of which no point has a total throughput (runs that counted
// no input tokens, as MLPerf LoadGen's): the build made its metric output throughput
// (page.noTotal, site/pipeline's assemble stage), and the note says why, whatever metric is
// chosen; "" for another page.
export function totalNote(page) {
  if (!page.noTotal) return "";
  const m = (page.metrics || []).find((x) => x.key === page.metric);
  return t("axisnote.nototal", { metric: lowerFirst(m ? m.label : page.metric) });
}

// renderAxisNote puts axisNote under the chart, after the metric's note (#chart-note) when
// there is one; it is made the first time a view needs it.
export function renderAxisNote(live) {
  const text = [fallbackNote(live.page), totalNote(live.page), axisNote(live.computed)].filter(Boolean).join(" ");
  let note = document.getElementById("axis-note");
  if (!note && !text) return;
  if (!note) {
    note = element("p", { id: "axis-note", class: "chart-note", role: "note" });
    const after = document.getElementById("chart-note") || live.element;
    after.parentNode.insertBefore(note, after.nextSibling);
  }
  note.hidden = !text;
  note.textContent = text;
}
