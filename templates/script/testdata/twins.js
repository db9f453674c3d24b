// Reads testdata/twins.json, the cases the page script's tests share with Go's twins_test.go.
import { readFileSync } from "node:fs";

export const twins = JSON.parse(readFileSync(new URL("./twins.json", import.meta.url), "utf8"));

const SPECIAL = { "NaN": NaN, "+Inf": Infinity, "-Inf": -Infinity, "-0": -0 };

// numberOf reads a case's number, written as a string where JSON has none.
export const numberOf = (value) => (typeof value === "string" ? SPECIAL[value] : value);
