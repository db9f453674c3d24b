/* Frontier's page script: draws each chart from the option the build wrote. */
(function () {
  "use strict";
  var enc = function (s) { return echarts.format.encodeHTML(String(s)); };
  function readJSON(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }
  function init() {
    var el = document.getElementById("chart");
    var option = readJSON("chart-option");
    var data = readJSON("page-data");
    if (!el || !option || !data || typeof echarts === "undefined") return;
    var byName = {};
    data.series.forEach(function (s) { byName[s.name] = s; });
    option.tooltip = option.tooltip || {};
    option.tooltip.formatter = function (p) {
      var s = byName[p.seriesName];
      if (!s || p.seriesType !== "scatter") return enc(p.seriesName);
      var pt = s.points[p.dataIndex];
      return "<b>" + enc(s.label) + "</b><br>" + enc(String(s.precision).toUpperCase()) +
        " · concurrency " + enc(pt[5]) + " · TP " + enc(pt[6]) + "<br>" +
        enc(data.x.label) + ": " + enc(pt[1]) + "<br>Total: " + enc(pt[2]) + " tok/s/GPU<br>Output: " + enc(pt[3]) +
        " tok/s/GPU<br>Input: " + enc(pt[4]) + " tok/s/GPU<br>Date " + enc(pt[7]) + " · run " + enc(pt[8]);
    };
    var chart = echarts.init(el);
    chart.setOption(option);
    window.addEventListener("resize", function () { chart.resize(); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
