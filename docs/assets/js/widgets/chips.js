// The Chips hand scorer. Reveals and runs the form that generator/site/widgets.py renders
// (hidden until now) into [data-widget="chips"]: results as you type (and on Enter, without a
// reload) right under the Cards field, kept on screen while the grid is in use, a tap grid of the
// 52 cards and the joker that counts copies up to what the packs hold and stops at ten cards, the
// caller's groups for laying off (each read as the caller announced it: callerGroups), words for
// every group, errors beside the field they belong to (a card still being typed is not flagged),
// and a polite live region that waits for the answer to settle. Mounts inside Material's document$
// (instant navigation swaps the page without running scripts again); mounting twice does nothing.
// Text goes in with textContent only: what people type is never read as HTML.

import * as engine from "../engine/chips.js";
import { parseCard, cardSymbol, spokenName } from "../engine/cards.js";
import { clip } from "../engine/limits.js";
import { el, face, faces, sentence, tidy, announcer, onEveryPage, mountGrid, reveal, showAnswer, tokensOf } from "./dom.js";
import { followedWords, houseFor, onHouseChange } from "../house/current.js";
import { startRoundScorers } from "./chips-round.js";

const { scoreChips, describeMeld, cardValue, isWild } = engine;
const GAME = "chips";
const SELECTOR = '[data-widget="chips"]';
const MAX_CARDS = 10; // chips-hand-sizes
const mounted = new WeakSet();
/** Each mounted scorer's update, so a change of the table's rules scores again. */
const updates = new Map();

/** The table's rules (issue 25) as the engine takes them: {} while the engine names no house
 * options (the record then goes without a `house`, and the family's rules apply). */
const tableHouse = () => (engine.HOUSE_OPTIONS ? houseFor(GAME, { options: engine.HOUSE_OPTIONS }) : {});

const tokens = tokensOf;
const canonical = (tok) => { try { return parseCard(tok).code; } catch { return null; } };
const spoken = (code) => spokenName(parseCard(code));

const KIND_WORD = /^(run|set):?$/i;

/** The caller's groups from text, each read as the caller announced it ("8H 8S 8D; run 8H JK 2S"),
 * as the engine's group records. A group's cards say what it is: the natural cards all of one rank
 * make a set (one natural card and wilds too), all of one suit a run. The word "run" (or "set")
 * before the cards says what the cards alone cannot: "run 8H JK 2S" is the 8, 9 and 10 of hearts,
 * the cards in run order, each wild standing for the place it sits in (chips-ruling-wild-stays).
 * A group of wilds alone stands as the caller announced it (chips-ruling-wild-set-rank): "=" and a
 * rank after its cards makes it a set of that rank ("2S 2H JK = Q", three Queens), "=" and a card
 * a run from that card up ("JK JK 2C = 10D", the 10, Jack and Queen of diamonds); with nothing
 * announced it is a set of 2s. Throws an Error in words, naming the group, for a group it cannot
 * read; the engine judges the rest. */
export function callerGroups(text) {
  const parts = text.split(/[;\n|]/).map((p) => p.trim()).filter(Boolean);
  return parts.map((part, k) => {
    const name = `Caller's group ${k + 1}`;
    let cards = tokens(part.replaceAll("=", " = "));
    const said = cards.length && KIND_WORD.test(cards[0]) ? cards.shift().replace(":", "").toLowerCase() : null;
    const equals = cards.indexOf("=");
    const announced = equals < 0 ? null : cards.slice(equals + 1);
    if (announced) cards = cards.slice(0, equals);
    const parsed = cards.map((tok) => {
      if (KIND_WORD.test(tok)) throw new Error(`${name}: write "${tok.replace(":", "").toLowerCase()}" before its cards, not among them`);
      if (tok === "=") throw new Error(`${name}: write "=" once, after its cards`);
      try { return parseCard(tok); } catch { throw new Error(`${name}: '${clip(tok)}' is not a card; write cards like 8H, 10S, JK`); }
    });
    if (!cards.length) throw new Error(`${name}: write its cards ${said ? `after "${said}"` : "before \"=\""}`);
    const naturals = parsed.filter((c) => !isWild(c));
    if (announced) {
      if (naturals.length) {
        throw new Error(`${name}: "=" says what a group of wilds alone stands for; this group's other cards already say what it is`);
      }
      return announcedGroup(name, said, cards, announced);
    }
    if (!naturals.length) {
      if (said === "run") throw new Error(`${name}: a run of wilds alone needs its place: write "=" and its first card after the cards, like run JK 2S 2H = 10D`);
      return { kind: "set", rank: "2", cards };
    }
    const [first] = naturals;
    if (said === "set" || (!said && naturals.every((c) => c.rank === first.rank))) return { kind: "set", rank: first.rank, cards };
    if (said === "run" || naturals.every((c) => c.suit === first.suit)) return { kind: "run", suit: first.suit, cards };
    throw new Error(`${name} (${cards.join(" ")}) is neither a set (one rank) nor a run (one suit)`);
  });
}

