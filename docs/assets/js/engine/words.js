// How the engines quote a value in a message, as the Python engine does (generator/engine/limits.py
// quote, generator/engine/games/fields.py show_value): one small module, so a page that only reads a
// record's house (the score keeper, engine/house.js) need not load the card code (cards.js, which
// re-exports these).

import { clip } from "./limits.js";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** A short quotation of a value for messages (Python's repr for strings). */
export function pyRepr(value) {
  if (typeof value === "string") return clip("'" + value.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'");
  return jsonRepr(value);
}

export function jsonRepr(value) {
  try {
    const s = JSON.stringify(value);
    return clip(s === undefined ? String(value) : s);
  } catch {
    return clip(String(value));
  }
}

/** A value in an error message: "a list" / "an object" for containers, JSON for the rest
 * (generator/engine/games/fields.py show_value). */
export function showValue(value) {
  if (Array.isArray(value)) return "a list";
  if (isObject(value)) return "an object";
  return jsonRepr(value);
}
