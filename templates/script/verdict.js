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
// has none) against values[b], the baseline's, under rule {threshold, consecutive}: a drop is a
// regression only when each of the last consecutive dates, all after the baseline, is one
// against the baseline; one that has not lasted that long yet is suspicious.
export function since(values, b, higher, rule) {
  const n = values.length - 1;
  if (b < 0 || b >= n) return "insufficient";
  const v = judge(values[b], values[n], higher, rule.threshold);
  if (v !== "regression") return v;
  const c = Math.max(rule.consecutive || 1, 1);
  if (n - c < b) return "suspicious";
  for (let k = n - c + 1; k <= n; k++) {
    if (judge(values[b], values[k], higher, rule.threshold) !== "regression") return "suspicious";
  }
  return "regression";
}