const RANK_WORD = /^(A|K|Q|J|T|10|[2-9])$/i;
const RANK_NUMBERS = { A: 1, J: 11, Q: 12, K: 13 };

/** A group of wilds alone as announced after "=": a rank, a set of that rank; a card, a run from
 * that card up, each wild in the place it sits in (chips-ruling-wild-set-rank). */
function announcedGroup(name, said, cards, announced) {
  const how = 'after "=" write a rank for a set (like = Q) or the first card of a run (like = 10D)';
  if (announced.length !== 1) throw new Error(`${name}: ${how}`);
  const [word] = announced;
  if (RANK_WORD.test(word)) {
    if (said === "run") throw new Error(`${name}: a run is announced by its first card, like = 10D, not by a rank`);
    const rank = word.toUpperCase() === "T" ? "10" : word.toUpperCase();
    return { kind: "set", rank, cards };
  }
  let from;
  try { from = parseCard(word); } catch { throw new Error(`${name}: '${clip(word)}' is neither a rank nor a card; ${how}`); }
  if (from.rank === "JK") throw new Error(`${name}: a joker stands for another card; ${how}`);
  if (said === "set") throw new Error(`${name}: a set is announced by its rank, like = Q, not by a card`);
  const lo = RANK_NUMBERS[from.rank] || Number(from.rank);
  if (lo + cards.length - 1 > 14) {
    throw new Error(`${name}: ${cards.length} cards from ${cardSymbol(from)} would go past the Ace (a run may not wrap round)`);
  }
  return { kind: "run", suit: from.suit, cards, lo };
}

/** An engine message in words, and the field it belongs beside. */
function explain(message) {
  let m = /^caller_groups\[(\d+)\](?:\.cards(?:\[\d+\])?)?: (.*)$/s.exec(message);
  if (m) return { field: "caller", text: `Caller's group ${Number(m[1]) + 1}: ${tidy(m[2])}` };
  m = /^caller_groups: (.*)$/s.exec(message); // more groups than a caller lays down (limits.js)
  if (m) return { field: "caller", text: `Caller's groups: ${tidy(m[1])}` };
  m = /^hand(?:\[\d+\])?: (.*)$/s.exec(message);
  if (m) return { field: "cards", text: tidy(m[1]) };
  return { field: "cards", text: tidy(message) };
}

/** A scored hand in the scorer's words: each group (what each wild stands for), the cards laid
 * off on the caller's groups, the loose cards and what they count. `rec` is a score record (the
 * engine's arrangementRecord: melds, lay_offs, loose, score), as scoreChips gives and as the
 * practice game keeps for every hand of a round (play/table/chips.js shows them with this).
 * `numbered`: the groups as a numbered list (the caller's, which lay-offs name by number).
 * Returns {nodes, words}: the elements, and the phrases a live region may speak. */
