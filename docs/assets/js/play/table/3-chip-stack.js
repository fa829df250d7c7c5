// The 3 Chip Stack practice table (issue 16): a whole game against the computer on the practice
// page's [data-practice-game="3-chip-stack"] (generator/templates/play/page.html), hand after hand
// until one player holds every chip. Every move goes through the whole-game engine
// (../3-chip-stack.js: the dealer's stack, the two rounds of betting, the exchange, the showdown,
// folds and the passed chip); the showdown is said in words by the drill's decidedLine and rulesOf
// (../drills/3-chip-stack.js), never a second judge here. The betting moves are buttons, as the
// engine offers them; a card is thrown away in the exchange by tapping it; anything the engine
// refuses shows its refusal with the rule.

import * as engine from "../3-chip-stack.js";
import { HOUSE_OPTIONS, sortHand } from "../../engine/3-chip-stack.js";
import { card as cardOf, cardSymbol } from "../../engine/cards.js";
import { el, face, onEveryPage } from "../../widgets/dom.js";
import { decidedLine, rulesOf } from "../drills/3-chip-stack.js";
import {
  HUMAN, bringIntoView, drawShared, freshSeed, nextButtons, onTypedCard, opponentLine, ruleQuote, scoresTable, seatLongName, seatName, showSummary,
  startTable, tableShell, turnsToYou, typedCardForm, typedForm,
} from "./common.js";

const GAME = "3-chip-stack";
const FIRST = "first_round";
const EXCHANGE = "exchange";
const SECOND = "second_round";
/** Bet or raise buttons for 1 to QUICK chips, and one for all the chips a player has; any other
 * amount is typed. */
const QUICK = 6;

