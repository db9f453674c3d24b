// Frontier's page script, bundled by esbuild (make deps) into one classic script,
// templates/assets/frontier.js: the chart page (controls, chart, leaders and points tables, a
// view kept in the URL fragment) and the live charts of markdown pages, over the global
// echarts. Every string from the data reaches the DOM as text, and the chart's tooltips
// through echarts.format.encodeHTML.

import { initChartBlocks } from "./blocks.js";
import { initChartPage } from "./chartpage.js";

function init() {
  if (typeof echarts === "undefined") return;
  initChartPage();
  initChartBlocks();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
