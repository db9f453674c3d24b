/*!
 * Apache ECharts (https://echarts.apache.org), licensed under the Apache License, Version 2.0
 * (http://www.apache.org/licenses/LICENSE-2.0): a custom build of the parts Frontier's pages
 * draw. Its LICENSE and NOTICE come with the npm package (node_modules/echarts).
 */

// The parts of ECharts the pages use. `make deps` bundles this file with esbuild into
// echarts.min.js beside it: a classic script defining the global `echarts`, as ECharts' own
// dist builds do, so the page script (templates/assets/frontier.js), the tests
// (echarts.getInstanceByDom) and readers' tools see the same API. The option comes from
// charts.Options (Go) and frontier.js (markdown chart blocks, the views); a chart type or
// component either of them starts to use must be added here, or ECharts leaves it out of
// the drawing without an error.

import * as echarts from "echarts/core";
import { LineChart, ScatterChart } from "echarts/charts";
import {
  AriaComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
} from "echarts/components";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([
  CanvasRenderer, // the default renderer; the PNG download (getDataURL) draws from it
  ScatterChart, // the measured points
  LineChart, // each series' frontier and the global frontier
  GridComponent, // cartesian value and log axes (and the axis pointer)
  TooltipComponent, // point tooltips, and the legend's for truncated names
  LegendScrollComponent, // the vertical scrolling legend (it brings the plain one too)
  DataZoomInsideComponent, // wheel and drag zoom on both axes
  DataZoomSliderComponent, // the x axis' zoom slider
  ToolboxComponent, // the chart page's "Save as PNG" and "Reset zoom"
  TitleComponent, // the chart page's title, also in the saved PNG
  AriaComponent, // the chart's description for screen readers
]);

// The global: the whole core API, as the dist builds' global has it (init, getInstanceByDom,
// format, registerTheme, graphic, ...; the dark theme is part of the core). A plain object, as
// theirs is, not the module namespace, whose properties cannot be assigned: a reader's tool or
// a test may wrap a function such as echarts.init (site/browser_perf_test.go does).
window.echarts = Object.assign({}, echarts);