const sym = (code) => cardSymbol(cardOf(code));
const chipsWord = (n) => `${n} chip${n === 1 ? "" : "s"}`;
const names = (list) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`);
/** Seats in turn order from the dealer's left, the dealer last (the engine's order). */
const fromLeft = (n, dealer) => Array.from({ length: n }, (_, k) => (dealer + k + 1) % n);
const bestFirst = (codes) => sortHand(codes.map(cardOf)).map((c) => c.code);
const roundRule = (phase) => (phase === FIRST ? "three-chip-stack-first-round" : "three-chip-stack-second-round");
/** The engine speaks of seats; to the person at seat 0 it is "you" (common.js does the rest). */
const forYou = (message) => String(message)
  .replace(/"([^"]*)"/g, "“$1”")
  .replace(/\bfor seat 0\)/g, "for you)")
  .replace(/\bbut seat 0 has\b/g, "but you have");

// The computer's levels in 3 Chip Stack's words (issue 28; ../3-chip-stack.js LEVELS): the gentle
// one never raises or bluffs, bets a stack of 3 only with strong cards, sees with fair ones and
// folds weak ones early.
const LEVEL_WORDS = { gentle: "Gentle: never raises or bluffs, and says why", standard: "Standard" };
const LEVEL_LINES = {
  gentle: "You play the gentle computer: it never raises or bluffs, bets only with strong cards, and says why it bets, sees or folds.",
  standard: "You play the standard computer: it bets and raises as much as its cards are worth.",
};

/** Why the gentle computer made `move` (the states before and after it), in words: the rules of
 * its level (../3-chip-stack.js gentleMove). Strong cards beat three hands in four dealt at random,
 * fair ones half; a see of half its chips or more it makes only with strong cards. */
function gentleWhy(move, before, after) {
  const seat = before.toAct[0];
  const owed = before.bet - before.putIn[seat];
  const chips = before.chips[seat];
  const risky = 2 * owed >= chips;
  switch (move.action) {
    case "bet":
      return move.amount === 3
        ? "the gentle computer bets only with strong cards, and only a stack of 3"
        : "the gentle computer bets only with strong cards, and only a stack of 3, or all it has when fewer";
    case "check":
      if (before.phase === FIRST) return "the gentle computer never raises";
      return chips ? "the gentle computer bets only with strong cards, and never bluffs" : "it has no chips left to bet";
    case "see":
      return risky
        ? "that is half its chips or more, which the gentle computer risks only with strong cards; it never raises"
        : "the gentle computer sees with cards that beat at least half the hands dealt at random, and never raises";
    case "fold":
      if (owed > chips) return `seeing the bet would cost ${chipsWord(owed)}, more than the ${chipsWord(chips)} it has`;
      if (risky) return "seeing the bet would take half its chips or more, which the gentle computer risks only with strong cards";
      return after.last.passed // the fold passed the dealer a chip (three-chip-stack-fold-first)
        ? "the gentle computer folds weak cards early, even at that cost"
        : "the gentle computer folds cards that beat fewer than half the hands dealt at random";
    case "exchange":
      return "the gentle computer throws away its worst card when most cards it cannot see are better";
    default:
      return "the gentle computer keeps all three when even the worst is better than most cards it cannot see";
  }
}

/** "you and Player 3 take", "Player 2 takes" (mid-sentence; "You" when `start`). */
function whoVerb(seats, you, they, start = false) {
  const list = names(seats.map((s) => (s === HUMAN && !start ? "you" : seatName(s))));
  return `${list} ${seats.length === 1 && seats[0] !== HUMAN ? they : you}`;
}

/** The log line of a move (the state before and after) against the computer at `level` (issue 28:
 * the gentle one says why it bets, sees, checks, folds or exchanges). */
export function describe(move, before, after, level = "standard") {
  const seat = before.toAct[0];
  const who = seatName(seat);
  const mine = seat === HUMAN;
  const owed = before.bet - before.putIn[seat];
  let line;
  if (move.action === "fold") {
    line = `${who} folded`;
    if (after.last.passed) {
      line += before.dealer === HUMAN ? ", passing you (the dealer) a chip" : `, passing the dealer (${seatName(before.dealer)}) a chip`;
    }
  } else if (move.action === "check") {
    line = `${who} checked`;
  } else if (move.action === "see") {
    line = `${who} saw the bet of ${before.bet}, putting in ${chipsWord(owed)}`;
  } else if (move.action === "bet") {
    line = `${who} bet ${chipsWord(move.amount)}`;
  } else if (move.action === "raise") {
    line = `${who} raised by ${chipsWord(move.amount)}, to ${before.bet + move.amount}, putting in ${chipsWord(owed + move.amount)}`;
  } else if (move.action === "exchange") {
    // The computer's cards stay face down: only the human's own exchange is shown.
    line = mine ? `You threw away ${sym(move.card)} and were dealt ${sym(after.last.drew)}` : `${who} threw away a card and was dealt one`;
  } else {
    line = `${who} kept ${mine ? "your" : "their"} three cards`;
  }
  if (level === "gentle" && !mine) line += `: ${gentleWhy(move, before, after)}`;
  if (after.last.handOver) {
    const round = after.rounds[after.rounds.length - 1];
    line += `. Hand ${round.number} is over: ${round.winners.length > 1 ? `${whoVerb(round.winners, "share", "share")} the pot` : `${whoVerb(round.winners, "take", "takes")} the pot`}`;
  } else if (before.phase === FIRST && after.phase === EXCHANGE) {
    line += ". The first round of betting is over: now the exchange";
  } else if (before.phase === EXCHANGE && after.phase === SECOND) {
    line += ". The exchange is over: the second round of betting";
  }
  return `${line}.`;
}

/** The words of a betting move on its button: "Bet 2 chips", "See the bet: 3 chips". */
function moveLabel(move, state) {
  const seat = state.toAct[0];
  const owed = state.bet - state.putIn[seat];
  if (move.action === "keep") return "Keep all three";
  if (move.action === "check") return "Check";
  if (move.action === "see") return `See the bet: ${chipsWord(owed)}`;
  if (move.action === "fold") {
    return state.phase === FIRST && state.putIn[seat] === 0 && seat !== state.dealer ? "Fold: pass the dealer a chip" : "Fold";
  }
  const verb = move.action === "bet" ? "Bet" : "Raise";
  const all = owed + move.amount === state.chips[seat] ? ": all your chips" : "";
  return `${verb} ${chipsWord(move.amount)}${all}`;
}

function mount(root) {
  // --- The parts of the table, built once --------------------------------------------------
  const shell = tableShell(root, GAME, "3cs", { heading: "Your cards" });
  if (!shell) return;
  const { setup, note, status, seats, logList, logLive, summary, shareLine, you, prompt, hand, actions, message } = shell;
  prompt.setAttribute("tabindex", "-1"); // the focus goes here when the buttons it was on are gone
  actions.setAttribute("data-actions", "");
  const pot = el("p", { class: "rb-table__pile rb-table__pot", "data-pot": "" });
  const ups = el("div", { class: "rb-table__actions rb-table__ups", role: "group", "data-ups": "" });
  const hintButton = el("button", { type: "button", class: "md-button rb-table__button", "data-hint": "" }, "Hint");

  // Typed moves: a card to throw away (the exchange), a number of chips (a bet or raise).
  const typedCard = typedCardForm({
    id: "rb-table-3cs-card", name: "Throw away a card by name", label: "Or type a card to throw away",
    button: "Throw it away", attrs: { "data-typed": "card" },
  });
  // The label, help and button say bet or raise as the bet stands (draw).
  const typedChips = typedForm({
    id: "rb-table-3cs-chips", name: "Bet or raise by a number of chips", label: "Or type how many chips to raise",
    button: "Raise", input: { name: "chips", inputmode: "numeric" }, attrs: { "data-typed": "chips" },
  });
  you.append(ups, message, typedCard.form, typedChips.form);

  // The end of a hand shows first (above the seats), where the eye is after the last move.
  root.replaceChildren(setup, note, status, summary, seats, pot, logLive, logList, you, shareLine);

  // --- Drawing ------------------------------------------------------------------------------
  /** One line a seat: its chips, what it has put in this round, dealer, folded or out, to act. */
  function drawSeats(state, round, toAct) {
    seats.replaceChildren();
    for (let s = 0; s < state.players; s += 1) {
      const li = el("li", { class: "rb-table__seat", "data-seat": String(s) });
      const chips = round ? round.chips[s] : state.chips[s];
      const dealt = round ? round.hands[s].length > 0 : state.dealtIn[s];
      const folded = round ? round.folded.includes(s) : dealt && !state.inHand[s];
      const dealer = round ? round.dealer : state.dealer;
      li.dataset.chips = String(chips);
      li.append(el("strong", {}, seatLongName(s)), ` · ${chipsWord(chips)}`);
      if (!round && dealt && state.phase !== EXCHANGE && state.putIn[s] > 0) {
        li.dataset.putIn = String(state.putIn[s]);
        li.append(` · ${state.putIn[s]} in this round`);
      }
      if (s === dealer) li.append(" · dealer");
      if (!dealt) {
        li.dataset.out = "";
        li.append(" · out of the game");
      } else if (folded) {
        li.dataset.folded = "";
        li.append(" · folded");
      }
      if (s === toAct) {
        li.classList.add("rb-table__seat--to-act");
        li.append(el("span", { class: "rb-table__marker" }, state.phase === EXCHANGE ? " · ▶ to exchange" : " · ▶ to bet"));
      }
      seats.append(li);
    }
  }

  function drawRound(ctl) {
    const state = ctl.state();
    const round = state.rounds[state.rounds.length - 1];
    const n = state.players;
    summary.replaceChildren();
    summary.append(el("h3", { id: "rb-table-3cs-summary", class: "rb-table__heading" }, `Hand ${round.number} is over`));
    const winners = round.winners;
    const order = fromLeft(n, round.dealer).filter((s) => round.inHand[s]);
    const rules = [];
    const head = el("p", { class: "rb-table__result", "data-winners": winners.join(",") });
    if (!round.showdown) {
      head.append(`Everyone else folded, so ${whoVerb(winners, "take", "takes")} the pot of ${chipsWord(round.pot)}, with no showdown.`);
      summary.append(head);
      rules.push("three-chip-stack-ruling-all-fold");
    } else {
      const shown = order.map((s) => round.hands[s]);
      const record = { winners: winners.map((w) => order.indexOf(w)).sort((a, b) => a - b), decided_by: round.decidedBy };
      head.append(winners.length === 1
        ? `At the showdown, ${whoVerb(winners, "win", "wins")} the pot of ${chipsWord(round.pot)}.`
        : `At the showdown, ${whoVerb(winners, "tie", "tie")} and split the pot of ${chipsWord(round.pot)}.`);
      summary.append(head, decidedLine(shown, record));
      if (winners.length > 1) {
        const each = Math.floor(round.pot / winners.length);
        const odd = round.pot - each * winners.length;
        if (!odd) {
          summary.append(el("p", { class: "rb-table__split", "data-split": String(each) }, `The pot splits evenly: ${chipsWord(each)} each.`));
        } else if (round.oddTo === "dealer" || round.oddTo === "next-hand") {
          // The table's own rule odd-chip (issue 25): the dealer's, or the next hand's pot.
          summary.append(el("p", { class: "rb-table__split", "data-split": String(each), "data-odd-to": round.oddTo },
            `The pot of ${chipsWord(round.pot)} does not split evenly: ${chipsWord(each)} each, and by your table's rules ` +
            (round.oddTo === "dealer"
              ? `the ${odd === 1 ? "odd chip goes" : `${odd} odd chips go`} to the dealer (${round.dealer === HUMAN ? "you" : seatName(round.dealer)}).`
              : `the ${odd === 1 ? "odd chip stays" : `${odd} odd chips stay`} in the middle, for the next hand's pot.`)));
          rules.push("three-chip-stack-ruling-odd-chip");
        } else {
          // Who had the odd chips: the engine's potTo, said in turn order from the dealer's left.
          const extra = order.filter((s) => winners.includes(s) && round.potTo[s] > each);
          const to = names(extra.map((s) => (s === HUMAN ? "you" : seatName(s))));
          summary.append(el("p", { class: "rb-table__split", "data-split": String(each), "data-odd-chip": extra.join(",") },
            `The pot of ${chipsWord(round.pot)} does not split evenly: ${chipsWord(each)} each, and ` +
            (odd === 1 ? `the odd chip goes to ${to}, the first tied winner` : `the ${odd} odd chips go one each to ${to}, the first ${odd} tied winners`) +
            ` going left from the dealer (${seatName(round.dealer)}).`));
          rules.push("three-chip-stack-ruling-odd-chip");
        }
      }
      rules.unshift("three-chip-stack-showdown", ...rulesOf({ hands: shown, record }));
    }
    // The next hand can be dealt from here, or from the summary's foot (issue 40: neither pinned).
    const next = state.over ? null : nextButtons("data-next-hand", "Deal the next hand", () => {
      say([]);
      ctl.seeRound();
      prompt.focus();
    });
    if (next) summary.append(next[0]);
    if (round.passedToDealer) {
      const k = round.passedToDealer;
      summary.append(el("p", { "data-passed": String(k) }, `${round.dealer === HUMAN ? "You (the dealer) were" : `${seatName(round.dealer)} (the dealer) was`} passed ` +
        `${chipsWord(k)} by ${k === 1 ? "a player who" : "players who"} folded in the first round without betting` +
        `${(ctl.state().house || {})["passed-chip"] === "after-hand" ? ", theirs once the hand was over (your table's rules)" : ""}.`));
      rules.push("three-chip-stack-fold-first");
    }

    const rows = [];
    for (let s = 0; s < n; s += 1) {
      const tr = el("tr", { "data-round-seat": String(s), "data-took": String(round.potTo[s]), "data-chips": String(round.chips[s]) });
      tr.append(el("th", { scope: "row" }, seatLongName(s)));
      const td = el("td");
      if (!round.hands[s].length) td.append("out of the game");
      else if (!round.inHand[s]) td.append("folded"); // a folded hand stays face down
      else if (!round.showdown) td.append(el("strong", {}, "wins"), " without showing");
      else {
        const row = el("span", { class: "rb-table__left" });
        bestFirst(round.hands[s]).forEach((c) => row.append(face(c), " "));
        td.append(row);
      }
      if (winners.includes(s) && round.showdown) td.append(el("strong", { class: "rb-table__points" }, winners.length === 1 ? "wins" : "shares the win"));
      tr.append(td, el("td", {}, String(round.potTo[s])), el("td", {}, String(round.chips[s])));
      rows.push(tr);
    }
    summary.append(scoresTable(`Hand ${round.number}: the cards shown, what each player took of the pot, and their chips now`,
      ["Player", "Cards", "Took", "Chips"], rows));

    const gone = [];
    for (let s = 0; s < n; s += 1) if (round.hands[s].length && round.chips[s] === 0) gone.push(s);
    if (gone.length) {
      summary.append(el("p", { "data-gone": gone.join(",") }, `${whoVerb(gone, "have", "has", true)} no chips left and ${gone.length === 1 && gone[0] !== HUMAN ? "is" : "are"} out of the game.`));
      rules.push("three-chip-stack-elimination");
    }
    // The rules behind the hand, folded: the words above already say what happened.
    const quotes = el("details", { class: "rb-table__rules", "data-rules": "" });
    quotes.append(el("summary", {}, "The rules of this hand"));
    for (const id of [...new Set(rules)]) {
      const q = ruleQuote(id);
      if (q) quotes.append(q);
    }
    if (quotes.childNodes.length > 1) summary.append(quotes);

    if (state.over) {
      const words = state.winner === HUMAN ? "you hold every chip: you win the game!" : `${seatName(state.winner)} holds every chip and wins the game.`;
      summary.append(el("p", { class: "rb-table__winner", "data-winner": String(state.winner) }, `After ${round.number} hand${round.number === 1 ? "" : "s"}, ${words}`));
      const again = el("button", { type: "button", class: "md-button md-button--primary rb-table__button", "data-again": "" }, "Play a new game");
      again.addEventListener("click", () => {
        say([]);
        ctl.seeRound();
        ctl.newGame(state.players, freshSeed());
        prompt.focus(); // the button is gone with the summary: the focus goes to the new hand
      });
      summary.append(again);
    } else {
      summary.append(el("p", { "data-next-dealer": String(state.dealer) }, state.dealer === HUMAN
        ? "You deal the next hand."
        : `${seatName(state.dealer)} deals the next hand.`));
      summary.append(next[1]);
    }
  }

  function moveButton(move, state, primary) {
    const attrs = { type: "button", class: `md-button${primary ? " md-button--primary" : ""} rb-table__button`, "data-move": move.action };
    if (move.amount !== undefined) attrs["data-amount"] = String(move.amount);
    const b = el("button", attrs, moveLabel(move, state));
    b.addEventListener("click", () => act(move));
    return b;
  }

  /** What the human may do now, from the engine's legal moves. */
  function drawMoves(state, mine) {
    const legal = mine ? engine.legalMoves(state) : [];
    actions.replaceChildren();
    ups.replaceChildren();
    if (mine && state.phase === EXCHANGE) {
      actions.append(moveButton({ action: "keep" }, state, true));
    } else if (mine) {
      for (const m of legal) if (m.action === "check" || m.action === "see") actions.append(moveButton(m, state, true));
      const raises = legal.filter((m) => m.action === "bet" || m.action === "raise");
      raises.forEach((m, k) => {
        if (m.amount <= QUICK || k === raises.length - 1) ups.append(moveButton(m, state, false));
      });
      for (const m of legal) if (m.action === "fold") actions.append(moveButton(m, state, false));
      if (raises.length) ups.setAttribute("aria-label", raises[0].action === "bet" ? "Bet" : "Raise");
    }
    actions.append(hintButton);
    ups.hidden = !ups.childNodes.length;
    hintButton.disabled = !mine;
  }

  function promptOf(state, toAct, mine, roundShown) {
    if (state.over) return "The game is over.";
    if (roundShown) return "The hand is over: see what happened above, then deal the next hand.";
    if (!state.dealtIn[HUMAN]) return "You have no chips left, so you are out of the game; the computer players play on until one of them holds every chip.";
    if (!state.inHand[HUMAN]) return `You folded this hand. Waiting for ${seatName(toAct)}…`;
    if (!mine) return `Waiting for ${seatName(toAct)}…`;
    if (state.phase === EXCHANGE) return "Your turn to exchange: tap a card marked ✓ to throw it away and be dealt the top card of the deck, or keep all three.";
    const owed = state.bet - state.putIn[HUMAN];
    const round = state.phase === FIRST ? "first round of betting" : "second round of betting";
    if (!state.bet) return `Your turn, ${round}: nobody has bet yet. Check, or bet 1 chip or more.`;
    const cost = !owed ? "You have put in as much as the bet: check, or raise."
      : owed > state.chips[HUMAN] ? `Seeing it would cost ${chipsWord(owed)}, more than the ${chipsWord(state.chips[HUMAN])} you have, so you can only fold.`
        : `Seeing it costs you ${chipsWord(owed)}; a raise costs that and the raise.`;
    return `Your turn, ${round}: the bet is ${chipsWord(state.bet)} and you have put in ${state.putIn[HUMAN]}. ${cost}`;
  }

  /** Which of the rebuilt buttons had the focus, to give it back after a redraw. */
  function focusKey() {
    const a = document.activeElement;
    if (!a || !(hand.contains(a) || actions.contains(a) || ups.contains(a))) return null;
    return { move: a.dataset.move, amount: a.dataset.amount, card: a.dataset.card, hint: a.hasAttribute("data-hint") };
  }

  function restoreFocus(key) {
    if (!key || (document.activeElement && document.activeElement !== document.body && you.contains(document.activeElement))) return;
    let target = null;
    if (key.hint && !hintButton.disabled) target = hintButton;
    else if (key.card) target = hand.querySelector(`[data-card="${key.card}"]`);
    else if (key.move) target = you.querySelector(`[data-move="${key.move}"]${key.amount ? `[data-amount="${key.amount}"]` : ""}`);
    (target || prompt).focus({ preventScroll: true });
  }

  function draw(ctl) {
    const { state, record: rec, toAct, roundShown, mine } = ctl.view();
    const round = roundShown || state.over ? state.rounds[state.rounds.length - 1] : null;
    const key = focusKey();
    const turn = state.over ? "over" : roundShown ? "round-over" : toAct === HUMAN ? "you" : "computer";
    const yours = turnsToYou(root, turn);
    root.dataset.turn = turn;
    drawShared(root, shell, ctl, 5);
    root.dataset.phase = round ? "hand-over" : state.phase;
    status.textContent = round
      ? `Hand ${round.number} is over. Seed ${rec.seed}.`
      : `Hand ${state.handNumber}. Dealer: ${seatName(state.dealer)}. Seed ${rec.seed}. ${opponentLine(ctl.opponent(), LEVEL_LINES)}`;
    drawSeats(state, round, round ? null : toAct);
    pot.hidden = Boolean(round);
    if (!round) {
      pot.dataset.pot = String(state.pot);
      pot.dataset.bet = String(state.bet);
      const phase = state.phase === EXCHANGE
        ? "The exchange: each player still in may throw away one card."
        : `${state.phase === FIRST ? "First" : "Second"} round of betting: ${state.bet ? `the bet is ${chipsWord(state.bet)}` : "no bet yet"}.`;
      pot.textContent = `Pot: ${chipsWord(state.pot)}. ${phase}`;
    }

    // Your cards: hidden between hands (the next hand's are dealt when you ask for it).
    const swapping = mine && state.phase === EXCHANGE;
    hand.replaceChildren();
    hand.hidden = Boolean(round) || !state.dealtIn[HUMAN];
    if (!hand.hidden) {
      for (const code of bestFirst(state.hands[HUMAN])) {
        const b = el("button", { type: "button", class: "rb-table__card", "data-card": code, "data-playable": String(swapping) });
        b.append(face(code));
        if (swapping) {
          b.append(el("span", { class: "rb-table__can", "aria-hidden": "true" }, "✓ throw away"),
            el("span", { class: "rb-table__sr" }, ", tap to throw it away"));
        }
        hand.append(b);
      }
    }
    drawMoves(state, mine);
    hintButton.hidden = Boolean(round) || !state.dealtIn[HUMAN];
    const betting = !round && state.dealtIn[HUMAN] && state.inHand[HUMAN] && state.phase !== EXCHANGE;
    typedCard.form.hidden = !(!round && state.inHand[HUMAN] && state.phase === EXCHANGE);
    typedChips.form.hidden = !betting;
    const verb = state.bet ? "raise" : "bet";
    typedChips.label.textContent = `Or type how many chips to ${verb}`;
    typedChips.button.textContent = verb === "raise" ? "Raise" : "Bet";
    typedChips.help.textContent = verb === "raise" ? "The raise on top of the bet, like 2." : "Like 2.";
    typedCard.button.disabled = !mine;
    typedChips.button.disabled = !mine;
    prompt.textContent = promptOf(state, toAct, mine, Boolean(round));

    showSummary(root, summary, Boolean(round), () => drawRound(ctl));
    if (yours) bringIntoView([pot, you], ups.hidden ? actions : ups, yours); // the bets and raises come last
    // A hand just over: its summary takes the focus the hand's buttons had (showSummary), not the prompt.
    restoreFocus(round ? null : key);
    root.dataset.drawn = "true";
  }

  // --- Starting, and the human's moves ------------------------------------------------------
  const started = startTable(root, shell,
    {
      game: GAME, engine, minPlayers: 2, maxPlayers: 6, defaultPlayers: 4, describe, draw, options: HOUSE_OPTIONS, levelWords: LEVEL_WORDS,
    },
    { message, words: forYou });
  if (!started) return;
  const { ctl, say, act } = started;

  hand.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-card]");
    if (b) act({ action: "exchange", card: b.dataset.card });
  });
  onTypedCard(typedCard, { say, act }, (code) => ({ action: "exchange", card: code }));
  typedChips.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = typedChips.input.value.trim();
    if (!/^\d{1,6}$/.test(text)) {
      say([el("p", { class: "rb-table__why" }, `“${text}” is not a number of chips: write a whole number, like 2.`)]);
      return;
    }
    const state = ctl.state();
    if (!act({ action: state.bet ? "raise" : "bet", amount: Number(text) })) typedChips.input.value = "";
  });
  hintButton.addEventListener("click", () => {
    if (!ctl.humanToAct()) return;
    say(hintNodes(ctl.state()));
  });

  ctl.draw();
  ctl.schedule();
}

