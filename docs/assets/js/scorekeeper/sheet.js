// What a saved game says, in words and seats, without any DOM: who deals each row, the leader or
// the winner as a sentence, why a player level on points is placed lower, and an engine message
// turned into words for people. Used by the view (view.js) and the exports (share.js).
import { seatForRound } from "../engine/rank/chips.js";
import { dealerOfHand } from "../engine/rank/chains.js";
import { nextDealer } from "../engine/rank/3-chip-stack.js";
import { declaredOf, houseOf, own, rankOf, unknownHouse } from "./store.js";
import { clip } from "../engine/limits.js";

export const listNames = (list) =>
  list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;

export const ordinal = (n) => {
  const s = { 1: "st", 2: "nd", 3: "rd" }[n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] ?? "th";
  return `${n}${s}`;
};

/** "round" (Chips) or "hand" (the others). */
export const unitOf = (game) => (game.game === "chips" ? "round" : "hand");

/** An engine message for people: "hands[2].Bo: ..." -> "Hand 3 (Bo): ...". */
export function humanize(message) {
  return message.replace(/^(rounds|hands)\[(\d+)\](?:\.scores)?(?:\.([^:]+))?(?:: )?/, (m, kind, i, name) =>
    `${kind === "rounds" ? "Round" : "Hand"} ${Number(i) + 1}${name ? ` (${name})` : ""}: `);
}

/** Which box of row `index` an engine message is about: "rounds[3].scores.Cy: ..." -> "Cy",
 * "rounds[3].called: ..." -> "called"; null when it is about the row as a whole. */
export function fieldOf(raw, game, index) {
  const at = `${game.game === "chips" ? "rounds" : "hands"}[${index}]`;
  if (index === undefined || !raw.startsWith(at)) return null;
  const rest = raw.slice(at.length);
  if (rest.startsWith(".called:")) return "called";
  const hit = game.players
    .filter((p) => rest.startsWith(`.scores.${p}:`) || rest.startsWith(`.${p}:`))
    .sort((a, b) => b.length - a.length)[0];
  return hit ?? null;
}

/** Who deals each row (and, for Chips, who gets the extra card), from the seating order. */
export function seats(game, index) {
  const n = game.players.length;
  if (game.game === "chips") {
    const [dealer, extra] = seatForRound(n, index);
    return { dealer: game.players[dealer], extra: game.players[extra] };
  }
  // A declared game (issue 38) deals as the sheet says of every game: the first player first, then
  // the deal passes one seat to the left each hand.
  if (game.game === "chains" || declaredOf(game.game)) return { dealer: game.players[dealerOfHand(n, index)] };
  // 3 Chip Stack: the deal passes to the left, skipping players who are out (the engine's rule).
  let dealer = 0;
  for (let k = 0; k < index && k < game.rows.length; k++) {
    const chips = game.players.map((p) => own(game.rows[k], p) ?? 0);
    dealer = nextDealer(chips, dealer) ?? dealer;
  }
  return { dealer: game.players[dealer] };
}

/** The words for the leader or the winner. */
export function sentence(game, result) {
  const first = result.ranking[0];
  if (!game.rows.length) return "";
  if (game.game === "3-chip-stack") return result.explanation;
  if (result.finished) {
    if (game.game === "chips" || declaredOf(game.game)) return result.explanation;
    return first.length > 1
      ? `${listNames(first)} share the win on ${own(result.totals, first[0])}.`
      : `${first[0]} wins with the lowest total, ${own(result.totals, first[0])}.`;
  }
  const after = `after ${unitOf(game)} ${game.rows.length}`;
  return first.length > 1
    ? `${listNames(first)} share the lead on ${own(result.totals, first[0])} ${after}.`
    : `${first[0]} leads on ${own(result.totals, first[0])} ${after}.`;
}

/** Why `below` is placed under `above` when both have the same total (Chips: the tie-breakers,
 * asked of the engine for just the two of them), or null when their totals differ. */
