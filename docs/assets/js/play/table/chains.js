// The Chains practice table (issue 16): a whole game of ten hands against the computer on the
// practice page's [data-practice-game="chains"] (generator/templates/play/page.html). Every move
// goes through the whole-game engine (../chains.js); the points at the end of a hand are the
// browser engine's (../../engine/chains.js POINTS, scoreChains), the same as the scorer's.
// Tap a card to play it; a card that cannot go shows the engine's refusal with its rule.

import * as engine from "../chains.js";
import { HOUSE_OPTIONS, POINTS, houseVariants, judgePlay, scoreChains } from "../../engine/chains.js";
import { card as cardOf, cardSymbol } from "../../engine/cards.js";
import { el, face, onEveryPage } from "../../widgets/dom.js";
import {
  HUMAN, bringIntoView, drawPointsSeats, drawShared, freshSeed, nextButtons, onTypedCard, opponentLine, ruleQuote, scoresTable, seatLongName,
  seatName, showSummary, startTable, tableShell, turnsToYou, typedCardForm,
} from "./common.js";

const GAME = "chains";
const HANDS = 10; // chains-game
// The Quick start's own words (issue 28): it says "one rank higher or lower ... or the same suit"
// and names only the royal, so the table does not say "run" or "flush" (chains-run, chains-flush).
const KIND_WORDS = {
  royal: "a royal: one rank away and the same suit", run: "one rank up or down", flush: "the same suit", same: "the same card",
};
/** The engine's refusal ("one rank up or down (a run) or of the same suit (a flush)") in the
 * Quick start's words: the names it never introduces left out. */
const ownWords = (message) => String(message).replace(/ \(a (?:run|flush)\)/g, "");
const KIND_RULE = { royal: "chains-royal", run: "chains-run", flush: "chains-flush" };

const sym = (code) => cardSymbol(cardOf(code));
const top = (state) => state.pile[state.pile.length - 1];

// The computer's levels in Chains' words (issue 28; ../chains.js LEVELS): the gentle one never
// plays again after a royal (chains-ruling-royal: a choice).
const LEVEL_WORDS = { gentle: "Gentle: gives you time, never plays again after a royal", standard: "Standard" };
const LEVEL_LINES = {
  gentle: "You play the gentle computer: it gives you time, and never plays again after a royal.",
  standard: "You play the standard computer: it plays again after a royal when that helps it.",
};
/** Why the gentle computer stopped after its royal, in the log. */
const GENTLE_STOP = "the gentle computer never plays again after a royal, to give you time";

/** The log line of a move (state before and after) against the computer at `level`. */
function describe(move, before, after, level = "standard") {
  const gentle = level === "gentle" && before.turn !== HUMAN && before.again;
  const who = seatName(before.turn);
  const verb = (you, they) => (before.turn === HUMAN ? you : they);
  let line;
  if (move.action === "play") {
    line = `${who} ${verb("played", "played")} ${sym(move.card)} on ${sym(top(before))} (${KIND_WORDS[after.last.kind] || after.last.kind})`;
    if (after.last.wentOut) line += `, and ${verb("are", "is")} out`;
    else if (after.last.again) line += `, and may play again`;
  } else if (move.action === "draw") {
    line = gentle
      ? `${who} stopped after the royal and drew a card: ${GENTLE_STOP}`
      : `${who} ${verb("could not play and drew a card", "could not play and drew a card")}`;
  } else {
    line = gentle ? `${who} stopped after the royal: ${GENTLE_STOP}` : before.again ? `${who} stopped after the royal` : `${who} passed`;
  }
  if (after.last.handOver) line += `. Hand ${before.handNumber} is over`;
  return `${line}.`;
}

/** "K♠ 20 + 7♥ 10 = 30 points": the engine's points of a hand, card by card. */
function pointsLine(hand, score) {
  const checked = scoreChains({ hand, decks: 1 });
  const total = typeof checked.score === "number" ? checked.score : score;
  if (!hand.length) return "no cards: 0 points";
  const parts = hand.map((code) => `${sym(code)} ${POINTS[cardOf(code).rank]}`);
  return `${parts.join(" + ")} = ${total} points`;
}

