import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { compute } from "./model.js";
import { leadersHTML } from "./tables.js";
import { twins } from "./testdata/twins.js";
import { defaultView } from "./view.js";

test("leadersHTML agrees with Go's leadersHTML on the shared cases", () => {
  for (const c of twins.leaders.cases) {
    const page = Object.assign({}, twins.leaders.page, c.page);
    const computed = compute(page, { series: page.series }, defaultView(page), {});
    assert.equal(leadersHTML(page, computed), c.want, c.name);
  }
});
