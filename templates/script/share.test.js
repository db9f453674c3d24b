import assert from "node:assert/strict";
import test from "node:test";
import "./testdata/strings.js";
import { shareURL } from "./share.js";

test("shareURL shares the page's address with its fragment, encoded", () => {
  const url = "https://example.org/repo/m/8k-1k/#y=costPerMTok&gpus=b200,mi355x";
  assert.equal(shareURL("x", url, "M 8k/1k · Bench"),
    "https://x.com/intent/tweet?url=https%3A%2F%2Fexample.org%2Frepo%2Fm%2F8k-1k%2F%23y%3DcostPerMTok%26gpus%3Db200%2Cmi355x" +
    "&text=M%208k%2F1k%20%C2%B7%20Bench");
  assert.equal(shareURL("linkedin", url, "x"),
    "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fexample.org%2Frepo%2Fm%2F8k-1k%2F%23y%3DcostPerMTok%26gpus%3Db200%2Cmi355x");
  assert.equal(shareURL("copy", url, "x"), url);
});

test("shareURL keeps a hostile title inside its parameter", () => {
  const got = shareURL("x", "https://e.org/", "a&url=https://evil.example/#<script>");
  assert.equal(new URL(got).searchParams.get("url"), "https://e.org/");
  assert.equal(new URL(got).searchParams.get("text"), "a&url=https://evil.example/#<script>");
});
