// The Chips practice table (issue 16): a whole game of eight rounds against the computer on the
// practice page's [data-practice-game="chips"] (generator/templates/play/page.html). Every move
// goes through the whole-game engine (../chips.js); at the end of a round every hand is told
// from the engine's own score record (state.rounds[..].results) in the scorer's words
// (../../widgets/chips.js explainHand). Tap a card, then Discard; take from the deck or tap one
// of the top three of the pile. A move that is not allowed shows the engine's refusal with its rule.

import * as engine from "../chips.js";
import {
  HAND_SIZES, HOUSE_OPTIONS, arrangementRecord, bestArrangement, cardValue, describeMeld, parseGroup,
} from "../../engine/chips.js";
import { card as cardOf, cardSymbol } from "../../engine/cards.js";
import { el, face, faces, onEveryPage, sentence } from "../../widgets/dom.js";
import { explainHand } from "../../widgets/chips.js";
import {
  HUMAN, bringIntoView, drawPointsSeats, drawShared, freshSeed, nextButtons, onTypedCard, opponentLine, ruleQuote, scoresTable, seatLongName,
  seatName, showSummary, startTable, tableShell, turnsToYou, typedCardForm,
} from "./common.js";

const GAME = "chips";
const ROUNDS = HAND_SIZES.length; // chips-hand-sizes: eight rounds, three cards to ten
const DEPTH = ["the top card", "the second card down", "the third card down"]; // chips-discard-depth
const DEPTH_LABEL = ["top", "2nd down", "3rd down"];
const DECIDED_RULE = {
  total: "chips-winner", calls: "chips-tie-most-calls", shared: "chips-ruling-shared-win",
};

