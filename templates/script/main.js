// Frontier's page script, bundled by esbuild (make deps) into one classic script,
// templates/assets/frontier.js: the chart page (controls, chart, leaders and points tables, a
// view kept in the URL fragment) and the live charts of markdown pages, each drawn as a
// picture until ECharts (the global echarts, loaded on demand) takes over. Every string from
// the data reaches the DOM as text, and the chart's tooltips through echarts.format.encodeHTML.

import { initChartBlocks } from "./blocks.js";
import { initChartPage } from "./chartpage.js";
import { initLanguageSwitch } from "./i18n.js";
import { initShare } from "./share.js";
import { initOverview } from "./overview.js";
import { initVersusCharts } from "./versus.js";
import { prefetchECharts } from "./livechart.js";
import { inTasks } from "./tasks.js";

// init sets the page up: what answers the reader at once (listeners only), the rest a step a
// task (tasks.js), after its chart's picture on a chart page (initChartPage).
function init() {
  initShare();
  initLanguageSwitch();
  const steps = [initChartBlocks, initVersusCharts, initOverview, prefetchECharts];
  if (!initChartPage(steps)) inTasks(steps);
}

// In a task of its own after the document is parsed: the browser lays the page out when its
// parsing ends, and on a phone that and setting the page up would otherwise be one long task.
const start = () => setTimeout(init, 0);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
