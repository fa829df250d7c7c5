// Field readers shared by the three rank modules: the same checks, in the same order and with
// the same words, as generator/engine/games/<game>.py rank_record (tests/test_rank_differential.py).

/** Thrown inside a module and turned into {"error": ...} by its rank(); never escapes. */
export class RankError extends Error {}

/** A value in an error message, written as Python's _show writes it. */
export function show(value) {
  if (Array.isArray(value)) return "a list";
  if (value !== null && typeof value === "object") return "an object";
  return JSON.stringify(value);
}

export function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A whole number as Python's isinstance(v, int) sees JSON (true and false are not numbers). */
export function isWhole(value) {
  return typeof value === "number" && Number.isInteger(value);
}

export function has(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

export function names(list) {
  return list.length === 1 ? list[0] : list.slice(0, -1).join(", ") + " and " + list[list.length - 1];
}

/** players: a list of distinct names in seating order. */
export function playersField(value, least, most, game) {
  if (!Array.isArray(value)) {
    throw new RankError(`players: expected a list of names in seating order, not ${show(value)}`);
  }
  if (value.length < least || value.length > most) {
    throw new RankError(`players: ${game} is for ${least} to ${most} players, not ${value.length}`);
  }
  const out = [];
  value.forEach((name, k) => {
    if (typeof name !== "string" || !name.trim()) {
      throw new RankError(`players[${k}]: expected a name, not ${show(name)}`);
    }
    if (out.includes(name)) {
      throw new RankError(`players[${k}]: ${show(name)} is named twice; give each player a different name`);
    }
    out.push(name);
  });
  return out;
}

/** Places, best first: `better(a, b) < 0` when a ranks above b; equal keys share a place. */
export function places(ordered, same) {
  const ranking = [];
  for (const p of ordered) {
    const last = ranking[ranking.length - 1];
    if (last && same(last[0], p)) last.push(p);
    else ranking.push([p]);
  }
  return ranking;
}

/** Run a record function: its answer, or {"error": "..."} (a rank function never throws). */
export function guarded(fn, input) {
  try {
    return fn(input);
  } catch (err) {
    return { error: err instanceof RankError ? err.message : `internal error: ${err && err.message}` };
  }
}
