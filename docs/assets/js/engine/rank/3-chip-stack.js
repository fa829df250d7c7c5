// 3 Chip Stack: the score sheet's ranking, a step-for-step port of rank_record in
// generator/engine/games/three_chip_stack.py. three-chip-stack-elimination: a player at zero is out,
// the game ends when one player holds every chip; chips are never created or lost.
import { RankError, guarded, has, isObject, isWhole, names, show } from "./common.js";
import { MAX_POINTS, overPoints } from "../limits.js";
import { houseField } from "../house.js";
import { HOUSE_OPTIONS } from "../3-chip-stack-house.js";

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
/** The score sheet's default starting stack ("usually we use around 15 chips"). */
export const DEFAULT_START = 15;

/** three-chip-stack-ruling-next-dealer: the deal passes to the left, skipping players who are out
 *  (generator/engine/games/three_chip_stack.py next_dealer). Returns null when nobody has chips. */
export function nextDealer(chips, dealer) {
  const n = chips.length;
  for (let step = 1; step <= n; step++) {
    const seat = (dealer + step) % n;
    if (chips[seat] > 0) return seat;
  }
  return null;
}
const MAX_START = 1000;

const chipsWord = (n) => (n === 1 ? "1 chip" : `${n} chips`);

function rankRecord(rec) {
  if (!isObject(rec)) throw new RankError(`expected an object with players, start and hands, not ${show(rec)}`);
  for (const key of Object.keys(rec)) {
    if (!["players", "start", "hands", "house"].includes(key)) {
      throw new RankError(`unknown field ${show(key)} (known: players, start, hands, house)`);
    }
  }
  if (!has(rec, "players")) throw new RankError("players: missing (the names in seating order)");
  const value = rec.players;
  if (!Array.isArray(value)) throw new RankError(`players: expected a list of names in seating order, not ${show(value)}`);
  if (value.length < MIN_PLAYERS || value.length > MAX_PLAYERS) {
    throw new RankError(`players: 3 Chip Stack is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${value.length}`);
  }
  const players = [];
  value.forEach((name, k) => {
    if (typeof name !== "string" || !name.trim()) throw new RankError(`players[${k}]: expected a name, not ${show(name)}`);
    if (players.includes(name)) {
      throw new RankError(`players[${k}]: ${show(name)} is named twice; give each player a different name`);
    }
    players.push(name);
  });
  const start = has(rec, "start") ? rec.start : DEFAULT_START;
  if (!isWhole(start) || start < 1 || start > MAX_START) {
    throw new RankError(`start: expected each player's starting chips, a whole number from 1 to ${MAX_START}, not ${show(start)}`);
  }
  const house = houseField(has(rec, "house") ? rec.house : null, HOUSE_OPTIONS, "house", RankError);
  // three-chip-stack-ruling-odd-chip: under next-hand a split's odd chips wait in the middle.
  const carry = house["odd-chip"] === "next-hand";
  let middle = 0;
  const total = start * players.length;
  const hands = has(rec, "hands") ? rec.hands : [];
  if (!Array.isArray(hands)) throw new RankError(`hands: expected a list of chip counts after each hand, not ${show(hands)}`);
  // Keyed by player name in Maps, never plain objects: a player may be called "__proto__" or
  // "toString", and an object would answer those from its prototype. The record's objects are
  // built at the end with Object.fromEntries, which makes every name an own key.
  let chips = new Map(players.map((p) => [p, start]));
  const out = new Map();
  let winner = null;
  hands.forEach((row, k) => {
    const where = `hands[${k}]`;
    if (winner !== null) throw new RankError(`${where}: the game is over: ${winner} won every chip in hand ${k}`);
    if (!isObject(row)) throw new RankError(`${where}: expected an object of chip counts by name, not ${show(row)}`);
    for (const name of Object.keys(row)) {
      if (!players.includes(name)) throw new RankError(`${where}: ${show(name)} is not one of the players`);
    }
    const after = new Map();
    for (const name of players) {
      if (!has(row, name)) {
        if (out.has(name)) {
          after.set(name, 0);
          continue;
        }
        throw new RankError(`${where}.${name}: missing (the chips ${name} holds after the hand)`);
      }
      const v = row[name];
      if (!isWhole(v)) throw new RankError(`${where}.${name}: expected a whole number of chips, not ${show(v)}`);
      if (v < 0) throw new RankError(`${where}.${name}: ${v} is negative; nobody holds fewer than no chips`);
      if (v > MAX_POINTS) throw new RankError(`${where}.${name}: ${overPoints(v, "chips")}`);
      if (out.has(name) && v > 0) {
        throw new RankError(`${where}.${name}: ${name} went out in hand ${out.get(name)} and is out of the game, so holds no chips (three-chip-stack-elimination)`);
      }
      after.set(name, v);
    }
    const held = players.reduce((s, p) => s + after.get(p), 0);
    const holding = players.filter((p) => after.get(p) > 0).length;
    if (carry && held < total && total - held < holding) {
      // The chips a split left over, in the middle for the next hand's pot: fewer than its
      // winners, who all hold chips after it.
      middle = total - held;
    } else if (held !== total) {
      const diff = held - total;
      const what = diff > 0 ? `${chipsWord(diff)} too many` : `${chipsWord(-diff)} missing`;
      let why = "Chips are never created or lost, only won and lost between players";
      if (carry && diff < 0) {
        const kept = holding > 1 ? `at most ${chipsWord(holding - 1)}` : "none, as only one player holds chips";
        why = `A split leaves fewer chips in the middle for the next hand than it has winners (house rule odd-chip: next-hand; here ${kept}), and chips are never created or lost, only won and lost between players`;
      }
      throw new RankError(`${where}: the counts add up to ${held}, but the table holds ${total} chips (${players.length} players with ${start} each): ${what}. ${why}`);
    } else {
      middle = 0;
    }
    for (const name of players) {
      if (after.get(name) === 0 && !out.has(name)) out.set(name, k + 1);
    }
    chips = after;
    const live = players.filter((p) => chips.get(p) > 0);
    if (live.length === 1) winner = live[0];
  });
  const ranking = [];
  const live = players.filter((p) => chips.get(p) > 0).sort((a, b) => chips.get(b) - chips.get(a));
  for (const p of live) {
    const last = ranking[ranking.length - 1];
    if (last && chips.get(last[0]) === chips.get(p)) last.push(p);
    else ranking.push([p]);
  }
  const gone = players.filter((p) => out.has(p)).sort((a, b) => out.get(b) - out.get(a));
  for (const p of gone) {
    const last = ranking[ranking.length - 1];
    if (last && out.has(last[0]) && out.get(last[0]) === out.get(p)) last.push(p);
    else ranking.push([p]);
  }
  const first = ranking[0];
  let decidedBy;
  let explanation;
  if (winner !== null) {
    decidedBy = "all-chips";
    explanation = `${winner} holds all ${total} chips and wins.`;
  } else if (first.length === 1) {
    decidedBy = "chips";
    explanation = `${first[0]} leads with ${chips.get(first[0])} of the ${total} chips.`;
  } else {
    decidedBy = "shared";
    explanation = `${names(first)} lead with ${chips.get(first[0])} chips each.`;
  }
  if (middle) explanation += ` ${chipsWord(middle)} ${middle === 1 ? "waits" : "wait"} in the middle for the next hand.`;
  const record = { ranking, decided_by: decidedBy, explanation, chips: Object.fromEntries(chips), out: Object.fromEntries(out), total, played: hands.length, finished: winner !== null };
  if (carry) record.middle = middle;
  return record;
}

/** The score sheet's record: same input and output as `rulebook rank 3-chip-stack --jsonl`. */
export function rank(input) {
  return guarded(rankRecord, input);
}
