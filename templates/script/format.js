// Small pure helpers: numbers as a reader reads them, CSV cells, colours and text that are safe
// to put in HTML. No DOM and no ECharts, so node --test runs them all.

// text is a value as a string, "" for null and undefined.
export const text = (value) => String(value == null ? "" : value);

export const lower = (value) => text(value).toLowerCase();

export const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

// safeColor passes a hex colour and replaces anything else, because colours go into style
// attributes built as strings.
export const safeColor = (color) => (/^#[0-9a-f]{3,8}$/i.test(color) ? color : "#888888");

// docs/development.md: tooltips escape with echarts.format.encodeHTML, and once ECharts has loaded
// everything does; the tables a page shows before that escape the same five characters the same
// way (format.test.js checks the two agree).
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const encodeHTML = (value) => text(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
export const escapeHTML = (value) =>
  typeof echarts !== "undefined" ? echarts.format.encodeHTML(text(value)) : encodeHTML(value);

// httpsLink is a run URL that may become a link: https only, and nothing that could end the
// attribute (Go's RawPoint.Link is its twin). Anything else ("javascript:", "http:") is text.
export const httpsLink = (url) => (/^https:\/\/[^\s"'<>`]+$/.test(text(url)) ? text(url) : "");

// runHTML is a run as HTML: a link to url when httpsLink passes it, else the escaped text
// (the run id, or the URL as written when there is no id).
export function runHTML(id, url) {
  const label = text(id) || text(url);
  const href = httpsLink(url);
  if (!href) return escapeHTML(label);
  return '<a href="' + escapeHTML(href) + '" target="_blank" rel="nofollow noopener">' + escapeHTML(label || href) + "</a>";
}

// fixed is Go's strconv.FormatFloat(v, 'f', digits, 64): the decimal nearest v, an exact tie
// (0.125 to two places) going to the even digit. Number's toFixed takes ties away from zero and
// writes 1e21 and above in exponent form, so both cases are handled here.
function fixed(v, digits) {
  const abs = Math.abs(v);
  const sign = v < 0 || Object.is(v, -0) ? "-" : "";
  if (abs >= 1e21) return sign + BigInt(abs).toString() + (digits ? "." + "0".repeat(digits) : "");
  // Every double below 1e21 with a tie at these few places has fewer than 100 decimals, so
  // toFixed(100) is its exact expansion.
  const exact = abs.toFixed(100);
  const point = exact.indexOf(".");
  const cut = digits ? point + 1 + digits : point;
  if (/^50*$/.test(exact.slice(point + 1 + digits))) {
    const down = exact.slice(0, cut);
    if (Number(down[down.length - 1]) % 2 === 0) return sign + down;
  }
  return sign + abs.toFixed(digits);
}

// groupThousands puts commas between groups of three digits of a whole number.
const groupThousands = (digits) => digits.replace(/\B(?=(\d{3})+$)/g, ",");

// fmtNum is Go's fmtNum (site/render/chartpage.go), so the server-rendered table and the script's
// agree: four significant digits, at most two decimals, thousands grouped from 10,000 (tokens
// per MW run into millions), "" for what is not a finite number. twins.test.js and Go's
// twins_test.go check both on the same cases.
export function fmtNum(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const abs = Math.abs(v);
  if (abs >= 1e4) {
    const whole = fixed(v, 0);
    return whole[0] === "-" ? "-" + groupThousands(whole.slice(1)) : groupThousands(whole);
  }
  return fixed(v, abs >= 1000 ? 0 : abs >= 100 ? 1 : 2);
}

// COST_BASE is the throughput per GPU each cost metric divides a GPU-hour's price by: all
// tokens, output tokens, input tokens: the Cost rows of Go's page.Metrics, which site/page's twins
// test (TestPageScriptReadsTheTable) checks this and tokens per MW against.
export const COST_BASE = { costPerMTok: "tpPerGpu", costPerMOutputTok: "outputTputPerGpu", costPerMInputTok: "inputTputPerGpu" };

// isCost reports whether a metric key is one of the costs of a million tokens.
export const isCost = (key) => hasOwn(COST_BASE, key);

// fmtValue is a metric's value: dollars for the costs of a million tokens, else fmtNum.
export function fmtValue(metric, v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  if (!isCost(metric.key)) return fmtNum(v);
  return "$" + (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : String(+v.toPrecision(3)));
}

// compactNumber is an axis label: 12000 gives 12k.
export function compactNumber(v) {
  const abs = Math.abs(v);
  const suffix = abs >= 1e6 ? "M" : abs >= 1e3 ? "k" : "";
  const divisor = suffix === "M" ? 1e6 : suffix === "k" ? 1e3 : 1;
  return String(+(v / divisor).toPrecision(4)) + suffix;
}

// Go's unicode.IsSpace, which encoding/csv quotes a leading one of (JavaScript's \s differs:
// it lacks U+0085 and has U+FEFF).
const LEADING_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

// csvCell is a CSV cell as Go's encoding/csv writes CSVText's result (site/render/chartpage.go): a
// text cell a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading
// quote; a cell with a comma, quote or line break, a leading space or exactly \. is quoted.
export function csvCell(value) {
  let cell = text(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(cell)) cell = "'" + cell;
  const quote = /[",\r\n]/.test(cell) || LEADING_SPACE.test(cell) || cell === "\\.";
  return quote ? '"' + cell.replace(/"/g, '""') + '"' : cell;
}
