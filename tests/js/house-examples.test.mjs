// The worked examples re-rendered under a table's house rules (docs/assets/js/house/examples.js,
// issue 25) say their facts in the words the built page and the PDF print (generator/render.py).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ODD_TO, factNodes } from "../../docs/assets/js/house/examples.js";

/** generator/render.py's _ODD_TO, read from its source: {value: words}. */
function renderOddTo() {
  const source = readFileSync(new URL("../../generator/render.py", import.meta.url), "utf8");
  const m = /^_ODD_TO\s*=\s*\{([^}]*)\}/m.exec(source);
  assert.ok(m, "generator/render.py defines _ODD_TO");
  return Object.fromEntries([...m[1].matchAll(/"([^"]+)":\s*"([^"]+)"/g)].map((p) => [p[1], p[2]]));
}

test("3 Chip Stack's odd chips go to the place render.py names, never a code value", () => {
  const words = renderOddTo();
  assert.deepEqual(Object.keys(words).sort(), ["dealer", "next-hand", "winners"]);
  assert.deepEqual({ ...ODD_TO }, words);
  for (const [value, said] of Object.entries(words)) assert.deepEqual(factNodes("odd_to", value), [said]);
  assert.deepEqual(factNodes("odd_to", "next-hand"), ["the next hand's pot"]);
  assert.deepEqual(factNodes("odd_to", "dealer"), ["the dealer"]);
});
