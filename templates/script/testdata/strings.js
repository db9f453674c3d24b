// Reads a catalog's [script] table (templates/i18n/<lang>.toml) flat, as the build puts it in
// a page's #strings: keys without "script.", "[script.legend] show" as "legend.show". The
// catalogs use one TOML shape, tables of basic strings, which this reads (a Go test reads them
// with a real TOML parser); importing this module gives the page script the English strings, as
// an English page does, since node has no page to read them from.
import { readFileSync } from "node:fs";
import { useStrings } from "../i18n.js";

export function catalog(lang) {
  const text = readFileSync(new URL("../../i18n/" + lang + ".toml", import.meta.url), "utf8");
  const out = {};
  let table = null;
  for (const line of text.split("\n")) {
    const head = /^\[([\w.]+)\]\s*$/.exec(line);
    if (head) {
      table = head[1] === "script" ? "" : head[1].startsWith("script.") ? head[1].slice(7) + "." : null;
      continue;
    }
    const entry = /^(\w+)\s*=\s*(".*")\s*$/.exec(line);
    if (entry && table !== null) out[table + entry[1]] = JSON.parse(entry[2]);
  }
  return out;
}

useStrings(catalog("en"), "en");