/** The computer's move for the human seat, in words, with the rule behind it. */
function hintNodes(state) {
  const move = engine.botMove(state);
  const seat = HUMAN;
  const owed = state.bet - state.putIn[seat];
  // The chips a see would leave when too few for the next hand (null when that does not arise).
  const short = engine.shortAfterSee(state);
  const attr = move.action + (move.amount !== undefined ? ` ${move.amount}` : "") + (move.card !== undefined ? ` ${move.card}` : "");
  const p = el("p", { class: "rb-table__hint", "data-hint-move": attr });
  let rule;
  if (move.action === "exchange") {
    p.append("Hint: the computer would throw away ", face(move.card), ", your worst card: more than half of the cards you cannot see are better than it.");
    rule = "three-chip-stack-exchange";
  } else if (move.action === "keep") {
    p.append("Hint: keep all three cards: even your worst card is better than most of the cards you cannot see.");
    rule = "three-chip-stack-ruling-exchange";
  } else if (move.action === "bet" || move.action === "raise") {
    const what = move.action === "bet" ? `bet ${chipsWord(move.amount)}` : `raise by ${chipsWord(move.amount)} (putting in ${chipsWord(owed + move.amount)})`;
    p.append(`Hint: ${what}. Your cards beat most hands dealt at random, and the computer bets as much as that chance is worth.`);
    rule = move.action === "raise" && state.phase === SECOND ? "three-chip-stack-ruling-min-raise" : roundRule(state.phase);
  } else if (move.action === "check") {
    p.append("Hint: check, betting nothing: your cards are not strong enough to be worth a bet, and checking costs nothing.");
    rule = state.phase === FIRST ? "three-chip-stack-ruling-dealer-last" : "three-chip-stack-second-round";
  } else if (move.action === "see") {
    p.append(`Hint: see the bet, putting in ${chipsWord(owed)}: with ${chipsWord(state.pot)} in the pot, your chance of winning it is worth the cost.`);
    // Issue 28: when the see leaves too few chips to play the next hand, the hint says it weighed that.
    if (short === 0) p.append(" It is every chip you have, but your cards are strong enough to risk them all.");
    else if (short !== null) {
      p.append(` It leaves you only ${chipsWord(short)}, too few for the next hand's smallest bet of 3, but your cards are strong enough to risk nearly everything you have.`);
    }
    rule = short !== null ? "three-chip-stack-first-round" : roundRule(state.phase);
  } else {
    const canSee = engine.legalMoves(state).some((m) => m.action === "see");
    const costs = state.phase === FIRST && state.putIn[seat] === 0 && seat !== state.dealer;
    if (short !== null) {
      const keep = state.chips[seat] - (costs ? 1 : 0);
      p.append(short === 0
        ? `Hint: fold. Seeing the bet would take all ${chipsWord(state.chips[seat])} you have, and your cards are not strong enough to risk them all: keep ${chipsWord(keep)} for a better hand.`
        : `Hint: fold. Seeing the bet would take ${owed} of your ${chipsWord(state.chips[seat])} and leave you ${chipsWord(short)}, too few for the next hand's smallest bet of 3. `
          + `Your cards are not strong enough to risk nearly everything you have: keep ${chipsWord(keep)} for a better hand.`);
    } else {
      p.append(canSee
        ? `Hint: fold. Your chance of winning is not worth the ${chipsWord(owed)} it costs to see the bet.`
        : `Hint: fold. Seeing the bet would cost ${chipsWord(owed)}, more than the ${chipsWord(state.chips[seat])} you have.`);
    }
    if (costs) p.append(" Folding now costs you a chip, passed to the dealer.");
    rule = !canSee ? "three-chip-stack-ruling-short" : short !== null ? "three-chip-stack-first-round" : costs ? "three-chip-stack-fold-first" : state.phase === SECOND ? "three-chip-stack-fold-second" : "three-chip-stack-ruling-fold-chip";
  }
  const nodes = [p];
  const q = ruleQuote(rule);
  if (q) nodes.push(q);
  return nodes;
}

if (typeof document !== "undefined") onEveryPage('[data-practice-game="3-chip-stack"]', mount);
