// The Chips drill of the practice page, "Score this hand" (issue 16): a hand of the round's size
// dealt from a seeded pack (play/rng.js), optionally with a caller's groups to lay off onto, the
// learner's score checked by the browser engine (engine/chips.js scoreChips: never a second
// scorer here) and explained in the page scorer's own words (widgets/chips.js explainHand), with
// the rules it rests on quoted from the page. A focus deals hands that exercise one thing: wilds
// in a group, an Ace in a run (or loose), a card that lays off.
//
// chipsQuestion(seed, settings) is pure (the same seed and settings give the same question, under
// node too: tests/js/drills.test.mjs); mounting happens only in a browser page.

import * as engine from "../../engine/chips.js";
import { RANK_NUMBER, buildDeck, parseCard } from "../../engine/cards.js";
import { below, seedState, shuffled } from "../rng.js";
import { el, faces, onEveryPage, sentence } from "../../widgets/dom.js";
import { explainHand } from "../../widgets/chips.js";
import { drillHouse, houseLine, quote, runDrill } from "./common.js";

const { HAND_SIZES, describeMeld, isWild, scoreChips } = engine;

export const FOCI = ["any", "wilds", "aces", "lay-off"];
/** How often a focus tries a fresh deal before taking the last good one (each try is one score). */
export const TRIES = 40;
/** The caller laid down a whole hand of the round's size: its groups, by size (three or more each). */
const CALLER_PARTS = { 3: [3], 4: [4], 5: [5], 6: [3, 3], 7: [3, 4], 8: [4, 4], 9: [3, 3, 3], 10: [3, 3, 4] };
const RANK_AT = [null, "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]; // run position -> rank

const cardOf = (code) => parseCard(code);
const wild = (code) => isWild(cardOf(code));
const isAce = (code) => cardOf(code).rank === "A";
/** Run positions of a card: an Ace is 1 and 14 (chips-aces). */
const positions = (c) => (c.rank === "A" ? [1, 14] : [RANK_NUMBER[c.rank]]);
const codeAt = (pos, suit) => RANK_AT[pos] + suit;

/** Take the first card of `deck` (a list of codes, changed in place) that `pred` accepts. */
function take(deck, pred) {
  const k = deck.findIndex(pred);
  return k < 0 ? null : deck.splice(k, 1)[0];
}

/** One of the caller's groups of `size` natural cards, from the deck: a set or a run. */
function callerGroup(deck, size, preferRun) {
  const kinds = preferRun ? ["run", "set"] : ["set", "run"];
  for (const kind of kinds) {
    for (const code of deck) {
      const c = cardOf(code);
      if (isWild(c)) continue;
      if (kind === "set") {
        if (size > 4) continue;
        const same = deck.filter((d) => cardOf(d).rank === c.rank);
        if (same.length < size) continue;
        const cards = same.slice(0, size);
        for (const d of cards) deck.splice(deck.indexOf(d), 1);
        return { kind: "set", rank: c.rank, cards };
      }
      // A run through this card, from the 3 up (a natural 2 is wild: never a caller's run card here).
      for (const p of positions(c)) {
        for (let lo = Math.max(3, p - size + 1); lo <= Math.min(p, 14 - size + 1); lo++) {
          const cards = [];
          for (let q = lo; q < lo + size; q++) cards.push(codeAt(q, c.suit));
          if (cards.every((d) => deck.includes(d))) {
            for (const d of cards) deck.splice(deck.indexOf(d), 1);
            return { kind: "run", suit: c.suit, lo, cards };
          }
        }
      }
    }
  }
  return null;
}

/** The cards of the deck that would go onto one of the caller's groups (a lay-off). */
function fitting(deck, groups) {
  return deck.filter((code) => {
    const c = cardOf(code);
    if (isWild(c)) return false;
    return groups.some((g) => {
      if (g.kind === "set") return c.rank === g.rank;
      const hi = g.lo + g.cards.length - 1;
      return c.suit === g.suit && positions(c).some((p) => (p === g.lo - 1 && p !== 2) || p === hi + 1);
    });
  });
}

/** The cards a focus puts in the hand before the rest is dealt. */
function core(deck, focus, groups, s) {
  const out = [];
  let pick;
  if (focus === "wilds") {
    const w = take(deck, wild);
    const x = take(deck, (d) => !wild(d));
    if (w) out.push(w);
    if (x) {
      out.push(x);
      const cx = cardOf(x);
      // A partner it groups with through the wild: the same rank, or one or two places along in its suit.
      const partner = take(deck, (d) => {
        const c = cardOf(d);
        if (isWild(c)) return false;
        if (c.rank === cx.rank) return true;
        return c.suit === cx.suit && positions(c).some((p) => positions(cx).some((q) => [1, 2].includes(Math.abs(p - q))));
      });
      if (partner) out.push(partner);
    }
  } else if (focus === "aces") {
    const ace = take(deck, isAce);
    if (ace) {
      out.push(ace);
      const suit = cardOf(ace).suit;
      [pick, s] = below(s, 4);
      // Low (A-2-3: a 3, with a wild for the 2), high (Q-K-A), a set of Aces, or a lone Ace.
      const wanted = [["3" + suit, "wild"], ["K" + suit, "Q" + suit], ["A", "wild"], []][pick];
      for (const want of wanted) {
        const got = want === "wild" ? take(deck, wild) : want === "A" ? take(deck, isAce) : take(deck, (d) => d === want);
        if (got) out.push(got);
      }
    }
  } else if (focus === "lay-off") {
    const fits = fitting(deck, groups);
    if (fits.length) {
      [pick, s] = below(s, fits.length);
      out.push(fits[pick]);
      deck.splice(deck.indexOf(fits[pick]), 1);
    }
  }
  return [out, s];
}

/** Does the engine's answer exercise the focus? */
function exercises(focus, hand, rec, strict) {
  if (focus === "wilds") {
    return rec.melds.some((m) => m.cards.some(wild)) || rec.lay_offs.some((l) => wild(l.card));
  }
  if (focus === "aces") {
    if (!hand.some(isAce)) return false;
    return !strict || rec.melds.some((m) => m.kind === "run" && m.cards.some(isAce)) || rec.loose.some(isAce);
  }
  if (focus === "lay-off") return rec.lay_offs.length > 0;
  return true;
}

/** Settings from a form or the address, checked: round 1-8, a known focus, caller's groups or not. */
export function chipsSettings({ round = 1, focus = "any", caller = false } = {}) {
  const r = Number(round);
  return {
    round: Number.isInteger(r) && r >= 1 && r <= HAND_SIZES.length ? r : 1,
    focus: FOCI.includes(focus) ? focus : "any",
    caller: caller === true || caller === "yes",
  };
}

/** The question of a seed: {seed, round, size, focus, hand, caller_groups, record, next}. */
export function chipsQuestion(seed, settings = {}) {
  const { round, focus, caller } = chipsSettings(settings);
  const size = HAND_SIZES[round - 1];
  const withCaller = caller || focus === "lay-off";
  const pack = buildDeck(1, true).map((c) => c.code);
  let s = seedState(seed);
  let last = null;
  for (let attempt = 0; attempt < TRIES; attempt++) {
    let deck;
    [deck, s] = shuffled(s, pack);
    let groups = null;
    if (withCaller) {
      groups = [];
      let runFirst;
      for (const part of CALLER_PARTS[size]) {
        [runFirst, s] = below(s, 2);
        const g = callerGroup(deck, part, runFirst === 1);
        if (g) groups.push(g);
      }
    }
    let hand;
    [hand, s] = core(deck, focus, groups || [], s);
    hand = hand.slice(0, size);
    while (hand.length < size) hand.push(deck.shift());
    [hand, s] = shuffled(s, hand);
    const record = scoreChips({ hand, packs: 1, caller_groups: groups });
    if (record.error) continue; // never: the cards come from one pack; a guard all the same
    last = { seed, round, size, focus, caller: withCaller, hand, caller_groups: groups, record };
    if (exercises(focus, hand, record, attempt < TRIES / 2)) break;
  }
  return { ...last, next: s };
}

// --- The page -------------------------------------------------------------------------------

/** The rules the answer rests on, by id (quoted from the page). */
export function rulesOf(rec) {
  const ids = [];
  const groups = rec.melds;
  if (groups.some((m) => m.cards.every(wild))) ids.push("chips-ruling-wild-groups");
  else if (groups.some((m) => m.cards.some(wild))) ids.push("chips-wilds");
  if (groups.some((m) => m.kind === "run" && m.cards.some(isAce))) ids.push("chips-aces");
  if (rec.lay_offs.length) ids.push("chips-lay-off");
  if (rec.lay_offs.some((l) => wild(l.card))) ids.push("chips-ruling-lay-off-wild");
  if (rec.loose.length) ids.push("chips-card-values");
  if (!ids.length) ids.push("chips-groups");
  return ids;
}

function show(q, box) {
  const head = el("p", { class: "rb-drill__prompt" }, `Your hand in round ${q.round}, ${q.size} cards:`);
  const hand = el("p", { class: "rb-drill__cards", "data-hand": q.hand.join(" ") });
  hand.append(faces(q.hand));
  box.append(head, hand);
  if (q.caller_groups && q.caller_groups.length) {
    box.append(el("p", { class: "rb-drill__prompt" }, "Someone else called chips and laid down:"));
    const list = el("ol", { class: "rb-drill__groups", "data-caller": JSON.stringify(q.caller_groups) });
    for (const g of q.caller_groups) {
      const li = el("li");
      li.append(faces(g.cards), " ", el("span", { class: "rb-result__words" }, sentence(describeMeld(g))));
      list.append(li);
    }
    box.append(list);
  }
}

function mount(root) {
  runDrill(root, {
    game: "chips",
    settingsOf: (form) => {
      const s = chipsSettings({ round: form.elements.round.value, focus: form.elements.focus.value, caller: form.elements.caller.checked });
      return { round: s.round, focus: s.focus, caller: s.caller ? "yes" : "no" };
    },
    applySettings: (form, params) => {
      const s = chipsSettings({ round: params.get("round") ?? 1, focus: params.get("focus") ?? "any", caller: params.get("caller") ?? false });
      form.elements.round.value = String(s.round);
      form.elements.focus.value = s.focus;
      form.elements.caller.checked = s.caller;
    },
    question: (seed, settings) => chipsQuestion(seed, chipsSettings(settings)),
    show,
    resetAnswer: (form) => {
      form.elements.score.value = "";
      form.elements.score.removeAttribute("aria-invalid");
    },
    answerOf: (form) => {
      const field = form.elements.score;
      const text = field.value.trim();
      if (!text) return { error: "Type the score you count first, like 14.", field };
      if (!/^\d{1,3}$/.test(text)) return { error: `Type the score as a whole number, like 14, not “${text.slice(0, 20)}”.`, field };
      return { score: Number(text) };
    },
    judge: (q, given) => {
      // By the table's rules (issue 25): scored again with them, when they set any.
      const house = drillHouse("chips", engine.HOUSE_OPTIONS);
      const housed = Object.keys(house).length > 0;
      const byHouse = housed ? scoreChips({ hand: q.hand, packs: 1, caller_groups: q.caller_groups, house }) : q.record;
      const rec = byHouse.error ? q.record : byHouse;
      const changed = rec !== q.record && JSON.stringify(rec) !== JSON.stringify(q.record);
      const right = given.score === rec.score;
      const headWords = right ? [`It scores ${rec.score}.`] : [`It scores ${rec.score}, not ${given.score}.`];
      const { nodes } = explainHand(rec); // the page scorer's words: groups, lay-offs, loose
      const why = el("div", { class: "rb-drill__rules" });
      for (const id of rulesOf(rec)) {
        const qn = quote(root, id);
        if (qn) why.append(qn);
      }
      if (why.childNodes.length) nodes.push(why);
      if (changed) nodes.push(houseLine("chips", house));
      return { right, head: headWords, nodes };
    },
  });
}

if (typeof document !== "undefined") onEveryPage('[data-drill="chips"]', mount);
