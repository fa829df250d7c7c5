// The seeded random numbers of a practice game: mulberry32. The browser port of
// generator/engine/play/rng.py, bit for bit: the state is one unsigned 32-bit integer kept in the
// game state ("rng"), and every draw returns [value, nextState], so the play functions stay pure.

export const MAX_BOUND = 2 ** 21;

export function seedState(seed) {
  return Number(BigInt.asUintN(32, BigInt(Math.trunc(seed))));
}

export function nextU32(state) {
  const a = (state + 0x6d2b79f5) >>> 0;
  let t = Math.imul(a ^ (a >>> 15), a | 1);
  t = ((t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t) >>> 0;
  return [(t ^ (t >>> 14)) >>> 0, a];
}

export function below(state, n) {
  if (!(Number.isInteger(n) && n > 0 && n <= MAX_BOUND)) {
    throw new RangeError(`below() needs 1 <= n <= ${MAX_BOUND}, got ${n}`);
  }
  const [value, next] = nextU32(state);
  return [Math.floor((value * n) / 4294967296), next];
}

export function shuffled(state, items) {
  const out = items.slice();
  let s = state;
  for (let i = out.length - 1; i > 0; i -= 1) {
    let j;
    [j, s] = below(s, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return [out, s];
}
