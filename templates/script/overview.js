// The overview (templates/overview.html): every chart page against every GPU, as a percentage
// of a reference GPU at a reference interactivity. The build writes the default table; this
// redraws its cells for the reference the reader picks, kept in the URL fragment (x=50&ref=b200)
// so that a copied link opens the same table. Every cell's text goes in as text.

import { fmtNum } from "./format.js";
import { fragmentPairs } from "./view.js";
import { t } from "./i18n.js";

// HEAT_STEPS and HEAT_BINS are Go's heatSteps and heatBins (site/render/overview.go): the
// colour step is the log2 of the share in quarters, four each way.
const HEAT_STEPS = 4;
const HEAT_BINS = 4;

// heatClass is the cell's class for a share q of the reference's value (heatBin in Go).
export function heatClass(q) {
  const k = Math.max(-HEAT_BINS, Math.min(HEAT_BINS, Math.round(Math.log2(q) * HEAT_STEPS)));
  return "heat heat-" + (k < 0 ? "m" + -k : k > 0 ? "p" + k : "0");
}

// pairSlug is Go's pairSlug: the compare page's folder, the first GPU in slug order first.
export const pairSlug = (a, b) => (b < a ? b + "-vs-" + a : a + "-vs-" + b);

// fmtWhole is a value in a cell's title as the compare page's sentences write it (Go's
// fmtSentence): from 100 a whole number grouped by thousands, fmtNum below.
export function fmtWhole(v) {
  if (Math.abs(v) >= 100) return (v < 0 ? "-" : "") + Math.round(Math.abs(v)).toString().replace(/\B(?=(\d{3})+$)/g, ",");
  return fmtNum(v);
}

// readFragment is the reference a fragment asks for, the data's default for what it does not
// name or names wrongly.
export function readFragment(data, hash) {
  const pairs = new Map(fragmentPairs(hash));
  const x = Number(pairs.get("x"));
  const ref = pairs.get("ref");
  return {
    x: data.refs.includes(x) ? x : data.x,
    ref: data.gpus.some((g) => g.slug === ref) ? ref : data.ref,
  };
}

// cellOf is one cell for a choice: {text, cls, url, title}, Go's overviewCellOf twin.
export function cellOf(data, row, gpu, choice) {
  const xi = data.refs.indexOf(choice.x);
  // An agentic page is read at p90 interactivity, its points' x (Go's overviewRowDoc.Agentic).
  const x = row.agentic ? t("overview.atP90", { x: choice.x }) : choice.x + " tok/s/user";
  const refGPU = data.gpus.find((g) => g.slug === choice.ref) || { label: choice.ref };
  const values = row.values[gpu.slug];
  if (!values) return { text: "–", cls: "heat none", url: "", title: t("overview.notOnPage", { gpu: gpu.label }) };
  const cell = { text: "–", cls: "heat none", url: row.url + "compare/" + pairSlug(gpu.slug, choice.ref) + "/", title: "" };
  if (gpu.slug === choice.ref) cell.url = row.url + "#gpus=" + gpu.key;
  const refValues = row.values[choice.ref];
  const v = xi >= 0 ? values[xi] : null;
  const ref = refValues && xi >= 0 ? refValues[xi] : null;
  if (!refValues) {
    cell.title = t("overview.refNotOnPage", { ref: refGPU.label });
    cell.url = row.url;
  } else if (v == null) {
    cell.title = t("overview.notReached", { gpu: gpu.label, x });
  } else if (ref == null || ref === 0) {
    cell.title = t("overview.notReached", { gpu: refGPU.label, x });
  } else {
    const q = v / ref;
    cell.text = Math.round(100 * q) + "%";
    cell.cls = heatClass(q);
    cell.title = t("overview.against", { gpu: gpu.label, value: fmtWhole(v), ref: refGPU.label, refValue: fmtWhole(ref), x });
  }
  return cell;
}

// drawTable redraws one table's caption and cells for a choice: rows are the data's rows it
// holds, in its order.
function drawTable(data, table, rows, choice) {
  const refGPU = data.gpus.find((g) => g.slug === choice.ref);
  table.querySelector(".ref-label").textContent = refGPU ? refGPU.label : choice.ref;
  table.querySelector(".x-label").textContent = String(choice.x);
  const trs = table.tBodies[0].rows;
  rows.forEach((row, i) => {
    const cells = trs[i] ? trs[i].cells : [];
    data.gpus.forEach((gpu, j) => {
      const td = cells[j + 1];
      if (!td) return;
      const c = cellOf(data, row, gpu, choice);
      td.className = "num " + c.cls;
      td.title = c.title;
      td.textContent = "";
      if (c.url) {
        const a = document.createElement("a");
        a.href = c.url;
        a.textContent = c.text;
        td.appendChild(a);
      } else {
        td.textContent = c.text;
      }
    });
  });
}

// initOverview wires the overview's form and fragment; on other pages it does nothing. The
// fixed-length pages are in #overview, the agentic pages in #overview-agentic.
export function initOverview() {
  const source = document.getElementById("overview-data");
  const form = document.getElementById("overview-controls");
  if (!source || !form) return;
  const data = JSON.parse(source.textContent);
  const tables = [
    [document.getElementById("overview"), data.rows.filter((r) => !r.agentic)],
    [document.getElementById("overview-agentic"), data.rows.filter((r) => r.agentic)],
  ].filter(([table]) => table);
  if (!tables.length) return;
  const render = (choice) => {
    form.elements.x.value = String(choice.x);
    form.elements.ref.value = choice.ref;
    for (const [table, rows] of tables) drawTable(data, table, rows, choice);
  };
  const fromHash = () => render(readFragment(data, location.hash));
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("change", () => {
    const choice = { x: Number(form.elements.x.value), ref: form.elements.ref.value };
    history.replaceState(history.state, "", "#x=" + encodeURIComponent(choice.x) + "&ref=" + encodeURIComponent(choice.ref));
    render(choice);
  });
  window.addEventListener("hashchange", fromHash);
  if (location.hash) fromHash();
}
