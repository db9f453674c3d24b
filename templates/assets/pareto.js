// pareto.js: the browser twin of Go's site/pareto. Frontier, a Steffen monotone cubic and
// best-per-GPU, with the same floating-point operations in the same order as the Go code, so
// the page and the build agree (site/pareto's TestJavaScriptTwin checks it under node).
// A classic script: it defines window.FrontierPareto; under node it is also module.exports.
(function (root) {
  "use strict";

  // frontier returns the indices of the points no other point beats, in ascending x (equal x,
  // only duplicates, by index). Higher x is better; higher y when higherY, else lower. q beats
  // p when at least as good on both and strictly better on one. Only x > 0 and y not NaN count.
  function frontier(xs, ys, higherY) {
    var better = higherY ? function (a, b) { return a > b; } : function (a, b) { return a < b; };
    var idx = [];
    for (var i = 0; i < xs.length; i++) {
      if (xs[i] > 0 && !Number.isNaN(ys[i])) idx.push(i);
    }
    // x descending, then y best first, then index: a total order, as in Go.
    idx.sort(function (i, j) {
      if (xs[i] !== xs[j]) return xs[i] > xs[j] ? -1 : 1;
      if (ys[i] !== ys[j]) return better(ys[i], ys[j]) ? -1 : 1;
      return i - j;
    });
    var kept = []; // surviving runs of idx, highest x first
    var seen = false, bestY = 0;
    for (var g = 0; g < idx.length;) {
      var x = xs[idx[g]], groupY = ys[idx[g]];
      var end = g, dups = g;
      while (end < idx.length && xs[idx[end]] === x) {
        if (ys[idx[end]] === groupY) dups++;
        end++;
      }
      if (!seen || better(groupY, bestY)) {
        kept.push(idx.slice(g, dups));
        bestY = groupY;
        seen = true;
      }
      g = end;
    }
    var out = [];
    for (var k = kept.length - 1; k >= 0; k--) {
      for (var j = 0; j < kept[k].length; j++) out.push(kept[k][j]);
    }
    return out;
  }

  function sign(v) { return v < 0 ? -1 : 1; } // d3's: zero counts as positive
  function finite(v) { return typeof v === "number" && Number.isFinite(v); }

  // monotone builds the Steffen interpolant (d3's curveMonotoneX) through the points: sorted by
  // x, the first of equal x kept, non-finite points dropped. at(x) is the value, or null
  // outside [first x, last x]; exact at knots, clamped to the neighbouring knots' y range.
  function monotone(xsIn, ysIn) {
    var idx = [];
    for (var i = 0; i < xsIn.length; i++) {
      if (finite(xsIn[i]) && finite(ysIn[i])) idx.push(i);
    }
    idx.sort(function (i, j) {
      if (xsIn[i] < xsIn[j]) return -1;
      if (xsIn[i] > xsIn[j]) return 1;
      return i - j;
    });
    var xs = [], ys = [];
    idx.forEach(function (i) {
      if (xs.length > 0 && xs[xs.length - 1] === xsIn[i]) return;
      xs.push(xsIn[i]);
      ys.push(ysIn[i]);
    });
    var n = xs.length, ms = new Array(n).fill(0), s;
    if (n === 2) {
      s = (ys[1] - ys[0]) / (xs[1] - xs[0]);
      ms[0] = s;
      ms[1] = s;
    } else if (n > 2) {
      for (var k = 1; k < n - 1; k++) {
        var h0 = xs[k] - xs[k - 1];
        var h1 = xs[k + 1] - xs[k];
        var s0 = (ys[k] - ys[k - 1]) / h0;
        var s1 = (ys[k + 1] - ys[k]) / h1;
        var p = (s0 * h1 + s1 * h0) / (h0 + h1);
        var t = (sign(s0) + sign(s1)) * Math.min(Math.min(Math.abs(s0), Math.abs(s1)), 0.5 * Math.abs(p));
        ms[k] = Number.isNaN(t) ? 0 : t;
      }
      s = (ys[1] - ys[0]) / (xs[1] - xs[0]);
      ms[0] = (3 * s - ms[1]) / 2;
      s = (ys[n - 1] - ys[n - 2]) / (xs[n - 1] - xs[n - 2]);
      ms[n - 1] = (3 * s - ms[n - 2]) / 2;
    }

    function at(x) {
      if (n === 0 || !(x >= xs[0] && x <= xs[n - 1])) return null;
      var lo = 0, hi = n - 1; // first knot >= x, as Go's sort.SearchFloat64s
      while (lo < hi) {
        var mid = (lo + hi) >> 1;
        if (xs[mid] < x) lo = mid + 1; else hi = mid;
      }
      var i = lo;
      if (xs[i] === x) return ys[i];
      var x0 = xs[i - 1], x1 = xs[i], y0 = ys[i - 1], y1 = ys[i], m0 = ms[i - 1], m1 = ms[i];
      var h = x1 - x0;
      var s = (y1 - y0) / h;
      var a = ((m0 - s) + (m1 - s)) / (h * h);
      var b = (2 * (s - m0) + (s - m1)) / h;
      var d = x - x0;
      var y = y0 + d * (m0 + d * (b + d * a));
      var ylo = Math.min(y0, y1), yhi = Math.max(y0, y1);
      if (!(y >= ylo)) y = ylo;
      if (!(y <= yhi)) y = yhi;
      return y;
    }

    return { xs: xs, ys: ys, at: at, domain: function () { return n ? [xs[0], xs[n - 1]] : null; } };
  }

  // valueAt is the frontier's interpolated value at x, or null outside its measured x range.
  function valueAt(xs, ys, x) { return monotone(xs, ys).at(x); }

  var SAMPLES = 9;

  // bestPerGPU takes candidates [{gpu, x, y}] (frontier points) and returns {gpu: index}: the
  // best mean over SAMPLES even x in the range all of the GPU's curves share, or the best
  // single y when that range is empty or the GPU has one candidate. Ties: the earlier one.
  function bestPerGPU(cands, higherY) {
    var better = higherY ? function (a, b) { return a > b; } : function (a, b) { return a < b; };
    var gpus = [], byGPU = {}, curves = [];
    cands.forEach(function (c, i) {
      curves[i] = monotone(c.x, c.y);
      if (curves[i].xs.length === 0) return;
      if (!Object.prototype.hasOwnProperty.call(byGPU, c.gpu)) {
        gpus.push(c.gpu);
        byGPU[c.gpu] = [];
      }
      byGPU[c.gpu].push(i);
    });
    var best = {};
    gpus.forEach(function (gpu) {
      var group = byGPU[gpu], lo = -Infinity, hi = Infinity;
      group.forEach(function (i) {
        var dom = curves[i].domain();
        lo = Math.max(lo, dom[0]);
        hi = Math.min(hi, dom[1]);
      });
      var win = -1, winScore = 0;
      group.forEach(function (i) {
        var score;
        if (group.length > 1 && lo <= hi) {
          var sum = 0;
          for (var k = 0; k < SAMPLES; k++) {
            var x = lo + (hi - lo) * k / (SAMPLES - 1);
            if (x > hi) x = hi;
            sum += curves[i].at(x);
          }
          score = sum / SAMPLES;
        } else {
          var ys = curves[i].ys;
          score = ys[0];
          for (var j = 1; j < ys.length; j++) if (better(ys[j], score)) score = ys[j];
        }
        if (Number.isNaN(score)) return;
        if (win < 0 || better(score, winScore)) {
          win = i;
          winScore = score;
        }
      });
      if (win >= 0) best[gpu] = win;
    });
    return best;
  }

  var api = { frontier: frontier, monotone: monotone, bestPerGPU: bestPerGPU, valueAt: valueAt };
  root.FrontierPareto = api;
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : globalThis);
