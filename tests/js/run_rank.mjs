// One JSON line in, one JSON line out: {"game": "chips", "input": {...}} -> the record rank(input)
// gives (or {"error": ...}). Used by tests/test_rank_differential.py to compare with Python.
import { createInterface } from "node:readline";
import { rank as chips } from "../../docs/assets/js/engine/rank/chips.js";
import { rank as chains } from "../../docs/assets/js/engine/rank/chains.js";
import { rank as threeChipStack } from "../../docs/assets/js/engine/rank/3-chip-stack.js";

const RANK = { chips, chains, "3-chip-stack": threeChipStack };
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of lines) {
  if (!line.trim()) continue;
  const { game, input } = JSON.parse(line);
  const fn = RANK[game];
  out.push(JSON.stringify(fn ? fn(input) : { error: `unknown game ${JSON.stringify(game)}` }));
  if (out.length >= 1000) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join("\n") + "\n");