export function explainHand(rec, { numbered = false } = {}) {
  const nodes = [];
  const words = [];
  if (rec.melds.length) {
    const list = el(numbered ? "ol" : "ul", { class: "rb-result__groups", "aria-label": "Groups" });
    for (const meld of rec.melds) {
      const li = el("li");
      const said = describeMeld(meld);
      words.push(said);
      li.append(faces(meld.cards), " ", el("span", { class: "rb-result__words" }, sentence(said)));
      list.append(li);
    }
    nodes.push(list);
  }
  if (rec.lay_offs.length) {
    const p = el("p", { class: "rb-result__laid" }, "Laid off on the caller's groups: ");
    rec.lay_offs.forEach((lay, k) => {
      p.append(face(lay.card), ` on group ${lay.group + 1}`);
      const c = parseCard(lay.card);
      if (c.rank === "2" || c.rank === "JK") {
        p.append(` (as ${/[SHDC]$/.test(lay.as) ? cardSymbol(parseCard(lay.as)) : `a ${lay.as}`})`);
      }
      p.append(k < rec.lay_offs.length - 1 ? ", " : ".");
    });
    words.push(`laid off: ${rec.lay_offs.map((l) => spoken(l.card)).join(", ")}`);
    nodes.push(p);
  }
  if (rec.loose.length) {
    const p = el("p", { class: "rb-result__loose" }, "Left over: ");
    const values = rec.loose.map((code) => cardValue(parseCard(code)));
    p.append(faces(rec.loose), ` counting ${values.join(" + ")} = ${values.reduce((a, b) => a + b, 0)}.`);
    words.push(`left over: ${rec.loose.map(spoken).join(", ")}`);
    nodes.push(p);
  } else if (!rec.lay_offs.length || rec.score === 0) {
    nodes.push(el("p", { class: "rb-result__loose" }, "Every card is in a group or laid off: nothing left over."));
  }
  return { nodes, words };
}

