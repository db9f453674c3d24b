// Markdown chart blocks: each figure.chart-block draws its page's chart, read-only, in the
// view its data-fragment names; pages shared by several blocks are fetched once.

import { LiveChart } from "./livechart.js";
import { blockBase } from "./option.js";
import { t } from "./i18n.js";

export function initChartBlocks() {
  const pages = new Map(); // page.json URL -> promise of its data
  for (const figure of document.querySelectorAll("figure.chart-block")) {
    const chartElement = figure.querySelector(".chart");
    const link = figure.querySelector("figcaption a");
    if (!chartElement || !link) continue;
    const url = new URL("page.json", link.href).href;
    if (!pages.has(url)) {
      pages.set(url, fetch(url).then((res) => {
        if (!res.ok) throw new Error(res.status + " " + res.statusText);
        return res.json();
      }));
    }
    pages.get(url).then((page) => {
      const live = new LiveChart(chartElement, page, blockBase(), url);
      live.open(figure.getAttribute("data-fragment") || "", () => live.render());
    }).catch((e) => {
      chartElement.style.height = "auto";
      chartElement.className += " chart-failed";
      chartElement.textContent = t("blocks.failed", { error: e.message });
    });
  }
}
