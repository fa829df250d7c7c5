// The JS engines on JSONL: `node tests/js/run_engine.mjs` reads lines like
//   {"fn": "chips.score", "input": {...}}
// from stdin and prints one result a line, in order (tests/test_differential.py drives it).
// fn is one of chips.score, chips.describe (input: a chips score record), chips.round,
// chips.replay, chains.score,
// chains.play, chains.hand, chains.game, 3-chip-stack.showdown, 3-chip-stack.hand.
//
// JSON.parse cannot tell 1.0 from 1, but Python's json can (1.0 is a float and refused as a
// whole number). So number tokens written with a fraction or an exponent are read as text
// ("1.0"), which every record refuses just as Python refuses the float.
//
// The engines are docs/assets/js/engine/, or those of a built site when RULEBOOK_JS_ROOT names its
// assets/js/ folder (tests/test_minify.py: the minified copies must answer as the sources do).

import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const ROOT = process.env.RULEBOOK_JS_ROOT
  ? pathToFileURL(`${process.env.RULEBOOK_JS_ROOT.replace(/\/$/, "")}/`)
  : new URL("../../docs/assets/js/", import.meta.url);
const { describeChips, replayChips, roundChips, scoreChips } = await import(new URL("engine/chips.js", ROOT));
const { gameChains, handChains, playChains, scoreChains } = await import(new URL("engine/chains.js", ROOT));
const { hand: handStack, showdown } = await import(new URL("engine/3-chip-stack.js", ROOT));

const FNS = {
  "chips.score": scoreChips,
  "chips.describe": (rec) => ({ lines: describeChips(rec) }),
  "chips.round": roundChips,
  "chips.replay": replayChips,
  "chains.score": scoreChains,
  "chains.play": playChains,
  "chains.hand": handChains,
  "chains.game": gameChains,
  "3-chip-stack.showdown": showdown,
  "3-chip-stack.hand": handStack,
};

/** Quote every JSON number token that has a fraction or an exponent (outside strings). */
export function quoteFloats(text) {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === "-" || (ch >= "0" && ch <= "9")) {
      let j = i + 1;
      while (j < n && /[0-9eE.+-]/.test(text[j])) j++;
      const tok = text.slice(i, j);
      out += /[.eE]/.test(tok) ? JSON.stringify(tok) : tok;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of rl) {
  if (!line.trim()) continue;
  let result;
  try {
    const { fn, input } = JSON.parse(quoteFloats(line));
    result = FNS[fn] ? FNS[fn](input) : { error: `unknown fn ${fn}` };
  } catch (e) {
    result = { error: `run_engine: ${e.message}`, thrown: true };
  }
  out.push(JSON.stringify(result));
  if (out.length >= 512) {
    process.stdout.write(out.join("\n") + "\n");
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join("\n") + "\n");