export function whyBelow(game, result, above, below, handSizes = []) {
  if (game.game !== "chips") return null;
  const total = own(result.totals, above);
  if (total !== own(result.totals, below)) return null;
  const pair = [above, below];
  const rounds = game.rows.map((row) => ({
    scores: Object.fromEntries(pair.map((p) => [p, own(row.scores, p) ?? 0])),
    called: pair.includes(row.called) ? row.called : null,
  }));
  const two = rankOf({ ...game, players: pair, rows: rounds });
  if ("error" in two) return null;
  const times = (n) => ({ 0: "no times", 1: "once", 2: "twice" })[n] ?? `${n} times`;
  if (two.decided_by === "calls") {
    return `Level with ${above} on ${total}, placed below by the first tie-breaker: ` +
      `${above} called chips ${times(own(two.calls, above))}, ${below} ${times(own(two.calls, below))}.`;
  }
  const m = /^round-(\d+)$/.exec(two.decided_by || "");
  if (m) {
    const size = Number(m[1]);
    const index = handSizes.indexOf(size);
    const upTo = (p) => game.rows.slice(0, index + 1).reduce((sum, row) => sum + (own(row.scores, p) ?? 0), 0);
    return `Level with ${above} on ${total} and on chips called, placed below by the second tie-breaker: ` +
      `after the ${size}-card round ${above} had ${upTo(above)}, ${below} ${upTo(below)}.`;
  }
  return null;
}

// --- the table's rules (issue 25) -------------------------------------------------------------

/** The house options of a game's kind, as the page gives them (generator/site/scorekeeper.py
 * house_config: ids, values, defaults and the readings in words), or []. */
export const optionsOf = (info) => (info && info.house && Array.isArray(info.house.options) ? info.house.options : []);

/** One option's choice in the page's words, the game file's short label (issue 37): "K-A-2: never
 * a group", "Same rank: allowed"; without one (an older page's data) "<title>: <reading>", or for a
 * variant "Same rank allowed (played)". */
export function readingWords(option, value) {
  const at = option.values.indexOf(value);
  if (Array.isArray(option.short) && typeof option.short[at] === "string") return option.short[at];
  const label = option.labels[at] ?? value;
  return option.kind === "variant" ? `${option.title} (${label.toLowerCase()})` : `${option.title}: ${label.replace(/[.\s]+$/, "")}`;
}

/** Whose rules a game kind follows by default, as its page says: "the family's", "the article's",
 * "Kuglics and Licari's" (the game file's source:, via generator/site/scorekeeper.py house_config). */
export const whoseOf = (info) => (info && info.house && typeof info.house.whose === "string" && info.house.whose) || "the family's";

/** The table's rules a game is played by, in words: one phrase per option it sets away from the
 * family's rules, then each one this page does not know, quoted as it came. [] for none. */
export function houseWords(game, info) {
  const options = optionsOf(info);
  const house = houseOf(game, options);
  const known = options.filter((o) => Object.hasOwn(house, o.id)).map((o) => readingWords(o, house[o.id]));
  const unknown = unknownHouse(game, options).map(([id, value]) => `“${clip(id)}: ${clip(String(value))}” (a rule this page does not know, kept as it came)`);
  return [...known, ...unknown];
}

/** What to say when a game came by link or file with table's rules this page cannot follow, or null. */
export function houseNotice(game, info, houseUnread = false) {
  if (houseUnread) return `Its table's rules could not be read, so it came without them: the sheet follows ${whoseOf(info)} rules.`;
  const unknown = unknownHouse(game, optionsOf(info));
  if (!unknown.length) return null;
  const said = unknown.map(([id, value]) => `“${clip(id)}: ${clip(String(value))}”`).join(", ");
  return `Its table's rules name ${unknown.length === 1 ? "one" : "some"} this page does not know (${said}): ` +
    "they are kept with the game as they came, and the rest of the game is here.";
}
