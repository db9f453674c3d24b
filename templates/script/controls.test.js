import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { priceRows } from "./controls.js";
import { twins } from "./testdata/twins.js";

test("priceRows agrees with Go's pricesOf on the shared cases", () => {
  assert.deepEqual(priceRows(twins.prices.page), twins.prices.want);
});
