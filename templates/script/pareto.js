// The browser twin of Go's site/pareto: the frontier, a Steffen monotone cubic and best-per-GPU,
// with the same floating-point operations in the same order as the Go code, so the page and the
// build agree (site/pareto's TestJavaScriptTwin runs this module under node to check it).

const SAMPLES = 9;

const betterFor = (higherY) => (higherY ? (a, b) => a > b : (a, b) => a < b);

// frontier returns the indices of the points no other point beats, in ascending x (equal x,
// only duplicates, by index). Higher x is better; higher y when higherY, else lower. q beats
// p when at least as good on both and strictly better on one. Only x > 0 and y not NaN count.
export const frontier = (xs, ys, higherY) => frontierDir(xs, ys, true, higherY);

// frontierDir is frontier with a direction on x too (lower x is better unless higherX: a
// latency), Go's FrontierDir: still in ascending x.
export function frontierDir(xs, ys, higherX, higherY) {
  const better = betterFor(higherY);
  const betterX = betterFor(higherX);
  const order = [];
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] > 0 && !Number.isNaN(ys[i])) order.push(i);
  }
  // x best first, then y best first, then index: a total order, as in Go.
  order.sort((i, j) => {
    if (xs[i] !== xs[j]) return betterX(xs[i], xs[j]) ? -1 : 1;
    if (ys[i] !== ys[j]) return better(ys[i], ys[j]) ? -1 : 1;
    return i - j;
  });
  const kept = []; // surviving runs of order, best x first
  let seen = false;
  let bestY = 0;
  for (let start = 0; start < order.length;) {
    const x = xs[order[start]];
    const groupY = ys[order[start]];
    let end = start;
    let dups = start;
    while (end < order.length && xs[order[end]] === x) {
      if (ys[order[end]] === groupY) dups++;
      end++;
    }
    if (!seen || better(groupY, bestY)) {
      kept.push(order.slice(start, dups));
      bestY = groupY;
      seen = true;
    }
    start = end;
  }
  return [].concat(...(higherX ? kept.reverse() : kept));
}

const sign = (v) => (v < 0 ? -1 : 1); // d3's: zero counts as positive
const finite = (v) => typeof v === "number" && Number.isFinite(v);

// monotone builds the Steffen interpolant (d3's curveMonotoneX) through the points: sorted by
// x, the first of equal x kept, non-finite points dropped. at(x) is the value, or null
// outside [first x, last x]; exact at knots, clamped to the neighbouring knots' y range.
export function monotone(xsIn, ysIn) {
  const order = [];
  for (let i = 0; i < xsIn.length; i++) {
    if (finite(xsIn[i]) && finite(ysIn[i])) order.push(i);
  }
  order.sort((i, j) => (xsIn[i] < xsIn[j] ? -1 : xsIn[i] > xsIn[j] ? 1 : i - j));
  const xs = [];
  const ys = [];
  for (const i of order) {
    if (xs.length > 0 && xs[xs.length - 1] === xsIn[i]) continue;
    xs.push(xsIn[i]);
    ys.push(ysIn[i]);
  }
  const n = xs.length;
  const slopes = new Array(n).fill(0);
  if (n === 2) {
    const s = (ys[1] - ys[0]) / (xs[1] - xs[0]);
    slopes[0] = s;
    slopes[1] = s;
  } else if (n > 2) {
    for (let k = 1; k < n - 1; k++) {
      const h0 = xs[k] - xs[k - 1];
      const h1 = xs[k + 1] - xs[k];
      const s0 = (ys[k] - ys[k - 1]) / h0;
      const s1 = (ys[k + 1] - ys[k]) / h1;
      const p = (s0 * h1 + s1 * h0) / (h0 + h1);
      const t = (sign(s0) + sign(s1)) * Math.min(Math.min(Math.abs(s0), Math.abs(s1)), 0.5 * Math.abs(p));
      slopes[k] = Number.isNaN(t) ? 0 : t;
    }
    const first = (ys[1] - ys[0]) / (xs[1] - xs[0]);
    slopes[0] = (3 * first - slopes[1]) / 2;
    const last = (ys[n - 1] - ys[n - 2]) / (xs[n - 1] - xs[n - 2]);
    slopes[n - 1] = (3 * last - slopes[n - 2]) / 2;
  }

  const at = (x) => {
    if (n === 0 || !(x >= xs[0] && x <= xs[n - 1])) return null;
    let lo = 0;
    let hi = n - 1; // first knot >= x, as Go's sort.SearchFloat64s
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    const i = lo;
    if (xs[i] === x) return ys[i];
    const x0 = xs[i - 1], x1 = xs[i], y0 = ys[i - 1], y1 = ys[i], m0 = slopes[i - 1], m1 = slopes[i];
    const h = x1 - x0;
    const s = (y1 - y0) / h;
    const a = ((m0 - s) + (m1 - s)) / (h * h);
    const b = (2 * (s - m0) + (s - m1)) / h;
    const d = x - x0;
    let y = y0 + d * (m0 + d * (b + d * a));
    const ylo = Math.min(y0, y1);
    const yhi = Math.max(y0, y1);
    if (!(y >= ylo)) y = ylo;
    if (!(y <= yhi)) y = yhi;
    return y;
  };

  return { xs, ys, at, domain: () => (n ? [xs[0], xs[n - 1]] : null) };
}

// valueAt is the frontier's interpolated value at x, or null outside its measured x range.
export const valueAt = (xs, ys, x) => monotone(xs, ys).at(x);

// bestPerGPU takes candidates [{gpu, x, y}] (frontier points) and returns {gpu: index}: the
// best mean over SAMPLES even x in the range all of the GPU's curves share, or the best
// single y when that range is empty or the GPU has one candidate. Ties: the earlier one.
export function bestPerGPU(candidates, higherY) {
  const better = betterFor(higherY);
  const byGPU = new Map(); // gpu -> candidate indices, in first-seen order
  const curves = candidates.map((c) => monotone(c.x, c.y));
  candidates.forEach((c, i) => {
    if (curves[i].xs.length === 0) return;
    if (!byGPU.has(c.gpu)) byGPU.set(c.gpu, []);
    byGPU.get(c.gpu).push(i);
  });
  const best = {};
  for (const [gpu, group] of byGPU) {
    let lo = -Infinity;
    let hi = Infinity;
    for (const i of group) {
      const [from, to] = curves[i].domain();
      lo = Math.max(lo, from);
      hi = Math.min(hi, to);
    }
    let winner = -1;
    let winnerScore = 0;
    for (const i of group) {
      let score;
      if (group.length > 1 && lo <= hi) {
        let sum = 0;
        for (let k = 0; k < SAMPLES; k++) {
          let x = lo + (hi - lo) * k / (SAMPLES - 1);
          if (x > hi) x = hi;
          sum += curves[i].at(x);
        }
        score = sum / SAMPLES;
      } else {
        const ys = curves[i].ys;
        score = ys[0];
        for (let j = 1; j < ys.length; j++) if (better(ys[j], score)) score = ys[j];
      }
      if (Number.isNaN(score)) continue;
      if (winner < 0 || better(score, winnerScore)) {
        winner = i;
        winnerScore = score;
      }
    }
    if (winner >= 0) best[gpu] = winner;
  }
  return best;
}
