// For tests/test_play_rng.py: one JSON request a line on stdin ({"seed", "draws", "bound",
// "items"}), the browser generator's answer a line on stdout.
import { createInterface } from "node:readline";
import { below, nextU32, seedState, shuffled } from "../../docs/assets/js/play/rng.js";

for await (const line of createInterface({ input: process.stdin })) {
  const req = JSON.parse(line);
  let s = seedState(req.seed);
  const draws = [];
  for (let i = 0; i < req.draws; i += 1) {
    let v;
    [v, s] = nextU32(s);
    draws.push(v);
  }
  let b;
  [b, s] = below(s, req.bound);
  let sh;
  [sh, s] = shuffled(s, req.items);
  process.stdout.write(`${JSON.stringify({ draws, below: b, shuffled: sh, state: s })}\n`);
}