function mount(root) {
  if (mounted.has(root)) return;
  mounted.add(root);
  root.dataset.mounted = "true";
  const form = root.querySelector("form");
  const input = root.querySelector('input[name="cards"]');
  const packs = root.querySelector('select[name="packs"]');
  const caller = root.querySelector('input[name="caller"]');
  const grid = root.querySelector("[data-grid]");
  const full = root.querySelector("[data-grid-full]");
  const result = root.querySelector("[data-result]");
  const announce = announcer(root.querySelector("[data-live]"));
  const errors = {
    cards: root.querySelector('[data-error-for="cards"]'),
    caller: root.querySelector('[data-error-for="caller"]'),
  };
  const fields = { cards: input, caller };
  if (!form || !input || !result) return;
  const maxCards = Number(root.dataset.maxCards) || MAX_CARDS;
  const placeholder = result.querySelector(".rb-widget__placeholder");
  const placeholderText = placeholder ? placeholder.textContent : "";
  const packCount = () => Number(packs ? packs.value : 1);

  function showError(field, text) {
    for (const [name, node] of Object.entries(errors)) {
      if (!node) continue;
      const on = name === field;
      node.textContent = on ? text : "";
      if (fields[name]) {
        if (on) fields[name].setAttribute("aria-invalid", "true");
        else fields[name].removeAttribute("aria-invalid");
      }
    }
  }

  /** The cards typed so far. While typing (not `final`), a last word with no space after it may
   * be a card half typed ("1" on the way to "10H"): it counts only once it reads as a card. */
  function handTokens(final) {
    const list = tokens(input.value);
    if (!final && list.length && !/[\s,]$/.test(input.value) && !canonical(list[list.length - 1])) list.pop();
    return list;
  }

  function render(rec, now, followed = "") {
    result.replaceChildren();
    result.dataset.score = String(rec.score);
    result.dataset.record = JSON.stringify(rec);
    const score = el("p", { class: "rb-result__score" });
    score.append("Score: ", el("strong", {}, String(rec.score)));
    result.append(score);
    const { nodes, words } = explainHand(rec);
    result.append(...nodes);
    if (followed) result.append(el("p", { class: "rb-result__house", "data-house-rule": "" }, followed));
    announce(`Score ${rec.score}. ${words.map(sentence).join(". ")}.${followed ? ` ${followed}` : ""}`, { now });
  }

  function clearResult(text) {
    result.replaceChildren();
    result.dataset.score = "";
    delete result.dataset.record;
    if (text) result.append(el("p", { class: "rb-widget__placeholder" }, text));
  }

  /** Score what is typed. `final` (Enter, leaving a field, a tap) checks every word; while typing
   * the word under the cursor waits, and so does a caller's group still being typed. */
  function update({ final = true, now = false } = {}) {
    syncGrid();
    const hand = handTokens(final);
    if (!hand.length) {
      showError(null, "");
      clearResult(placeholderText);
      announce("", { now });
      return;
    }
    const typingCaller = !final && caller && document.activeElement === caller && !/[\s;,|]$/.test(caller.value);
    const house = tableHouse();
    const housed = Object.keys(house).length > 0;
    let groupsUsed = null;
    const attempt = (text) => {
      let groups = null;
      try {
        groups = text.trim() ? callerGroups(text) : null;
      } catch (e) {
        return { error: e, field: "caller", text: e.message };
      }
      groupsUsed = groups;
      const input = { hand, packs: packCount(), caller_groups: groups };
      const rec = scoreChips(housed ? { ...input, house } : input);
      return rec.error ? { error: rec.error, ...explain(rec.error) } : { rec };
    };
    const callerText = caller ? caller.value : "";
    let out = attempt(callerText);
    if (out.error && out.field === "caller" && typingCaller) {
      out = attempt(callerText.split(/[;\n|]/).slice(0, -1).join(";")); // the group being typed waits
    }
    if (out.error) {
      showError(out.field, out.text);
      clearResult("");
      announce(out.text, { now });
      return;
    }
    showError(null, "");
    // The family's answer beside the table's: when they differ, the answer says which rule it followed.
    const family = housed ? scoreChips({ hand, packs: packCount(), caller_groups: groupsUsed }) : out.rec;
    const changed = housed && !family.error && JSON.stringify(family) !== JSON.stringify(out.rec);
    result.dataset.houseFollowed = changed ? Object.keys(house).sort().join(" ") : "";
    render(out.rec, now, changed ? followedWords(GAME, house) : "");
  }

  const syncGrid = mountGrid({
    grid, full, input, packs: packCount, maxCards, announce, changed: () => update(),
    fullText: `The hand is full: a Chips hand holds at most ${maxCards} cards. Tap a card in it to take it out.`,
  });
  reveal(root);
  updates.set(root, () => { if (input.value.trim()) update(); });

  form.addEventListener("submit", (event) => {
    event.preventDefault(); // Enter scores in place: the page never reloads
    update({ now: true });
    showAnswer(result);
  });
  input.addEventListener("input", () => update({ final: false }));
  input.addEventListener("blur", () => update());
  if (caller) {
    caller.addEventListener("input", () => update({ final: false }));
    caller.addEventListener("blur", () => update());
  }
  if (packs) packs.addEventListener("change", () => update());
  // An address may carry a hand to score (?cards=8H+8S&caller=...), as the plain form once sent it.
  const params = new URLSearchParams(window.location.search);
  if (params.has("cards") && !input.value) input.value = params.get("cards");
  if (params.has("caller") && caller && !caller.value) caller.value = params.get("caller");
  if (params.has("packs") && packs && [...packs.options].some((o) => o.value === params.get("packs"))) {
    packs.value = params.get("packs");
  }
  if (input.value) update();
  else syncGrid();
}

// Under node (the drills' tests import explainHand through play/drills/chips.js) there is no page.
if (typeof document !== "undefined") {
  onEveryPage(SELECTOR, mount);
  startRoundScorers({ explainHand }); // "Score a whole round", just after this scorer (issue 25)
  // Once per module (instant navigation keeps the document and its listeners).
  onHouseChange(GAME, () => {
    for (const [root, again] of [...updates]) {
      if (root.isConnected) again();
      else updates.delete(root);
    }
  });
}
