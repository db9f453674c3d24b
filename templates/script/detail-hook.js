// The chart page's door to a point's detail (issue 47): a click or tap on a point of the chart,
// Enter (or a click) on its row in the points table, or pt=ID in the fragment. The door only
// listens, and stays small (it is in every chart page's script): the code that works out the
// point and draws its detail (detail.js, its own content-hashed asset named in the page
// script's data-detail) and the detail's data (detail-N.json.gz beside the page) are fetched
// the first time a reader opens a point, so the page's load is what it was.

// ptIn is the point id pt= names in a fragment ("#x=p90_ttft&pt=42"), or "".
export const ptIn = (hash) => (/(?:^#?|&)pt=(\d{1,19})(?:&|$)/.exec(hash || "") || ["", ""])[1];

// initDetail wires the door; rowOf(id) is the point's row in the points table (built if it
// was not), for focus to return to; writeHash writes the fragment again. It returns the part
// of the fragment the detail keeps ({fragmentPart, readHash}), or null on a page without
// details (an embed).
export function initDetail(live, box, rowOf, writeHash) {
  const script = document.querySelector("script[data-detail]");
  if (!script || !live.page.detail) return null;
  let shown = ""; // the id shown, "" for none
  let mod = null; // the promise of detail.js's module
  const set = (id) => {
    shown = id;
    writeHash();
  };
  // go opens the detail of what a reader chose: {id}, {params} (an ECharts click) or {row}.
  const go = (choice) => {
    mod = mod || new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = script.getAttribute("data-detail");
      s.onload = () => resolve(window.frontierDetail);
      s.onerror = reject;
      document.head.appendChild(s);
    });
    mod.then((m) => m.open(Object.assign({ live, rowOf, set }, choice)), () => {
      mod = null; // the next choice tries again
    });
  };
  live.whenInteractive((chart) => chart.on("click", (params) => go({ params })));
  const chosen = (e) => {
    const row = e.target.closest && e.target.closest("tr[data-pt]");
    if (row && (e.key === "Enter" ? e.target === row : !e.key && !e.target.closest("a, button"))) go({ row });
  };
  if (box) {
    box.addEventListener("keydown", chosen);
    box.addEventListener("click", chosen);
  }
  return {
    fragmentPart: () => (shown ? "pt=" + shown : ""),
    readHash: (hash) => {
      const id = ptIn(hash);
      if (id && id !== shown) go({ id });
    },
  };
}
