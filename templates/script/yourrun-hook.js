// The chart page's door to "Your run" (templates/yourrun.html): the file input, files dropped on
// the chart and JSON pasted anywhere but a form field. All of it only waits: the code that reads
// and draws files (yourrun.js, its own content-hashed asset named in the section's data-script)
// is fetched the first time a reader adds one, so the page's first load is what it was.

import { t } from "./i18n.js";

// initYourRun wires the section to live, the page's LiveChart; onDraw(fn) registers fn to run
// after every drawing of the view (the leaders table and the sentence under the chart).
export function initYourRun(live, onDraw) {
  const box = document.getElementById("your-run-box");
  const input = document.getElementById("your-run");
  if (!box || !input) return;
  let run = null; // the promise of yourrun.js's controller, once asked for
  const load = () => {
    if (!run) {
      run = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = box.getAttribute("data-script");
        script.onload = () => (window.frontierYourRun ? resolve(window.frontierYourRun) : reject(new Error(t("errors.yourRunEmpty"))));
        script.onerror = () => reject(new Error(t("errors.yourRunFailed", { url: box.getAttribute("data-script") })));
        document.head.appendChild(script);
      }).then((mod) => live.loadLight().then(() => mod.init({ live, box, onDraw })));
      run.catch(() => {
        run = null; // the next file tries again
      });
    }
    return run;
  };
  const take = (files) => {
    if (!files.length) return;
    load().then((controller) => controller.add(files), (e) => {
      const alert = document.getElementById("your-run-alert");
      if (alert) alert.textContent = t("yourrun.notRead", { error: e.message });
    });
  };
  input.addEventListener("change", () => {
    take(Array.from(input.files || []));
    input.value = ""; // the same file chosen again is a change again
  });
  const figure = live.element.closest("figure") || live.element;
  const hasFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes("Files");
  figure.addEventListener("dragover", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
  });
  figure.addEventListener("drop", (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    take(Array.from(e.dataTransfer.files));
  });
  // JSON pasted anywhere but a field: a result copied from a terminal.
  document.addEventListener("paste", (e) => {
    const target = e.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
    if (!/^\s*[[{]/.test(text)) return;
    e.preventDefault();
    take([{ name: t("yourrun.pasted"), text }]);
  });
}