function mount(root) {
  // --- The parts of the table, built once --------------------------------------------------
  const shell = tableShell(root, GAME, "chains", { heading: "Your hand" });
  if (!shell) return;
  const { setup, note, status, seats, logList, logLive, summary, shareLine, you, prompt, hand, actions, message } = shell;
  const pile = el("p", { class: "rb-table__pile", "data-pile": "" });

  const drawButton = el("button", { type: "button", class: "md-button md-button--primary rb-table__button", "data-move": "draw" }, "Draw a card");
  const passButton = el("button", { type: "button", class: "md-button md-button--primary rb-table__button", "data-move": "pass" }, "Pass");
  const hintButton = el("button", { type: "button", class: "md-button rb-table__button", "data-hint": "" }, "Hint");
  actions.append(drawButton, passButton, hintButton);
  const typed = typedCardForm({
    id: "rb-table-chains-typed", name: "Play a card by name", label: "Or type a card to play", button: "Play it",
  });
  you.append(message, typed.form);

  // The end of a hand shows first (above the seats), where the eye is after the last move.
  // The log follows your hand (issue 28): on a phone the pile and your cards share one screen.
  root.replaceChildren(setup, note, status, summary, seats, pile, you, logLive, logList, shareLine);
  // The pile's top card as the hand in play left it: while a hand's points show, the pile shows
  // that hand's last card, not the next hand's first (issue 28).
  let handTop = null;

  // --- Drawing ------------------------------------------------------------------------------
  function drawRound(ctl) {
    const state = ctl.state();
    const round = state.rounds[state.rounds.length - 1];
    summary.replaceChildren();
    summary.append(el("h3", { id: "rb-table-chains-summary", class: "rb-table__heading" }, `Hand ${round.number} of ${HANDS} is over`));
    summary.append(el("p", {}, round.out !== null && round.out !== undefined
      ? `${seatName(round.out)} ${round.out === HUMAN ? "are" : "is"} out. Everyone else counts the cards left in their hand.`
      : "Nobody could play or draw, so the hand ended there and everyone counts the cards they hold."));
    // The next hand can be dealt from here, or from the summary's foot (issue 40: neither pinned).
    const next = state.over ? null : nextButtons("data-next-hand", `Deal hand ${state.handNumber}`, () => ctl.seeRound());
    if (next) summary.append(next[0]);
    const rows = round.hands.map((cards, s) => {
      const tr = el("tr", { "data-round-seat": String(s), "data-points": String(round.scores[s]) });
      tr.append(el("th", { scope: "row" }, seatLongName(s)));
      const td = el("td");
      if (cards.length) {
        const row = el("span", { class: "rb-table__left" });
        cards.forEach((c) => row.append(face(c), " "));
        td.append(row);
      }
      td.append(el("span", { class: "rb-table__points" }, pointsLine(cards, round.scores[s])));
      tr.append(td, el("td", { "data-total": String(state.totals[s]) }, String(state.totals[s])));
      return tr;
    });
    summary.append(scoresTable(`Points of hand ${round.number}, and the totals (lowest wins after ${HANDS} hands)`,
      ["Player", "Cards left and points", "Total"], rows));
    const points = ruleQuote("chains-scoring");
    if (points) summary.append(points);
    if (state.over) {
      const names = state.winners.map(seatName);
      const words = names.length === 1
        ? (state.winners[0] === HUMAN ? "You win the game, with the lowest total." : `${names[0]} wins the game, with the lowest total.`)
        : `${names.join(" and ")} share the win, on equal lowest totals.`;
      summary.append(el("p", { class: "rb-table__winner", "data-winners": state.winners.join(",") }, `After ${HANDS} hands: ${words}`));
      const again = el("button", { type: "button", class: "md-button md-button--primary rb-table__button", "data-again": "" }, "Play a new game");
      again.addEventListener("click", () => {
        ctl.seeRound();
        ctl.newGame(state.players, freshSeed());
      });
      summary.append(again);
    } else {
      summary.append(next[1]);
    }
  }

  /** The card or button of your hand that had the focus (issue 42): each draw builds the hand
   * anew, so the focus would fall to <body> with the card just played, and a keyboard player
   * would start again from the top of the page. */
  function focusKey() {
    const a = document.activeElement;
    if (!a || !you.contains(a) || a.tagName !== "BUTTON") return null;
    return { card: a.dataset.card || null, move: a.dataset.move || null };
  }

  /** The focus put back where it was lost: on the same card or button, else your first card you
   * may play, else your first card, else the Draw or Pass button, else the status line. A hand
   * just over leaves it to its summary (showSummary). */
  function restoreFocus(key, over) {
    if (!key || over) return;
    const a = document.activeElement;
    if (a && a !== document.body && a.isConnected && a.getClientRects().length) return;
    const shown = (b) => b && !b.hidden && b.getClientRects().length > 0;
    const same = key.card ? hand.querySelector(`[data-card="${key.card}"]`)
      : key.move ? actions.querySelector(`[data-move="${key.move}"]`) : null;
    const target = [same, hand.querySelector('[data-playable="true"]'), hand.querySelector("button"), drawButton, passButton].find(shown);
    (target || status).focus({ preventScroll: true });
  }

  function draw(ctl) {
    const keep = focusKey();
    const { state, record: rec, toAct, roundShown, mine } = ctl.view();
    const turn = roundShown ? "round-over" : toAct === null ? "over" : toAct === HUMAN ? "you" : "computer";
    const yours = turnsToYou(root, turn);
    root.dataset.turn = turn;
    drawShared(root, shell, ctl, 5);
    const ended = state.rounds[state.rounds.length - 1];
    status.textContent = roundShown && ended
      ? `Hand ${ended.number} of ${HANDS} is over: its points are below. Seed ${rec.seed}.`
      : `Hand ${Math.min(state.handNumber, HANDS)} of ${HANDS}. ${state.deck.length} card${state.deck.length === 1 ? "" : "s"} in the deck. Seed ${rec.seed}. ${opponentLine(ctl.opponent(), LEVEL_LINES)}`;
    drawPointsSeats(seats, state, roundShown ? null : toAct);
    seats.hidden = roundShown; // the summary's table has the totals; the next deal waits
    you.hidden = roundShown;
    let shownTop = top(state);
    if (roundShown) shownTop = state.last && state.last.action === "play" && state.last.card ? state.last.card : handTop;
    else handTop = shownTop;
    pile.hidden = !shownTop;
    if (shownTop) {
      pile.replaceChildren("Top of the pile: ", face(shownTop));
      pile.dataset.top = shownTop;
    }

    const legal = mine ? engine.legalMoves(state) : [];
    const playable = new Set(legal.filter((m) => m.action === "play").map((m) => m.card));
    hand.replaceChildren();
    for (const code of state.hands[HUMAN]) {
      const can = playable.has(code);
      const b = el("button", { type: "button", class: "rb-table__card", "data-card": code, "data-playable": String(can) });
      b.append(face(code));
      if (mine) {
        b.append(el("span", { class: "rb-table__can", "aria-hidden": "true" }, can ? "✓ play" : "✗"),
          el("span", { class: "rb-table__sr" }, can ? ", can be played" : ", cannot be played"));
      }
      hand.append(b);
    }
    drawButton.hidden = !legal.some((m) => m.action === "draw");
    passButton.hidden = !legal.some((m) => m.action === "pass");
    passButton.textContent = state.again ? "Stop here" : "Pass";
    hintButton.disabled = !mine;
    typed.button.disabled = !mine;
    typed.form.hidden = !mine; // only while a card may be played (issue 28)
    if (state.over) prompt.textContent = "The game is over.";
    else if (roundShown) prompt.textContent = "The hand is over: see the points below.";
    else if (!mine) prompt.textContent = `Waiting for ${seatName(toAct)}…`;
    else if (state.again && legal.some((m) => m.action === "draw")) {
      prompt.textContent = "Your royal lets you play again: tap another card marked ✓, or draw a card to stop (your table's rules).";
    } else if (state.again) prompt.textContent = "Your royal lets you play again: tap another card marked ✓, or stop here.";
    else if (playable.size) prompt.textContent = "Your turn: tap a card marked ✓ to play it on the pile (one rank up or down, or the same suit).";
    else if (legal[0] && legal[0].action === "draw") prompt.textContent = "Your turn: no card of yours can go on the pile, so you draw.";
    else prompt.textContent = "Your turn: no card of yours can go on the pile, so you pass.";

    showSummary(root, summary, roundShown || state.over, () => drawRound(ctl));
    restoreFocus(keep, roundShown || state.over);
    if (yours) bringIntoView([pile, you], actions, yours);
    root.dataset.drawn = "true";
  }

  // --- Starting, and the human's moves ------------------------------------------------------
  const started = startTable(root, shell,
    {
      game: GAME, engine, minPlayers: 2, maxPlayers: 6, defaultPlayers: 3, describe, draw, options: HOUSE_OPTIONS, levelWords: LEVEL_WORDS,
    }, { message, words: ownWords });
  if (!started) return;
  const { ctl, say, act } = started;

  hand.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-card]");
    if (b) act({ action: "play", card: b.dataset.card });
  });
  drawButton.addEventListener("click", () => act({ action: "draw" }));
  passButton.addEventListener("click", () => act({ action: "pass" }));
  onTypedCard(typed, { say, act }, (code) => ({ action: "play", card: code }));
  hintButton.addEventListener("click", () => {
    if (!ctl.humanToAct()) return;
    const state = ctl.state();
    const move = engine.botMove(state);
    const nodes = [];
    if (move.action === "play") {
      const kind = judgePlay(cardOf(top(state)), cardOf(move.card), 1, houseVariants(state.house || {})).kind;
      const p = el("p", { class: "rb-table__hint", "data-hint-move": `play ${move.card}` }, "Hint: the computer would play ");
      p.append(face(move.card), ` on ${sym(top(state))} (${KIND_WORDS[kind]}): of the cards you may play, it leaves your hand holding the fewest points.`);
      nodes.push(p);
      const q = ruleQuote(KIND_RULE[kind]);
      if (q) nodes.push(q);
    } else if (move.action === "draw") {
      nodes.push(el("p", { class: "rb-table__hint", "data-hint-move": "draw" }, "Hint: no card of yours can go on the pile, so you draw one."));
    } else {
      nodes.push(el("p", { class: "rb-table__hint", "data-hint-move": "pass" }, state.again
        ? "Hint: stop here; no card of yours can go on the pile."
        : "Hint: no card of yours can go on the pile, and on your first turn of a hand (or with nothing to draw) you pass."));
    }
    say(nodes);
  });

  ctl.draw();
  ctl.schedule();
}

onEveryPage('[data-practice-game="chains"]', mount);
