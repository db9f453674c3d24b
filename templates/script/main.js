// Frontier's page script, bundled by esbuild (make deps) into one classic script,
// templates/assets/frontier.js: the chart page (controls, chart, leaders and points tables, a
// view kept in the URL fragment) and the live charts of markdown pages, each drawn as a
// picture until ECharts (the global echarts, loaded on demand) takes over. Every string from
// the data reaches the DOM as text, and the chart's tooltips through echarts.format.encodeHTML.

import { initChartBlocks } from "./blocks.js";
import { initChartPage } from "./chartpage.js";

function init() {
  initChartPage();
  initChartBlocks();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
