// A record's `house` field read as the Python engine reads it (generator/engine/games/fields.py
// house_field), in its words: one small module, shared by the engines (cards.js houseField) and the
// score sheet's 3 Chip Stack ranking (rank/3-chip-stack.js), which the score keeper loads without
// the card code.

import { pyRepr, showValue } from "./words.js";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const quoted = (v) => (typeof v === "string" ? pyRepr(v) : showValue(v));

/** A record's `house`: {"<option-id>": "<value>", ...}, every option of `options` (each
 * {id, values, default}), the defaults filled in for those not given (missing or null: all
 * defaults). An unknown id or value is thrown as `Failure` (cards.js: a RecordError) naming it, in fields.py house_field's words:
 * "house.odd-chip: no value 'x' (values: next-hand, dealer, winners)". */
export function houseField(value, options, field = "house", Failure = Error) {
  const out = {};
  for (const o of options) out[o.id] = o.default;
  if (value === null || value === undefined) return out;
  if (!isObject(value)) {
    let like = "";
    for (const o of options) {
      const v = o.values.find((x) => x !== o.default);
      if (v !== undefined) { like = ` like {"${o.id}": "${v}"}`; break; }
    }
    throw new Failure(`${field} must be an object of house options${like}, not ${showValue(value)}`);
  }
  const known = new Map(options.map((o) => [o.id, o]));
  for (const [key, chosen] of Object.entries(value)) {
    const option = known.get(key);
    if (option === undefined) {
      throw new Failure(`${field}: unknown option ${quoted(key)} (known: ${[...known.keys()].join(", ") || "none"})`);
    }
    if (typeof chosen !== "string" || !option.values.includes(chosen)) {
      throw new Failure(`${field}.${key}: no value ${quoted(chosen)} (values: ${option.values.join(", ")})`);
    }
    out[key] = chosen;
  }
  return out;
}
