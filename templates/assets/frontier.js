/* Frontier's page script: the chart page (controls, chart, leaders and points tables, a view
   kept in the URL fragment) and the live charts of markdown pages. A classic script over the
   globals echarts and FrontierPareto (pareto.js, which the build puts before this file).
   Every string from the data reaches the DOM as text, and the chart's tooltips through
   echarts.format.encodeHTML. */
(function () {
  "use strict";
  var P = window.FrontierPareto;
  var GLOBAL = "Global frontier";
  // The fragment's keys, in the order a link writes them: DESIGN.md's, plus vendors, logx and
  // global. Lists filter (OR inside a list, AND across lists); flags are 1 or left out.
  var LISTS = ["gpus", "vendors", "frameworks", "spec", "precisions"];
  var FLAGS = ["log", "logx", "optimal", "best", "global"];
  var LIST_TITLES = { gpus: "GPU", vendors: "Vendor", frameworks: "Framework", spec: "Speculative decoding", precisions: "Precision" };

  function enc(s) { return echarts.format.encodeHTML(String(s == null ? "" : s)); }
  function lc(s) { return String(s == null ? "" : s).toLowerCase(); }
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  function color(c) { return /^#[0-9a-f]{3,8}$/i.test(c) ? c : "#888888"; }
  function find(list, f) { for (var i = 0; i < list.length; i++) if (f(list[i])) return list[i]; return null; }

  // ---- numbers, as a reader reads them

  // fmtNum is Go's fmtNum (site/chartpage.go), so the server-rendered table and ours agree,
  // plus thousands separators from 10,000 (tokens per MW run into millions).
  function fmtNum(v) {
    if (typeof v !== "number" || !isFinite(v)) return "";
    var a = Math.abs(v);
    if (a >= 1e4) return Math.round(v).toLocaleString("en-US");
    return v.toFixed(a >= 1000 ? 0 : a >= 100 ? 1 : 2);
  }
  function fmtValue(m, v) {
    if (typeof v !== "number" || !isFinite(v)) return "";
    if (m.key !== "costPerMTok") return fmtNum(v);
    return "$" + (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : String(+v.toPrecision(3)));
  }
  // compact is an axis label: 12000 gives 12k.
  function compact(v) {
    var a = Math.abs(v), s = a >= 1e6 ? "M" : a >= 1e3 ? "k" : "";
    var d = s === "M" ? 1e6 : s === "k" ? 1e3 : 1;
    return String(+(v / d).toPrecision(4)) + s;
  }

  // ---- the model: metrics, filters, views

  function col(d, name) { return d.cols.indexOf(name); }
  function metricOf(d, key) { return find(d.metrics, function (m) { return m.key === key; }); }
  function specOf(s) { return lc(s.spec) || "none"; }

  // facet is the value a series has for a filter list.
  function facet(s, key) {
    switch (key) {
      case "gpus": return lc(s.gpu);
      case "vendors": return lc(s.vendor);
      case "frameworks": return lc(s.framework);
      case "spec": return specOf(s);
      default: return lc(s.precision);
    }
  }
  function facetLabel(d, s, key) {
    switch (key) {
      case "gpus": return (d.gpus[s.gpu] && d.gpus[s.gpu].label) || s.gpu;
      case "vendors": return s.vendor;
      case "frameworks": return (d.frameworks && d.frameworks[s.framework]) || s.framework;
      case "spec": return specOf(s) === "none" ? "None" : String(s.spec).toUpperCase();
      default: return String(s.precision).toUpperCase();
    }
  }

  // choices lists each filter's values over every snapshot loaded so far, in series order.
  function choices(app) {
    var ch = {};
    LISTS.forEach(function (k) { ch[k] = []; });
    Object.keys(app.snaps).sort().reverse().forEach(function (date) {
      app.snaps[date].series.forEach(function (s) {
        LISTS.forEach(function (k) {
          var v = facet(s, k);
          if (!find(ch[k], function (c) { return c.value === v; })) {
            ch[k].push({ value: v, label: facetLabel(app.d, s, k), color: k === "gpus" && app.d.gpus[s.gpu] ? app.d.gpus[s.gpu].color : "" });
          }
        });
      });
    });
    return ch;
  }

  function defaultView(d) {
    var v = { y: d.metric, date: d.dates[0] || "" };
    LISTS.forEach(function (k) { v[k] = null; });
    FLAGS.forEach(function (k) { v[k] = false; });
    return v;
  }

  function fragmentPairs(hash) {
    var out = [];
    String(hash || "").replace(/^#/, "").split("&").forEach(function (part) {
      var i = part.indexOf("=");
      if (i <= 0) return;
      try { out.push([part.slice(0, i), decodeURIComponent(part.slice(i + 1))]); } catch (e) { /* bad escape: ignored */ }
    });
    return out;
  }
  function dateIn(d, hash) {
    var p = find(fragmentPairs(hash), function (p) { return p[0] === "date"; });
    return p && d.dates.indexOf(p[1]) >= 0 ? p[1] : d.dates[0] || "";
  }

  // parseView reads a fragment over the default view. Unknown keys, unknown values and
  // malformed parts are ignored, never an error; a list naming every value is the default.
  function parseView(app, hash) {
    var d = app.d, v = defaultView(d), ch = choices(app);
    fragmentPairs(hash).forEach(function (p) {
      var k = p[0], val = p[1];
      if (k === "y") {
        var m = find(d.metrics, function (m) { return lc(m.key) === lc(val); });
        if (m) v.y = m.key;
      } else if (k === "date") {
        if (d.dates.indexOf(val) >= 0) v.date = val;
      } else if (LISTS.indexOf(k) >= 0) {
        var ok = ch[k].map(function (c) { return c.value; });
        var list = [];
        val.split(",").forEach(function (x) {
          x = lc(x.trim());
          if (ok.indexOf(x) >= 0 && list.indexOf(x) < 0) list.push(x);
        });
        v[k] = list.length && list.length < ok.length ? ok.filter(function (x) { return list.indexOf(x) >= 0; }) : null;
      } else if (FLAGS.indexOf(k) >= 0 && (val === "1" || val === "0")) {
        v[k] = val === "1";
      }
    });
    return v;
  }

  // fragmentOf writes a view as a fragment (without '#'), defaults left out.
  function fragmentOf(d, v) {
    var parts = [];
    if (v.y !== d.metric) parts.push("y=" + encodeURIComponent(v.y));
    if (v.date && v.date !== d.dates[0]) parts.push("date=" + encodeURIComponent(v.date));
    LISTS.forEach(function (k) { if (v[k]) parts.push(k + "=" + v[k].map(encodeURIComponent).join(",")); });
    FLAGS.forEach(function (k) { if (v[k]) parts.push(k + "=1"); });
    return parts.join("&");
  }

  // yValues is the chosen metric for every point of a series; NaN where it cannot be computed.
  // Cost per million tokens = $/h / (tok/s * 3600) * 1e6; tokens per MW = tok/s / kW * 1000,
  // both from the total token throughput per GPU.
  function yValues(d, key, s) {
    var g = d.gpus[s.gpu] || {}, tp = col(d, "tpPerGpu"), i = col(d, key);
    return s.points.map(function (pt) {
      var y;
      if (key === "costPerMTok") y = g.costPerHour / (pt[tp] * 3600) * 1e6;
      else if (key === "tokPerMW") y = pt[tp] / g.kw * 1000;
      else y = i >= 0 ? pt[i] : NaN;
      return typeof y === "number" && isFinite(y) ? y : NaN;
    });
  }

  function byKey(a, b) { return a.s.key < b.s.key ? -1 : a.s.key > b.s.key ? 1 : 0; }

  // compute works out what a view shows of a snapshot: per series its y values, frontier (for
  // the metric, with its polarity), whether the filters pass it, whether it is shown (filters,
  // best per GPU, legend clicks in sel) and which points; and the global frontier.
  function compute(d, snap, v, sel) {
    var m = metricOf(d, v.y) || d.metrics[0], xi = col(d, "x");
    var rows = snap.series.map(function (s) {
      var xs = s.points.map(function (pt) { return pt[xi]; }), ys = yValues(d, m.key, s);
      var front = m.key === d.metric && s.frontier ? s.frontier : P.frontier(xs, ys, m.higher);
      var pass = LISTS.every(function (k) { return !v[k] || v[k].indexOf(facet(s, k)) >= 0; });
      return { s: s, xs: xs, ys: ys, front: front, pass: pass, best: false };
    });
    if (v.best) {
      var cands = rows.filter(function (r) { return r.pass; }).sort(byKey); // ties: hwKey order
      var win = P.bestPerGPU(cands.map(function (r) {
        return { gpu: r.s.gpu, x: r.front.map(function (i) { return r.xs[i]; }), y: r.front.map(function (i) { return r.ys[i]; }) };
      }), m.higher);
      Object.keys(win).forEach(function (g) { cands[win[g]].best = true; });
    }
    var gx = [], gy = [], who = [];
    rows.forEach(function (r) {
      r.inView = r.pass && (!v.best || r.best);
      r.visible = r.pass && (has(sel, r.s.name) ? sel[r.s.name] : r.inView);
      var onFront = {};
      r.front.forEach(function (i) { onFront[i] = true; });
      r.onFront = onFront;
      r.shown = [];
      r.ys.forEach(function (y, i) { if ((!v.optimal || onFront[i]) && !isNaN(y)) r.shown.push(i); });
      if (r.visible) r.shown.forEach(function (i) { gx.push(r.xs[i]); gy.push(r.ys[i]); who.push([r, i]); });
    });
    var global = P.frontier(gx, gy, m.higher).map(function (j) { return [gx[j], gy[j]]; });
    return { m: m, rows: rows, global: global, view: v };
  }

  // ---- the chart option

  function clone(o) { return JSON.parse(JSON.stringify(o)); }

  // blockBase is the layout of a chart without a Go-built option (a markdown chart block), the
  // same as charts.Options' but without toolbox and zoom: a block is read, not explored.
  function blockBase() {
    return {
      animation: false, aria: { enabled: true },
      grid: [{ left: 64, right: 200, top: 24, bottom: 52 }],
      legend: { type: "scroll", show: true, orient: "vertical", right: 8, top: 24, height: "80%", itemGap: 6, textStyle: { width: 150, overflow: "truncate" }, tooltip: { show: true } },
      tooltip: { show: true, trigger: "item" },
      xAxis: [{ type: "value", nameLocation: "middle", nameGap: 30 }],
      yAxis: [{ type: "value", nameLocation: "middle", nameGap: 52 }]
    };
  }

  function tooltip(d, c, p) {
    var r = c.rows[p.seriesIndex];
    if (!r || p.seriesType !== "scatter") return "";
    var i = r.shown[p.dataIndex], pt = r.s.points[i], m = c.m;
    if (!pt) return "";
    var at = function (name) { return pt[col(d, name)]; };
    var out = [
      '<span style="display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px;background:' + color(r.s.color) + '"></span><b>' +
        enc(r.s.label) + "</b> · " + enc(String(r.s.precision).toUpperCase()),
      "Concurrency " + enc(at("conc")) + " · TP " + enc(at("tp")),
      enc(d.x.label) + ": <b>" + enc(fmtNum(at("x"))) + "</b>",
      "Total: " + enc(fmtNum(at("tpPerGpu"))) + " tok/s/GPU",
      "Output: " + enc(fmtNum(at("outputTputPerGpu"))) + " tok/s/GPU",
      "Input: " + enc(fmtNum(at("inputTputPerGpu"))) + " tok/s/GPU"
    ];
    if (col(d, m.key) < 0) out.push(enc(m.label) + ": <b>" + enc(fmtValue(m, r.ys[i])) + "</b> " + enc(m.unit));
    out.push("Date " + enc(at("date")) + " · run " + enc(at("run")));
    return out.join("<br>");
  }

  // buildOption is the ECharts option of a computed view over a base layout (the Go-built
  // option on a chart page): one scatter series per series and a same-named line through its
  // frontier, scatters first (the legend draws each entry from the first series of its name),
  // then the global frontier. Every series of the snapshot stays in the option; the filters
  // leave theirs out of the legend, and the legend selection hides what the view does not show.
  function buildOption(d, c, base, look) {
    var v = c.view, m = c.m, o = clone(base);
    var pt = function (x, y) { return [v.logx && !(x > 0) ? null : x, v.log && !(y > 0) ? null : y]; };
    var scatters = [], lines = [], names = [], selected = {};
    c.rows.forEach(function (r) {
      var s = r.s, fill = color(s.color);
      scatters.push({
        name: s.name, type: "scatter", symbol: s.symbol, symbolSize: 8,
        data: r.shown.map(function (i) { return pt(r.xs[i], r.ys[i]); }),
        itemStyle: s.hollow ? { color: "transparent", borderColor: fill, borderWidth: 1.5 } : { color: fill }
      });
      lines.push({
        name: s.name, type: "line", smooth: false, showSymbol: false, z: 1, silent: true,
        data: r.front.map(function (i) { return pt(r.xs[i], r.ys[i]); }),
        itemStyle: { color: fill }, lineStyle: { color: fill, width: 2, type: s.dash === "dashed" || s.dash === "dotted" ? s.dash : "solid" }
      });
      if (look.readOnly ? r.inView : r.pass) names.push(s.name);
      selected[s.name] = r.visible;
    });
    o.series = scatters.concat(lines);
    if (v.global) {
      o.series.push({
        id: "global", name: GLOBAL, type: "line", showSymbol: false, z: 3, silent: true,
        data: c.global.map(function (p) { return pt(p[0], p[1]); }),
        itemStyle: { color: look.fg }, lineStyle: { color: look.fg, width: 2.5, type: [7, 4], opacity: 0.85 }
      });
      names.push(GLOBAL);
      selected[GLOBAL] = true;
    }
    o.legend = Object.assign({}, Array.isArray(o.legend) ? o.legend[0] : o.legend, { data: names, selected: selected });
    if (look.narrow) {
      Object.assign(o.legend, { orient: "horizontal", left: 8, right: 8, top: o.title ? 40 : 4, height: null, textStyle: { width: 110, overflow: "truncate" } });
      o.grid = [Object.assign({}, [].concat(o.grid)[0], { left: 52, right: 16, top: o.title ? 84 : 44 })];
    }
    var axisLabel = function (money) {
      return { hideOverlap: true, formatter: function (x) { return (money ? "$" : "") + compact(x); } };
    };
    // A log axis hugs the data rather than widening to whole decades.
    var axis = function (a, log, name, money) {
      return Object.assign({}, [].concat(a)[0], { type: log ? "log" : "value", name: name, axisLabel: Object.assign(axisLabel(money), { showMinLabel: !log, showMaxLabel: !log }), min: log ? function (e) { return e.min / 1.25; } : null, max: log ? function (e) { return e.max * 1.25; } : null });
    };
    o.xAxis = [axis(o.xAxis, v.logx, d.x.label, false)];
    o.yAxis = [axis(o.yAxis, v.log, m.axis || m.label, m.key === "costPerMTok")];
    if (look.narrow) o.yAxis[0].nameGap = 40;
    o.tooltip = Object.assign({}, [].concat(o.tooltip)[0], { trigger: "item", confine: true, formatter: function (p) { return tooltip(d, c, p); } });
    o.backgroundColor = "transparent";
    return o;
  }

  // ---- snapshots

  // loadSnapshot resolves to the snapshot of a date, fetching an older one from history
  // (relative to the page's URL) the first time.
  function loadSnapshot(app, date) {
    if (has(app.snaps, date)) return Promise.resolve(app.snaps[date]);
    var rel = app.d.history && app.d.history[date];
    if (!rel) return Promise.reject(new Error("no snapshot for " + date));
    return fetch(new URL(rel, app.url)).then(function (res) {
      if (!res.ok) throw new Error(res.status + " " + res.statusText);
      return res.json();
    }).then(function (h) {
      if (h.cols && h.cols.join() !== app.d.cols.join()) throw new Error("history columns differ");
      app.snaps[date] = { date: date, series: h.series || [] };
      return app.snaps[date];
    });
  }

  // ---- a live chart: the chart page's and each chart block's

  function makeChart(el, d, base, url, onChange) {
    var dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    var app = {
      el: el, d: d, base: base, url: url, snaps: {}, sel: {}, view: defaultView(d), c: null,
      chart: echarts.init(el, dark ? "dark" : null), onChange: onChange || function () {}
    };
    app.snaps[d.dates[0] || ""] = { date: d.dates[0] || "", series: d.series };
    var narrow = function () { return el.clientWidth < 640; };
    app.look = function () { return { fg: getComputedStyle(el).color || "#333", narrow: narrow(), readOnly: !onChange }; };
    app.render = function () {
      app.c = compute(d, app.snaps[app.view.date], app.view, app.sel);
      app.chart.setOption(buildOption(d, app.c, base, app.look()), { notMerge: true });
      el.setAttribute("data-view", fragmentOf(d, app.view));
      app.onChange(app);
    };
    // A legend click shows or hides one series: the global frontier and the tables follow
    // without redrawing the rest, so zoom and legend scrolling stay where the reader left them.
    app.chart.on("legendselectchanged", function (e) {
      if (e.name === GLOBAL) {
        app.view.global = !!e.selected[GLOBAL];
        app.sel = {};
        app.render();
        return;
      }
      app.sel[e.name] = !!e.selected[e.name];
      app.c = compute(d, app.snaps[app.view.date], app.view, app.sel);
      if (app.view.global) {
        var v = app.view, pt = function (p) { return [v.logx && !(p[0] > 0) ? null : p[0], v.log && !(p[1] > 0) ? null : p[1]]; };
        app.chart.setOption({ series: [{ id: "global", data: app.c.global.map(pt) }] });
      }
      app.onChange(app);
    });
    // The toolbox's restore goes back to the last drawn view; legend clicks are undone with it.
    app.chart.on("restore", function () { app.sel = {}; app.render(); });
    var wasNarrow = narrow();
    var resize = function () {
      if (narrow() !== wasNarrow) {
        wasNarrow = narrow();
        app.render();
      }
      app.chart.resize();
    };
    if (window.ResizeObserver) new ResizeObserver(resize).observe(el); else window.addEventListener("resize", resize);
    return app;
  }

  // openView applies a fragment and calls done, at once when it names no older snapshot (so
  // the chart is drawn before the page's load event), else once the snapshot has loaded or failed.
  function openView(app, hash, done) {
    var apply = function () {
      var v = parseView(app, hash);
      if (!has(app.snaps, v.date)) v.date = app.d.dates[0] || "";
      app.view = v;
      app.sel = {};
      done();
    };
    var date = dateIn(app.d, hash);
    if (has(app.snaps, date)) apply(); else loadSnapshot(app, date).then(apply, apply);
  }

  // ---- the chart page: controls, leaders, points

  function h(tag, attrs, kids) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") el.textContent = attrs[k];
      else if (attrs[k] === true) el.setAttribute(k, "");
      else if (attrs[k] !== false && attrs[k] != null) el.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (k) { if (k) el.appendChild(typeof k === "string" ? document.createTextNode(k) : k); });
    return el;
  }

  function select(name, title, opts) {
    var s = h("select", { name: name, id: "ctl-" + name }, opts.map(function (o) { return h("option", { value: o[0], text: o[1] }); }));
    return h("div", { "class": "ctl" }, [h("label", { "for": "ctl-" + name, "class": "title", text: title }), s]);
  }
  function check(name, value, text, swatch) {
    var sw = null;
    if (swatch) {
      sw = h("span", { "class": "swatch", "aria-hidden": "true" });
      sw.style.backgroundColor = color(swatch);
    }
    return h("label", { "class": "check" }, [h("input", { type: "checkbox", name: name, value: value }), sw, text]);
  }

  function buildControls(app, form) {
    var d = app.d, ch = choices(app);
    form.textContent = "";
    var main = h("div", { "class": "row" }, [
      select("y", "Metric", d.metrics.map(function (m) { return [m.key, m.label + " (" + m.unit + ")"]; })),
      d.dates.length > 1 ? select("date", "Snapshot", d.dates.map(function (x, i) { return [x, i ? x : x + " (latest)"]; })) : null,
      h("fieldset", {}, [h("legend", { text: "Scale" }), h("div", { "class": "opts" }, [check("log", "1", "Log Y"), check("logx", "1", "Log X")])]),
      h("fieldset", {}, [h("legend", { text: "Show" }), h("div", { "class": "opts" }, [
        check("optimal", "1", "Frontier only"), check("best", "1", "Best per GPU"), check("global", "1", "Global frontier")])])
    ]);
    var filters = h("div", { "class": "row filters" }, LISTS.map(function (k) {
      if (ch[k].length < 2) return null; // one value: nothing to choose
      return h("fieldset", { "data-list": k }, [h("legend", { text: LIST_TITLES[k] }), h("div", { "class": "opts" },
        ch[k].map(function (c) { return check(k, c.value, c.label, c.color); }))]);
    }));
    form.appendChild(main);
    if (filters.children.length) form.appendChild(filters);
    form.hidden = false;
  }

  function syncForm(app, form) {
    var v = app.view;
    Array.prototype.forEach.call(form.elements, function (e) {
      if (e.name === "y" || e.name === "date") e.value = v[e.name];
      else if (FLAGS.indexOf(e.name) >= 0) e.checked = !!v[e.name];
      else if (LISTS.indexOf(e.name) >= 0) e.checked = !v[e.name] || v[e.name].indexOf(e.value) >= 0;
    });
  }

  function readForm(app, form) {
    var v = defaultView(app.d), ch = choices(app);
    v.y = form.elements.y.value;
    v.date = form.elements.date ? form.elements.date.value : v.date;
    FLAGS.forEach(function (k) { v[k] = !!(form.elements[k] && form.elements[k].checked); });
    LISTS.forEach(function (k) {
      var boxes = form.querySelectorAll('input[name="' + k + '"]');
      if (!boxes.length) { v[k] = app.view[k]; return; }
      var on = Array.prototype.filter.call(boxes, function (b) { return b.checked; }).map(function (b) { return b.value; });
      v[k] = on.length === ch[k].length ? null : on;
    });
    return v;
  }

  // renderBest keeps the "Best per GPU" list in step with the view: the winners of the chosen
  // metric (its polarity too), among the series the filters pass, in the shown snapshot.
  function renderBest(app, list, note) {
    var c = app.c, cands = c.rows.filter(function (r) { return r.pass; }).sort(byKey);
    var win = P.bestPerGPU(cands.map(function (r) {
      return { gpu: r.s.gpu, x: r.front.map(function (i) { return r.xs[i]; }), y: r.front.map(function (i) { return r.ys[i]; }) };
    }), c.m.higher);
    var names = Object.keys(win).map(function (g) { return cands[win[g]].s; }).sort(function (a, b) {
      return a.gpu < b.gpu ? -1 : a.gpu > b.gpu ? 1 : 0;
    });
    list.textContent = "";
    names.forEach(function (s) {
      var sw = h("span", { "class": "swatch" });
      sw.style.background = s.color;
      var li = h("li");
      li.appendChild(sw);
      li.appendChild(document.createTextNode(s.name));
      list.appendChild(li);
    });
    if (note) note.textContent = "By " + c.m.label.charAt(0).toLowerCase() + c.m.label.slice(1) + ", among the configurations shown by the filters.";
  }

  function renderLeaders(app, box) {
    var d = app.d, c = app.c, m = c.m, refs = d.refX || [];
    var rows = c.rows.filter(function (r) { return r.visible; }).map(function (r) {
      var fx = r.front.map(function (i) { return r.xs[i]; }), fy = r.front.map(function (i) { return r.ys[i]; });
      var curve = P.monotone(fx, fy);
      return { r: r, vals: refs.map(function (x) { return curve.at(x); }) };
    });
    var best = refs.map(function (x, j) {
      var b = null;
      rows.forEach(function (row) {
        var y = row.vals[j];
        if (y != null && (b == null || (m.higher ? y > b : y < b))) b = y;
      });
      return b;
    });
    if (!rows.length) {
      box.innerHTML = '<p class="empty">No configuration is shown: widen the filters.</p>';
      return;
    }
    var html = '<table class="data leaders-table"><caption>' + enc(m.label) + " (" + enc(m.unit) + "), " +
      (m.higher ? "higher" : "lower") + " is better, read off each frontier; blank where the configuration was not measured. " +
      '<span aria-hidden="true">★</span> marks the best of each column.</caption><thead><tr><th scope="col">Configuration</th>' +
      refs.map(function (x) { return '<th scope="col" class="num">' + enc(+x.toPrecision(6)) + " " + enc(d.x.unit) + "</th>"; }).join("") +
      "</tr></thead><tbody>";
    rows.forEach(function (row) {
      html += '<tr data-series="' + enc(row.r.s.key) + '"><th scope="row"><span class="swatch" style="background-color:' + color(row.r.s.color) + '"></span>' + enc(row.r.s.name) + "</th>";
      row.vals.forEach(function (y, j) {
        if (y == null) { html += '<td class="num"></td>'; return; }
        var lead = y === best[j];
        html += '<td class="num' + (lead ? ' lead" title="Best at this interactivity' : "") + '" data-value="' + enc(String(y)) + '">' +
          (lead ? '<span class="mark" aria-hidden="true">★ </span>' : "") + enc(fmtValue(m, y)) + (lead ? '<span class="vh"> (best)</span>' : "") + "</td>";
      });
      html += "</tr>";
    });
    box.innerHTML = html + "</tbody></table>";
  }

  // pointColumns are the points table's columns, the chosen metric added when it is derived.
  function pointColumns(app) {
    var d = app.d, m = app.c.m;
    var at = function (name) { var i = col(d, name); return function (p) { return p.pt[i]; }; };
    var cols = [
      { t: "Configuration", k: "series", f: function (p) { return p.r.s.name; } },
      { t: "Precision", k: "precision", f: function (p) { return String(p.r.s.precision).toUpperCase(); } },
      { t: "Concurrency", k: "concurrency", num: true, whole: true, f: at("conc") },
      { t: "TP", k: "tp", num: true, whole: true, f: at("tp") },
      { t: d.x.label, k: "x", num: true, f: at("x") },
      { t: "Total tok/s/GPU", k: "tpPerGpu", num: true, f: at("tpPerGpu") },
      { t: "Output tok/s/GPU", k: "outputTputPerGpu", num: true, f: at("outputTputPerGpu") },
      { t: "Input tok/s/GPU", k: "inputTputPerGpu", num: true, f: at("inputTputPerGpu") }
    ];
    if (col(d, m.key) < 0) cols.push({ t: m.label + " (" + m.unit + ")", k: m.key, num: true, metric: true, f: function (p) { return p.r.ys[p.i]; } });
    cols.push(
      { t: "Frontier", k: "frontier", f: function (p) { return p.r.onFront[p.i] ? "yes" : ""; } },
      { t: "Date", k: "date", f: at("date") },
      { t: "Run", k: "runId", f: at("run") });
    return cols;
  }

  function shownPoints(app) {
    var out = [];
    app.c.rows.forEach(function (r) {
      if (r.visible) r.shown.forEach(function (i) { out.push({ r: r, i: i, pt: r.s.points[i] }); });
    });
    var s = app.sort, cols = pointColumns(app), c = s && find(cols, function (c) { return c.k === s.k; });
    if (c) {
      out.forEach(function (p, n) { p.n = n; });
      out.sort(function (a, b) {
        var x = c.f(a), y = c.f(b), o;
        if (c.num) o = (isNaN(x) ? Infinity : x) - (isNaN(y) ? Infinity : y);
        else o = String(x).localeCompare(String(y), "en", { numeric: true });
        return (o || a.n - b.n) * (s.dir === "descending" && o ? -1 : 1);
      });
    }
    return out;
  }

  // csvCell quotes a cell for CSV and neutralises a text cell a spreadsheet would run as a
  // formula (=, +, -, @, tab or CR first) with a leading quote, as Go's CSVText does.
  function csvCell(v) {
    var s = String(v == null ? "" : v);
    if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = "'" + s;
    return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }

  function renderPoints(app, table, link, count) {
    var d = app.d, cols = pointColumns(app), pts = shownPoints(app), m = app.c.m;
    var head = "<tr>" + cols.map(function (c) {
      var sorted = app.sort && app.sort.k === c.k;
      return '<th scope="col"' + (c.num ? ' class="num"' : "") + (sorted ? ' aria-sort="' + app.sort.dir + '"' : "") +
        '><button type="button" data-sort="' + enc(c.k) + '">' + enc(c.t) + "</button></th>";
    }).join("") + "</tr>";
    var body = pts.map(function (p) {
      return '<tr data-series="' + enc(p.r.s.key) + '">' + cols.map(function (c) {
        var v = c.f(p);
        return "<td" + (c.num ? ' class="num"' : "") + ">" + enc(c.metric ? fmtValue(m, v) : c.whole ? v : c.num ? fmtNum(v) : v) + "</td>";
      }).join("") + "</tr>";
    }).join("");
    table.tHead.innerHTML = head;
    table.tBodies[0].innerHTML = body;
    count.textContent = pts.length + " of " + app.c.rows.reduce(function (n, r) { return n + r.s.points.length; }, 0) + " points shown";

    var x = col(d, "x");
    var lines = [["series", "hwKey", "gpu", "vendor", "framework", "specMethod", "precision", "id", "concurrency", "tp", "x",
      "tpPerGpu", "outputTputPerGpu", "inputTputPerGpu"].concat(col(d, m.key) < 0 ? [m.key] : [], ["frontier", "date", "runId"])];
    pts.forEach(function (p) {
      var s = p.r.s, pt = p.pt, at = function (n) { return pt[col(d, n)]; };
      lines.push([s.name, s.hw, s.gpu, s.vendor, s.framework, s.spec, s.precision, at("id"), at("conc"), at("tp"), pt[x],
        at("tpPerGpu"), at("outputTputPerGpu"), at("inputTputPerGpu")].concat(col(d, m.key) < 0 ? [p.r.ys[p.i]] : [],
        [p.r.onFront[p.i] ? "true" : "false", at("date"), at("run")]));
    });
    var csv = lines.map(function (l) { return l.map(csvCell).join(","); }).join("\r\n") + "\r\n";
    if (link.href && link.href.indexOf("blob:") === 0) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    link.download = d.slug.replace(/[^a-z0-9-]+/gi, "-") + "-shown.csv";
  }

  function renderStatus(app, out) {
    var c = app.c, shown = c.rows.filter(function (r) { return r.visible; });
    var pts = shown.reduce(function (n, r) { return n + r.shown.length; }, 0);
    out.textContent = "Showing " + shown.length + " of " + c.rows.length + " configurations, " + pts + " points · " +
      c.m.label + (c.m.higher ? " (higher is better)" : " (lower is better)") + (app.view.date ? " · as of " + app.view.date : "");
  }

  function initPage() {
    var el = document.getElementById("chart"), form = document.getElementById("controls");
    var base = readJSON("chart-option"), d = readJSON("page-data");
    if (!el || !base || !d) return;
    var fig = el.closest("figure");
    if (fig) fig.hidden = false; // hidden without JavaScript, where the chart cannot be drawn
    var table = document.getElementById("points"), leaders = document.getElementById("leaders");
    var bestList = document.querySelector("section.best ul"), bestNote = document.getElementById("best-note");
    var status = document.getElementById("view-status") || h("p");
    var link = h("a", { id: "shown-csv-link", href: "#", text: "Download shown points (CSV)" });
    var count = h("span", { "class": "count" });
    var holder = document.getElementById("shown-csv");
    if (holder) {
      holder.textContent = " · ";
      holder.appendChild(link);
      holder.appendChild(document.createTextNode(" · "));
      holder.appendChild(count);
    }
    var app = makeChart(el, d, base, location.href, function (app) {
      if (form) syncForm(app, form);
      if (leaders) renderLeaders(app, leaders);
      if (bestList) renderBest(app, bestList, bestNote);
      if (table && table.tBodies[0]) renderPoints(app, table, link, count);
      renderStatus(app, status);
    });
    app.sort = null;
    var writeHash = function () {
      var f = fragmentOf(d, app.view);
      history.replaceState(history.state, "", f ? "#" + f : location.pathname + location.search);
    };
    var apply = function (v) {
      if (v.date === app.view.date || has(app.snaps, v.date)) {
        app.view = v;
        app.sel = {};
        writeHash();
        app.render();
        return;
      }
      status.textContent = "Loading the " + v.date + " snapshot…";
      loadSnapshot(app, v.date).then(function () {
        app.view = v;
        app.sel = {};
        buildControls(app, form); // an older snapshot may bring new GPUs or frameworks
        writeHash();
        app.render();
      }, function (e) {
        syncForm(app, form);
        status.textContent = "Could not load the " + v.date + " snapshot (" + e.message + ").";
      });
    };
    var open = function () {
      openView(app, location.hash, function () {
        if (form) buildControls(app, form);
        app.render();
      });
    };
    // The legend's "Global frontier" entry is a control too (see makeChart).
    app.chart.on("legendselectchanged", function (e) { if (e.name === GLOBAL) writeHash(); });
    if (form) {
      form.addEventListener("submit", function (e) { e.preventDefault(); });
      form.addEventListener("change", function (e) {
        var t = e.target;
        // A filter keeps at least one value: unticking the last would leave an empty chart.
        if (LISTS.indexOf(t.name) >= 0 && !form.querySelector('input[name="' + t.name + '"]:checked')) {
          t.checked = true;
          return;
        }
        apply(readForm(app, form));
      });
    }
    var on = function (id, f) { var b = document.getElementById(id); if (b) b.addEventListener("click", f); };
    on("reset-view", function () { apply(defaultView(d)); });
    on("download-png", function () {
      var a = h("a", { download: d.slug.replace(/[^a-z0-9-]+/gi, "-") + ".png" });
      a.href = app.chart.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: getComputedStyle(document.body).backgroundColor || "#fff", excludeComponents: ["toolbox", "dataZoom"] });
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
    on("copy-link", function () {
      var done = function (ok) { status.textContent = ok ? "Link copied: it opens this view." : "Copy the address bar: it holds this view."; };
      if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(function () { done(true); }, function () { done(false); }); else done(false);
    });
    var bar = document.querySelector(".chart-bar");
    if (bar) bar.hidden = false;
    if (table) {
      table.addEventListener("click", function (e) {
        var b = e.target.closest && e.target.closest("button[data-sort]");
        if (!b) return;
        var k = b.getAttribute("data-sort");
        app.sort = { k: k, dir: app.sort && app.sort.k === k && app.sort.dir === "ascending" ? "descending" : "ascending" };
        renderPoints(app, table, link, count);
        var again = table.querySelector('button[data-sort="' + k + '"]');
        if (again) again.focus();
      });
    }
    window.addEventListener("hashchange", open);
    open();
  }

  // ---- markdown chart blocks

  function initBlocks() {
    var pages = {};
    Array.prototype.forEach.call(document.querySelectorAll("figure.chart-block"), function (fig) {
      var el = fig.querySelector(".chart"), a = fig.querySelector("figcaption a");
      if (!el || !a) return;
      var url = new URL("page.json", a.href).href;
      if (!pages[url]) {
        pages[url] = fetch(url).then(function (res) {
          if (!res.ok) throw new Error(res.status + " " + res.statusText);
          return res.json();
        });
      }
      pages[url].then(function (d) {
        var app = makeChart(el, d, blockBase(), url);
        openView(app, fig.getAttribute("data-fragment") || "", app.render);
      }).catch(function (e) {
        el.style.height = "auto";
        el.className += " chart-failed";
        el.textContent = "The chart could not be drawn (" + e.message + "); the link below opens the full chart.";
      });
    });
  }

  function readJSON(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }

  function init() {
    if (typeof echarts === "undefined" || !P) return;
    initPage();
    initBlocks();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
