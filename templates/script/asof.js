// A chart page's history as rows (package site/history): every measured point stored once,
// in chunks, and the snapshot of any date derived here by the as-of rule, Go's asOf twin (both
// held to the asOf cases of testdata/twins.json): on a date, each configuration shows, for each
// slot (a topology and concurrency of raw results, a whole dataset of the inference view), the
// rows of the newest date on or before it; an undated row ("") is older than every date.
// Pure, so node --test runs it.

import * as pareto from "./pareto.js";

// asOf returns the indices (ascending) of the rows ([{series, slot, date}]) shown on date.
export function asOf(rows, date) {
  const newest = new Map();
  rows.forEach((r) => {
    if (r.date > date) return;
    const key = r.series + "\u0000" + r.slot;
    const d = newest.get(key);
    if (d === undefined || r.date > d) newest.set(key, r.date);
  });
  const out = [];
  rows.forEach((r, i) => {
    if (r.date <= date && newest.get(r.series + "\u0000" + r.slot) === r.date) out.push(i);
  });
  return out;
}

// chunksFor lists the chunks (indices into history.chunks) the snapshot of date needs: the
// chunk its date falls in and the earlier ones holding rows still shown then.
export function chunksFor(history, date) {
  let c = -1;
  history.chunks.forEach((chunk, i) => {
    if (chunk.from <= date) c = i;
  });
  if (c < 0) return [];
  return history.chunks[c].needs.concat([c]);
}

const metas = new WeakMap(); // page -> its history's series in full

// seriesMeta is the history's series i in full: the page data names one of the newest
// snapshot by its key alone, and the page's own series has the rest.
export function seriesMeta(page, i) {
  if (!metas.has(page)) {
    metas.set(page, page.history.series.map((s) => {
      if (s.name !== undefined) return s;
      const own = page.series.find((x) => x.key === s.key) || s;
      const meta = Object.assign({}, own);
      delete meta.points;
      delete meta.frontier;
      delete meta.best;
      delete meta.date;
      return meta;
    }));
  }
  return metas.get(page)[i];
}

// decodeChunk turns a chunk file into rows [{series, slot, date, point}], point an array in
// the chunk's columns (the page's cols); a column written as a number is a copy of the
// column of that index.
export function decodeChunk(chunk) {
  const strCol = new Set(chunk.strCols);
  // A number in place of a column's values: the same values as that (earlier) column's.
  const raw = chunk.c.map((values) => (typeof values === "number" ? chunk.c[values] : values));
  const cols = raw.map((values, j) => (strCol.has(j) ? values.map((v) => chunk.strs[v]) : values));
  return chunk.s.map((series, i) => ({
    series, slot: chunk.k[i], date: chunk.strs[chunk.d[i]],
    point: cols.map((values) => values[i]),
  }));
}

const cmpStr = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// snapshotAt derives the snapshot of date from the rows of its chunks (decodeChunk's, in any
// order): the page's series as the build writes them for that date, points in the build's order
// (x, then y, then id) and each series' frontier, series sorted as the build sorts them (GPU,
// name, key).
export function snapshotAt(page, rows, date) {
  const cols = page.cols;
  const x = cols.indexOf("x");
  // The points' y as the build's: total throughput, or output throughput on a page of which
  // no point has a total (page.noTotal); a point without it (null) is on no frontier.
  const y = cols.indexOf(page.noTotal ? "outputTputPerGpu" : "tpPerGpu");
  const id = cols.indexOf("id");
  const bySeries = new Map();
  for (const i of asOf(rows, date)) {
    const r = rows[i];
    if (!bySeries.has(r.series)) bySeries.set(r.series, []);
    bySeries.get(r.series).push(r);
  }
  const series = [];
  for (const [index, rs] of bySeries) {
    const points = rs.map((r) => r.point);
    points.sort((a, b) => a[x] - b[x] || a[y] - b[y] || a[id] - b[id]);
    const s = Object.assign({}, seriesMeta(page, index));
    s.points = points;
    s.date = rs.reduce((d, r) => (r.date > d ? r.date : d), "");
    s.frontier = pareto.frontier(points.map((p) => p[x]), points.map((p) => (typeof p[y] === "number" ? p[y] : NaN)), true);
    series.push(s);
  }
  series.sort((a, b) => cmpStr(a.gpu, b.gpu) || cmpStr(a.name, b.name) || cmpStr(a.key, b.key));
  return { date, series };
}

// trendAt is a trend table's value of configuration i on date index d (carried forward from
// its last change on or before it) at reference r, null where it has none.
export function trendAt(table, i, d, r) {
  let v = null;
  for (const cell of table.lines[i] || []) {
    if (cell[0] > d) break;
    v = cell[1 + r];
  }
  return v == null || !Number.isFinite(v) ? null : v;
}
