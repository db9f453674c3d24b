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
  // go opens the detail of what a reader chose: {id}, {params} (an ECharts click), {at} (a
  // click on the picture, in the viewport's pixels) or {row}.
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
  // A click (a tap) on the chart's picture, before ECharts has taken over, is the one that
  // brings ECharts: it opens the point under it once ECharts has drawn ({at}: where it was).
  let pending = null;
  live.element.addEventListener("click", (e) => {
    if (!live.chart) pending = [e.clientX, e.clientY];
  });
  live.whenInteractive((chart) => {
    chart.on("click", (params) => go({ params }));
    const drawn = () => {
      chart.off("finished", drawn);
      if (pending) go({ at: pending });
      pending = null;
    };
    chart.on("finished", drawn);
  });
  // A row: Enter or a click opens its point; the arrow keys move to the next or previous row,
  // which becomes the table's stop in the tab order.
  const rowOfEvent = (e) => e.target.closest && e.target.closest("tr[data-pt]");
  if (box) {
    box.addEventListener("click", (e) => {
      const row = rowOfEvent(e);
      if (row && !e.target.closest("a, button")) go({ row });
    });
    box.addEventListener("keydown", (e) => {
      const row = rowOfEvent(e);
      if (!row || e.target !== row) return;
      const next = e.key === "ArrowDown" ? row.nextElementSibling : e.key === "ArrowUp" ? row.previousElementSibling : null;
      if (e.key === "Enter") go({ row });
      else if (next && next.hasAttribute("data-pt")) next.focus();
      else return;
      e.preventDefault();
    });
    box.addEventListener("focusin", (e) => {
      const row = rowOfEvent(e);
      const old = box.querySelector('tr[tabindex="0"]');
      if (!row || row === old) return;
      if (old) old.tabIndex = -1;
      row.tabIndex = 0;
    });
  }
  return {
    fragmentPart: () => (shown ? "pt=" + shown : ""),
    readHash: (hash) => {
      const id = ptIn(hash);
      if (id && id !== shown) go({ id });
    },
  };
}
