// The change table's verdicts (trend.js), twin of package verdict's Rule.Judge and Rule.Since
// (site/verdict; docs/verdicts.md states the rule). Both are held to testdata/verdicts.json.

// judge labels the move from old to now of a value that is better higher (or lower, with
// higher false: a cost, where the signs turn) under a threshold in percent: regression or
// improvement beyond it, noise within it, insufficient without both values.
export function judge(old, now, higher, threshold) {
  if (old == null || now == null || !(old > 0) || !Number.isFinite(now)) return "insufficient";
  const change = (now / old - 1) * 100;
  if (Math.abs(change) <= threshold + 1e-9) return "noise"; // exactly the threshold, in floating point
  return (higher ? change > 0 : change < 0) ? "improvement" : "regression";
}

// since is the verdict of the newest of values (one per date, oldest first; null where a date
// has none) against values[b], the baseline's, under rule {threshold, consecutive}. spreads,
// when given, are each date's run-to-run range at the reference in percent of its value (0 or
// null for single runs: the trend table's "spread"); each comparison's threshold widens to the
// baseline's and that date's, as frontier diff widens its own. A drop is a regression only when
// each of the last consecutive dates, all after the baseline, is one against the baseline; one
// that has not lasted that long yet is suspicious.
export function since(values, b, higher, rule, spreads) {
  const n = values.length - 1;
  if (b < 0 || b >= n) return "insufficient";
  const spread = (k) => (spreads && spreads[k] > 0 ? spreads[k] : 0);
  const at = (k) => judge(values[b], values[k], higher, Math.max(rule.threshold, spread(b), spread(k)));
  const v = at(n);
  if (v !== "regression") return v;
  const c = Math.max(rule.consecutive || 1, 1);
  if (n - c < b) return "suspicious";
  for (let k = n - c + 1; k <= n; k++) {
    if (at(k) !== "regression") return "suspicious";
  }
  return "regression";
}

// spreadAt is a trend table's run-to-run range of configuration i on date index d (its state
// then: the last change on or before d, as trendAt reads its value) at reference r, in percent
// of the value; 0 where it has none. A state of repeated runs has its spreads after its values
// ([dateIndex, values..., spreads...]); one of single runs ends with its values.
export function spreadAt(table, i, d, r) {
  let s = 0;
  for (const cell of table.lines[i] || []) {
    if (cell[0] > d) break;
    s = cell[1 + table.refX.length + r];
  }
  return s > 0 ? s : 0;
}