const sym = (code) => cardSymbol(cardOf(code));
const listOf = (words) => (words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`);
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const times = (n) => ({ 0: "no times", 1: "once", 2: "twice" }[n] ?? `${n} times`);
/** A seat's name at the start of a sentence ("You", "Player 2") or inside one ("you"). */
const nameOf = (seat, start = true) => (seat === HUMAN && !start ? "you" : seatName(seat));
/** "You win" / "Player 2 wins": people are "you" at seat 0. */
const says = (seat, you, they, start = true) => `${nameOf(seat, start)} ${seat === HUMAN ? you : they}`;
const whose = (seat, start = true) => (seat === HUMAN ? (start ? "Your" : "your") : `${seatName(seat)}'s`);
/** The Chips engine names the rule first ("chips-turn: take a card ..."); the tables' refusals
 * (common.js refusalNodes) read it at the end ("... (chips-turn)"). */
const ruleLast = (message) => String(message).replace(/^([a-z0-9]+(?:-[a-z0-9]+)+): ([\s\S]*)$/, "$2 ($1)");
/** The seat that holds (or held) the extra card this round: the dealer's left (chips-deal,
 * chips-rotation), or the seat drawn by lot in the nine-or-more variant. */
const extraSeat = (state) => engine.extraSeat(state);
/** The seat that had the extra card in a finished round (its record in state.rounds): the engine's
 * extraSeat, for that round's number and dealer (the state has dealt the next round already). */
const roundExtraSeat = (state, round) => engine.extraSeat({ ...state, round: round.round - 1, dealer: round.dealer });
/** Whether this round's extra card was drawn by lot (chips-variant-random-extra, nine or more). */
const drawnByLot = (state) => (state.extraSeats || []).length > Math.min(state.round, ROUNDS - 1);
/** The status's words on the extra card, after "Player 4 dealt; ": who has it and opens, by lot
 * under the nine-or-more variant. */
function extraWords(state) {
  const s = extraSeat(state);
  if (drawnByLot(state)) {
    const opens = state.phase === "open" ? (s === HUMAN ? "so you open" : "who opens") : (s === HUMAN ? "so you opened" : "who opened");
    return `the extra card was drawn by lot (never to the same player twice in a game) and went to ${nameOf(s, false)}, ${opens} the round.`;
  }
  const line = `${says(s, "have", "has", false)} the extra card.`;
  if ((state.house || {})["random-extra"] !== "played") return line;
  // The table plays the nine-or-more variant, but not this many players (chips-variant-random-extra).
  return `${line} The nine-or-more variant needs nine players, so the extra card goes to the dealer's left.`;
}

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five"];
/** "three turns": the gentle computer's wait (engine.GENTLE_TURNS), in words. */
const gentleTurns = () => plural(engine.GENTLE_TURNS, "turn").replace(/^\d+/, NUMBER_WORDS[engine.GENTLE_TURNS] ?? String(engine.GENTLE_TURNS));

/** The log line of a move (state before and after) against the computer at `level` (issue 28: the
 * gentle one says why it calls, and why it plays on). What the computer takes off the deck is
 * face down and stays unsaid; a card from the pile is named. */
function describe(move, before, after, level = "standard") {
  const seat = before.seat;
  const who = seatName(seat);
  const ended = after.rounds.length > before.rounds.length;
  let line;
  if (move.type === "discard") {
    const lot = before.phase === "open" && drawnByLot(before) ? ", drawn by lot for the extra card," : "";
    line = before.phase === "open"
      ? `${who}${lot} opened round ${before.round + 1} by throwing away ${sym(move.card)}`
      : `${who} threw away ${sym(move.card)}`;
    if (before.caller !== null && after.phase === "layOff") {
      line += `. That was the last turn: ${says(before.caller, "lay", "lays", false)} the groups down, and the others lay off`;
    }
  } else if (move.type === "take") {
    const turnedOver = move.from === "deck" && before.deck.length === 0;
    if (move.from === "deck") {
      const taken = after.turns[after.turns.length - 1].taken;
      line = seat === HUMAN ? `You took ${sym(taken)} from the deck` : `${who} took a card from the deck`;
    } else {
      const index = move.index ?? 0;
      line = `${who} took ${sym(before.pile[before.pile.length - 1 - index])} from the pile (${DEPTH[index]})`;
    }
    if (turnedOver) line = `The deck ran out, so the pile but its top card was turned over as the new deck. ${line}`;
  } else if (move.type === "call") {
    line = level === "gentle" && seat !== HUMAN
      ? `${who} called chips: every card in the hand is in a group, and everyone has had ${gentleTurns()} this round. Everyone else has one last turn`
      : `${who} called chips! Everyone else has one last turn`;
  } else if (move.type === "pass") {
    line = level === "gentle" && seat !== HUMAN
      ? `${who} could call chips (every card is in a group) but plays on: the gentle computer waits until everyone has had ${gentleTurns()} this round`
      : `${who} played on without calling`;
  } else {
    const rec = ended ? after.rounds[after.rounds.length - 1].results[seat] : after.layOff.results[seat];
    line = rec.laid_off.length ? `${who} laid off ${listOf(rec.laid_off.map(sym))}` : `${who} had nothing to lay off`;
  }
  if (ended) line += `. Round ${before.round + 1} is over`;
  return `${line}.`;
}

/** Totals as they stood after each round, one list a seat. */
function runningTotals(rounds, players) {
  const out = Array.from({ length: players }, () => []);
  for (let p = 0; p < players; p += 1) {
    let sum = 0;
    for (const r of rounds) out[p].push((sum += r.scores[p]));
  }
  return out;
}

/** What decided the game, in words: the engine's result.decidedBy, with the numbers. */
function decidedWords(state) {
  const { ranking, decidedBy, calls } = state.result;
  const first = ranking[0];
  const w = first[0];
  if (decidedBy === "shared") {
    return `${listOf(first.map((p, i) => nameOf(p, i === 0)))} share the win: level on total (${state.totals[w]}), on chips called and after every round.`;
  }
  if (decidedBy === "total") return `${says(w, "win", "wins")} with the lowest total, ${state.totals[w]}.`;
  const r = ranking[1][0];
  const tied = listOf([w, ...ranking.slice(1).flat().filter((p) => state.totals[p] === state.totals[w])].map((p, i) => nameOf(p, i === 0)));
  if (decidedBy === "calls") {
    return `${tied} tie on ${state.totals[w]}; ${says(w, "called", "called", false)} chips ${times(calls[w])}, ${nameOf(r, false)} ${times(calls[r])}, so ${says(w, "win", "wins", false)}.`;
  }
  const size = Number(String(decidedBy).split("-")[1]);
  const idx = HAND_SIZES.indexOf(size);
  const line = runningTotals(state.rounds, state.players);
  return `${tied} tie on ${state.totals[w]} and on chips called; after the ${size}-card round ${nameOf(w, false)} had ${line[w][idx]} and ${nameOf(r, false)} ${line[r][idx]}, so ${says(w, "win", "wins", false)}.`;
}

function mount(root) {
  const button = (attrs, text, primary = true) => el("button", {
    type: "button", class: `md-button${primary ? " md-button--primary" : ""} rb-table__button`, ...attrs,
  }, text);

  // --- The parts of the table, built once --------------------------------------------------
  const shell = tableShell(root, GAME, "chips", { heading: "Your hand" });
  if (!shell) return;
  const { setup, note, status, seats, logList, logLive, summary, shareLine, you, prompt, hand, actions, message } = shell;
  const called = el("p", { class: "rb-table__called", "data-called": "" });
  const tableBox = el("div", { class: "rb-table__laid-down", "data-table": "" });
  const pile = el("div", { class: "rb-table__pile", "data-pile": "" });
  const pileText = el("p", { class: "rb-table__pile-text" });
  const pileCards = el("div", { class: "rb-table__hand rb-table__pile-cards", role: "group", "aria-label": "The top of the discard pile" });
  pile.append(pileText, pileCards);

  const deckButton = button({ "data-move": "take-deck" }, "Take from the deck");
  const discardButton = button({ "data-move": "discard" }, "Discard");
  const callButton = button({ "data-move": "call" }, "Call chips");
  const passButton = button({ "data-move": "pass" }, "Play on", false);
  const layOffButton = button({ "data-move": "layOff" }, "Lay off my cards");
  const hintButton = button({ "data-hint": "" }, "Hint", false);
  actions.append(deckButton, discardButton, callButton, passButton, layOffButton, hintButton);
  const typed = typedCardForm({
    id: "rb-table-chips-typed", name: "Throw a card away by name", label: "Or type a card to throw away",
    button: "Discard it", jokers: true,
  });
  const now = el("details", { class: "rb-table__now", "data-now": "" });
  const nowSummary = el("summary");
  const nowBody = el("div", { class: "rb-table__now-body" });
  now.append(nowSummary, nowBody);
  you.append(message, now, typed.form);

  // The end of a round shows first (above the seats), where the eye is after the last move.
  // The log follows your hand (issue 28): on a phone the pile and your cards share one screen.
  root.replaceChildren(setup, note, status, summary, seats, called, tableBox, pile, you, logLive, logList, shareLine);

  let selected = null; // the card chosen to throw away
  let selectedAt = -1; // and its place in the hand (two packs: two copies may be held)
  const nowCache = new Map();

  // --- Drawing ------------------------------------------------------------------------------
  function drawSeats(state, toAct) {
    drawPointsSeats(seats, state, toAct, (li, s) => {
      // Until the opening throw (chips-opening-discard) the seat still holds it.
      if (s === extraSeat(state)) li.append(state.phase === "open" ? " · holds the extra card" : " · had the extra card");
      if (s === state.caller) li.append(" · called chips");
    });
  }

  function groupList(groups, label) {
    const list = el("ol", { class: "rb-result__groups", "aria-label": label });
    for (const g of groups) {
      const li = el("li");
      li.append(faces(g.cards), " ", el("span", { class: "rb-result__words" }, sentence(describeMeld(g))));
      list.append(li);
    }
    return list;
  }

  function drawPile(state, mine) {
    const n = state.pile.length;
    pile.dataset.top = n ? state.pile[n - 1] : "";
    pileText.textContent = n
      ? `Discard pile: ${plural(n, "card")}. ${mine && state.phase === "take" ? "Tap one of the top three to take it" : "The top three may be taken"}, top first:`
      : "The discard pile is empty: the round opens with a throw away.";
    pileCards.replaceChildren();
    for (let i = 0; i < Math.min(engine.PILE_REACH, n); i += 1) {
      const code = state.pile[n - 1 - i];
      const b = el("button", { type: "button", class: "rb-table__card", "data-pile-index": String(i), "data-card": code });
      b.append(el("span", { class: "rb-table__sr" }, "Take "), face(code),
        el("span", { class: "rb-table__can" }, DEPTH_LABEL[i]), el("span", { class: "rb-table__sr" }, " from the pile"));
      pileCards.append(b);
    }
    pileCards.hidden = n === 0;
  }

  function drawHand(state, mine) {
    const cards = state.hands[HUMAN];
    if (selected !== null && cards[selectedAt] !== selected) selectedAt = cards.indexOf(selected);
    if (selectedAt < 0) selected = null;
    const discarding = mine && (state.phase === "open" || state.phase === "discard");
    hand.replaceChildren();
    cards.forEach((code, i) => {
      const on = selected !== null && i === selectedAt;
      const b = el("button", { type: "button", class: "rb-table__card", "data-card": code, "data-index": String(i), "aria-pressed": String(on) });
      b.append(face(code));
      if (on) b.append(el("span", { class: "rb-table__can", "aria-hidden": "true" }, "✓ chosen"));
      else if (discarding) b.append(el("span", { class: "rb-table__can", "aria-hidden": "true" }, "tap"));
      hand.append(b);
    });
  }

  /** How the hand would score now (during the lay-off, with the caller's groups to lay off on):
   * the engine's best arrangement, in the scorer's words. */
  function drawNow(state) {
    const cards = state.hands[HUMAN];
    const onto = state.phase === "layOff" && state.table ? state.table : null;
    // The table's rules (issue 25): under K-A-2 "never a group" the hand scores otherwise.
    const house = state.house || {};
    const key = `${cards.join(" ")}|${onto ? JSON.stringify(onto) : ""}|${JSON.stringify(house)}`;
    let rec = nowCache.get(key);
    if (rec === undefined) {
      rec = arrangementRecord(bestArrangement(cards.map(cardOf), onto ? onto.map((g) => parseGroup(g, undefined, house)) : null, house));
      if (nowCache.size > 64) nowCache.clear();
      nowCache.set(key, rec);
    }
    nowSummary.textContent = `How your hand scores as it stands: ${plural(rec.score, "point")}`;
    nowBody.replaceChildren(...explainHand(rec).nodes);
    now.dataset.score = String(rec.score);
    now.hidden = cards.length === 0;
  }

  function drawPrompt(state, mine, toAct, roundShown) {
    const { phase } = state;
    const last = state.caller !== null && state.caller !== HUMAN && phase !== "layOff" ? " This is your last turn: chips has been called." : "";
    if (state.over) prompt.textContent = "The game is over.";
    else if (roundShown) prompt.textContent = "The round is over: see the scores above.";
    else if (!mine) prompt.textContent = `Waiting for ${seatName(toAct)}…`;
    else if (phase === "open") {
      const why = drawnByLot(state) ? "The extra card was drawn by lot and came to you" : "You hold the extra card";
      prompt.textContent = `${why}, so you open the round: throw one card away, without taking one first. Tap it, then Discard.`;
    }
    else if (phase === "take") prompt.textContent = `Your turn: take a card, from the deck or one of the top three of the pile.${last}`;
    else if (phase === "discard") {
      // chips-ruling-throw-back: under the house reading not-allowed, the card taken from the pile
      // is no discard now, and the prompt says so rather than promising it may go back.
      const { taken } = state.turns[state.turns.length - 1];
      const back = engine.legalMoves(state).some((m) => m.card === taken)
        ? "the card just taken may go straight back"
        : `at your table ${sym(taken)}, just taken from the pile, may not go straight back`;
      prompt.textContent = `Now throw one card away: tap it, then Discard (${back}).${last}`;
    }
    else if (phase === "call") prompt.textContent = "Every card in your hand is in a group: call chips, or play on.";
    else prompt.textContent = `${says(state.caller, "have", "has")} laid the groups down: lay off any of your cards that fit them.`;
  }

  /** The order lay-offs are taken in, said in words (issue 37, chips-ruling-layoff-order): this
   * table lays off one player at a time in turn order from the caller's left (play/chips.js
   * layOff), each onto the groups as the players before left them. Under the house reading
   * "as-laid" the order is the one the cards went down in, which here is that same turn order. */
  function layOffOrder(state) {
    const asLaid = (state.house || {})["lay-off-order"] === "as-laid";
    const words = asLaid
      ? "Lay-offs are taken in the order the cards were laid down (your table's rule for this site's scorers). At this practice table everyone lays off in turn, starting on the caller's left, so that is the order: each player lays off onto the groups as the players before left them."
      : "Lay-offs are taken in turn order from the caller's left: each player lays off onto the groups as the players before left them.";
    return el("p", { class: "rb-table__layoff-order", "data-layoff-order": asLaid ? "as-laid" : "turn-order" }, words);
  }

  function drawRound(ctl) {
    const state = ctl.state();
    const round = state.rounds[state.rounds.length - 1];
    const caller = round.caller;
    summary.replaceChildren();
    summary.dataset.round = String(round.round);
    summary.append(el("h3", { id: "rb-table-chips-summary", class: "rb-table__heading" }, `Round ${round.round} of ${ROUNDS} is over`));
    summary.append(el("p", {}, `${says(caller, "called", "called")} chips and ${caller === HUMAN ? "score" : "scores"} nothing this round. Everyone else laid off what they could onto the caller's groups (numbered below) and counts the cards left over.`));
    // The next round can be dealt from here, or from the summary's foot (issue 40: neither pinned).
    const next = state.over ? null : nextButtons("data-next-round", `Deal round ${state.round + 1}`, () => {
      say([]);
      ctl.seeRound();
    });
    if (next) summary.append(next[0]);
    summary.append(layOffOrder(state));
    const hands = el("ul", { class: "rb-table__hands", "aria-label": `Every hand of round ${round.round}` });
    const order = Array.from({ length: state.players }, (_, k) => (caller + k) % state.players);
    const extra = roundExtraSeat(state, round);
    for (const s of order) {
      const rec = round.results[s];
      const li = el("li", {
        class: "rb-table__hand-result", "data-hand-seat": String(s), "data-score": String(round.scores[s]),
        "data-loose": rec.loose.join(" "), "data-laid-off": rec.laid_off.join(" "),
      });
      const head = el("p", { class: "rb-table__hand-head" });
      const notes = [s === caller ? "called chips" : "", s === extra ? "had the extra card" : ""].filter(Boolean);
      head.append(el("strong", {}, seatLongName(s)), `: ${plural(round.scores[s], "point")}${notes.length ? ` (${notes.join(", ")})` : ""}`);
      if (s === extra) li.dataset.extraCard = "";
      li.append(head);
      if (s !== caller) {
        const held = el("p", { class: "rb-table__held" }, "Held: ");
        held.append(faces(round.hands[s]));
        li.append(held);
      }
      li.append(...explainHand(rec, { numbered: s === caller }).nodes);
      hands.append(li);
    }
    summary.append(hands);
    const rows = [];
    for (let s = 0; s < state.players; s += 1) {
      const tr = el("tr", { "data-round-seat": String(s), "data-points": String(round.scores[s]) });
      tr.append(el("th", { scope: "row" }, seatLongName(s)), el("td", {}, String(round.scores[s])),
        el("td", { "data-total": String(state.totals[s]) }, String(state.totals[s])));
      rows.push(tr);
    }
    summary.append(scoresTable(`Round ${round.round}, and the totals (lowest wins after ${ROUNDS} rounds)`,
      ["Player", `Round ${round.round}`, "Total"], rows));
    for (const id of ["chips-scoring", "chips-caller-scores-zero"]) {
      const q = ruleQuote(id);
      if (q) summary.append(q);
    }
    if (state.over) {
      const { ranking, decidedBy, calls } = state.result;
      summary.append(el("h3", { class: "rb-table__heading" }, `After ${ROUNDS} rounds`));
      const list = el("ol", { class: "rb-table__ranking", "data-ranking": "", "data-winners": ranking[0].join(","), "data-decided-by": decidedBy });
      let place = 1;
      for (const seatsHere of ranking) {
        for (const s of seatsHere) {
          const li = el("li", { "data-place": String(place), "data-seat": String(s), value: String(place) });
          li.append(el("strong", {}, `${seatLongName(s)}${seatsHere.length > 1 ? " (a shared place)" : ""}`),
            `, ${plural(state.totals[s], "point")}, called chips ${times(calls[s])}`);
          list.append(li);
        }
        place += seatsHere.length;
      }
      summary.append(list);
      summary.append(el("p", { class: "rb-table__winner", "data-winners": ranking[0].join(",") }, decidedWords(state)));
      const q = ruleQuote(DECIDED_RULE[decidedBy] || "chips-tie-round-totals");
      if (q) summary.append(q);
      const again = button({ "data-again": "" }, "Play a new game");
      again.addEventListener("click", () => {
        ctl.seeRound();
        selected = null;
        selectedAt = -1;
        ctl.newGame(state.players, freshSeed());
      });
      summary.append(again);
    } else {
      summary.append(next[1]);
    }
  }

  /** Where focus was inside the table's controls, so a redraw can put it back. */
  function focusKey() {
    const a = document.activeElement;
    if (!a || !root.contains(a) || a.tagName !== "BUTTON") return null;
    for (const name of ["move", "pileIndex", "index", "hint"]) {
      if (a.dataset[name] !== undefined) return [name, a.dataset[name], a.closest("[data-hand]") ? "hand" : ""];
    }
    return null;
  }

  function restoreFocus(key) {
    if (!key) return;
    const a = document.activeElement;
    if (a && a !== document.body && root.contains(a) && a.isConnected) return;
    const [name, value] = key;
    const attr = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const same = root.querySelector(`[data-${attr}="${value}"]`);
    const visible = (b) => b && !b.disabled && b.offsetParent !== null;
    const target = [same, ...actions.querySelectorAll("button"), hand.querySelector("button")].find(visible);
    if (target) target.focus({ preventScroll: true });
  }

  function draw(ctl) {
    const keep = focusKey();
    const { state, record: rec, toAct, roundShown, mine } = ctl.view();
    const turn = roundShown ? "round-over" : toAct === null ? "over" : toAct === HUMAN ? "you" : "computer";
    const yours = turnsToYou(root, turn, state.phase);
    root.dataset.turn = turn;
    drawShared(root, shell, ctl, 6);
    root.dataset.phase = state.phase;
    const number = Math.min(state.round + 1, ROUNDS);
    status.textContent = roundShown
      ? `The scores of round ${state.rounds.length} of ${ROUNDS} are below. Seed ${rec.seed}.`
      : `Round ${number} of ${ROUNDS}: ${state.handSize} cards each, and ${state.handSize + 1} to the player with the extra card. ${seatName(state.dealer)} dealt; ${extraWords(state)} ${plural(state.deck.length, "card")} in the deck. Seed ${rec.seed}. ${opponentLine(ctl.opponent())}`;
    seats.hidden = roundShown; // the summary's table has the totals; the next deal waits
    drawSeats(state, roundShown ? null : toAct);
    called.hidden = roundShown || state.caller === null || state.phase === "layOff";
    if (!called.hidden) {
      called.textContent = `${says(state.caller, "have", "has")} called chips. Everyone else has one last turn; the caller's groups stay hidden until then.`;
    }
    tableBox.hidden = roundShown || state.phase !== "layOff" || !state.table;
    if (!tableBox.hidden) {
      tableBox.replaceChildren(el("p", {}, `On the table: ${whose(state.caller, false)} groups, with what has been laid off so far.`),
        groupList(state.table, `${whose(state.caller)} groups`), layOffOrder(state));
      const q = ruleQuote("chips-lay-off");
      if (q) tableBox.append(q);
    }
    pile.hidden = roundShown || state.phase === "layOff"; // after the last turn nobody takes
    drawPile(state, mine);

    you.hidden = roundShown;
    drawHand(state, mine);
    drawNow(state);
    drawPrompt(state, mine, toAct, roundShown);
    const { phase } = state;
    deckButton.hidden = !(mine && phase === "take");
    deckButton.disabled = !engine.legalMoves(state).some((m) => m.type === "take" && m.from === "deck");
    deckButton.textContent = state.deck.length ? "Take from the deck" : "Take from the deck (the pile is turned over)";
    // Only what the moment allows (issue 28): a card is chosen, and thrown away, only while a
    // card is to be thrown away; the typed form too (its refusals stay for what is typed).
    const discarding = mine && (phase === "open" || phase === "discard");
    discardButton.hidden = !(discarding && selected !== null);
    if (selected !== null) discardButton.replaceChildren("Discard ", face(selected));
    callButton.hidden = passButton.hidden = !(mine && phase === "call");
    layOffButton.hidden = !(mine && phase === "layOff");
    hintButton.disabled = !mine;
    typed.button.disabled = !mine;
    typed.form.hidden = !discarding;

    showSummary(root, summary, roundShown || state.over, () => drawRound(ctl));
    if (yours) bringIntoView([pile, tableBox, you], actions, yours);
    root.dataset.drawn = "true";
    restoreFocus(keep);
  }

  // --- Starting, and the human's moves ------------------------------------------------------
  const started = startTable(root, shell, {
    game: GAME, engine, minPlayers: engine.MIN_PLAYERS, maxPlayers: engine.MAX_PLAYERS, defaultPlayers: 4, describe, draw,
    options: HOUSE_OPTIONS, // the table's own rules (issue 25): K-A-2, throwing back the card just taken
  }, {
    message,
    words: ruleLast,
    forget: () => { // the card chosen to throw away goes with the move made, or the game
      selected = null;
      selectedAt = -1;
    },
  });
  if (!started) return;
  const { ctl, say, act } = started;

  hand.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-card]");
    if (!b) return;
    const { phase } = ctl.state();
    if (!ctl.humanToAct() || (phase !== "open" && phase !== "discard")) {
      say([el("p", { class: "rb-table__why" }, phase === "take"
        ? "First take a card, from the deck or the pile; then tap a card to throw away."
        : "No card is thrown away now.")]);
      return;
    }
    const on = b.getAttribute("aria-pressed") === "true";
    selected = on ? null : b.dataset.card;
    selectedAt = on ? -1 : Number(b.dataset.index);
    ctl.draw();
    // The card chosen is marked, and its wider mark can wrap the hand onto one more row (a long
    // hand on a phone): the Discard button it brings must not land below the screen.
    const below = actions.getBoundingClientRect().bottom - (window.innerHeight - 8);
    if (below > 0) window.scrollBy(0, below);
  });
  pileCards.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-pile-index]");
    if (b) act({ type: "take", from: "pile", index: Number(b.dataset.pileIndex) });
  });
  deckButton.addEventListener("click", () => act({ type: "take", from: "deck" }));
  discardButton.addEventListener("click", () => {
    if (selected !== null) act({ type: "discard", card: selected });
  });
  callButton.addEventListener("click", () => act({ type: "call" }));
  passButton.addEventListener("click", () => act({ type: "pass" }));
  layOffButton.addEventListener("click", () => act({ type: "layOff" }));
  onTypedCard(typed, { say, act }, (code) => ({ type: "discard", card: code }), { jokers: true });

  /** The hint: the computer's move for your seat (engine.botMove), and why, with the rule. */
  function hint(state) {
    const move = engine.botMove(state);
    const cards = state.hands[HUMAN];
    const nodes = [];
    const ids = [];
    let p;
    if (move.type === "discard") {
      const rest = cards.slice();
      rest.splice(rest.indexOf(move.card), 1);
      const house = state.house || {};
      const after = arrangementRecord(bestArrangement(rest.map(cardOf), null, house));
      const loose = arrangementRecord(bestArrangement(cards.map(cardOf), null, house)).loose.includes(move.card);
      p = el("p", { class: "rb-table__hint", "data-hint-move": `discard ${move.card}` }, "Hint: the computer would throw away ");
      p.append(face(move.card));
      if (after.score === 0 && !after.loose.length && state.caller === null && state.phase === "discard") {
        p.append(": every card left is then in a group, so you may call chips.");
        ids.push("chips-call");
      } else if (loose) {
        p.append(`: it is in no group and counts ${cardValue(cardOf(move.card))}; your hand would then score ${plural(after.score, "point")}. The computer throws away the dearest loose card, less for each loose card it might still join.`);
        ids.push("chips-scoring");
      } else {
        p.append(`: your hand would then score ${plural(after.score, "point")}, the fewest of any card thrown away.`);
        ids.push("chips-scoring");
      }
      ids.push(state.phase === "open" ? "chips-opening-discard" : "chips-turn");
    } else if (move.type === "take" && move.from === "deck") {
      p = el("p", { class: "rb-table__hint", "data-hint-move": "take deck" },
        "Hint: take from the deck: none of the top three of the pile would join a group of yours and lower your score.");
      ids.push("chips-discard-depth");
    } else if (move.type === "take") {
      const code = state.pile[state.pile.length - 1 - move.index];
      p = el("p", { class: "rb-table__hint", "data-hint-move": `take pile ${move.index}` }, "Hint: take ");
      p.append(face(code), `, ${DEPTH[move.index]} of the pile: ${cardOf(code).rank === "2" || code === "JK" ? "it is wild, so it fits any group and counts nothing" : "it joins your cards in a group, and your hand scores less with it"}.`);
      ids.push("chips-discard-depth");
      if (move.index > 0) ids.push("chips-ruling-discard-depth");
    } else if (move.type === "call") {
      p = el("p", { class: "rb-table__hint", "data-hint-move": "call" }, "Hint: call chips: every card of your hand is in a group, so you score nothing this round. Your groups:");
      nodes.push(p, groupList(move.groups, "Your groups"));
      p = null;
      ids.push("chips-call");
    } else {
      p = el("p", { class: "rb-table__hint", "data-hint-move": "layOff" },
        "Hint: lay off: your cards that fit the caller's groups go onto them and stop counting against you.");
      ids.push("chips-lay-off", "chips-ruling-layoff-aim");
    }
    if (p) nodes.push(p);
    for (const id of ids) {
      const q = ruleQuote(id);
      if (q) nodes.push(q);
    }
    return nodes;
  }

  hintButton.addEventListener("click", () => {
    if (ctl.humanToAct()) say(hint(ctl.state()));
  });

  ctl.draw();
  ctl.schedule();
}

onEveryPage('[data-practice-game="chips"]', mount);
