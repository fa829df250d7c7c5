// Every bound on input, the browser's copy of generator/engine/limits.py (tests/test_limits.py
// holds the two equal). Why each number is what it is: see that file's docstring.

export const CALLER_GROUPS = 3;
export const RUN_CARDS = 13;
export const RANK_PER_PACK = 4;
export const WILDS_PER_PACK = 6;
export const JSON_DEPTH = 20;
export const JSON_LINE_CHARS = 100_000;
export const QUOTE_CHARS = 40;
export const POT_CHIPS = 1_000_000;
export const MAX_POINTS = 1_000_000;

/** `text` cut to `limit` characters, with how much was left out: for quoting input back. */
export function clip(text, limit = QUOTE_CHARS) {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}… (${text.length.toLocaleString("en-US")} characters)`;
}

/** The words for a score sheet's number above MAX_POINTS (limits.py over_points). */
export function overPoints(value, noun = "points") {
  const shown = value <= 1e15 ? value.toLocaleString("en-US") : "that";
  return `${shown} is more than ${MAX_POINTS.toLocaleString("en-US")} ${noun}, the most a score sheet takes`;
}
