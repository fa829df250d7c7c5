// The 3 Chip Stack showdown. Reveals and runs the form that generator/site/widgets.py renders
// (hidden until now) into [data-widget="3-chip-stack"]: who wins, which card decided it, and the
// split of the pot when hands tie, with who gets an odd chip and why (the dealer asked for; the
// ruling's words from rules-data, carried on the widget's data attributes); answers as you type
// and on Enter (no reload), kept on screen while the fields are in use; errors beside the
// player's field; a polite live region. Mounts inside Material's document$; mounting twice does nothing.

import { HOUSE_OPTIONS, compareHands, showdown, sortHand } from "../engine/3-chip-stack.js";
import { parseCard, pySplit, cardSymbol, spokenName } from "../engine/cards.js";
import { POT_CHIPS } from "../engine/limits.js";
import { el, face, tidy, announcer, onEveryPage, reveal, showAnswer } from "./dom.js";
import { followedWords, houseFor, onHouseChange } from "../house/current.js";

const GAME = "3-chip-stack";
const SELECTOR = '[data-widget="3-chip-stack"]';
const mounted = new WeakSet();
/** Each mounted widget's update, so a change of the table's rules scores them again. */
const updates = new Map();
const ORDINAL = ["first", "second", "third"];

const names = (list) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`);

function mount(root) {
  if (mounted.has(root)) return;
  mounted.add(root);
  root.dataset.mounted = "true";
  const form = root.querySelector("form");
  const inputs = [...root.querySelectorAll("input[data-player]")];
  const pot = root.querySelector('input[name="pot"]');
  const dealer = root.querySelector('select[name="dealer"]');
  const result = root.querySelector("[data-result]");
  const live = root.querySelector("[data-live]");
  if (!form || !result || inputs.length < 2) return;
  const errorOf = (name) => root.querySelector(`[data-error-for="${name}"]`);
  const announce = announcer(live);

  function setError(field, text) {
    for (const node of [...inputs, pot]) {
      if (!node) continue;
      const on = node.name === field;
      const err = errorOf(node.name);
      if (err) err.textContent = on ? text : "";
      if (on) node.setAttribute("aria-invalid", "true");
      else node.removeAttribute("aria-invalid");
    }
  }

  function placeholder(text) {
    result.replaceChildren(el("p", { class: "rb-widget__placeholder" }, text));
  }

  /** The seat a whole-table message is about: the last one holding the card named in "2 copies
   * of 9C in the hands" (the one that repeated it), or holding a joker; else the first. */
  function seatOf(message, hands) {
    const named = /copies of (\S+) in/.exec(message);
    const code = named ? named[1] : /\bjoker\b/.test(message) ? "JK" : null;
    if (code) {
      for (let k = hands.length - 1; k >= 0; k--) {
        if (hands[k].some((tok) => { try { return parseCard(tok).code === code; } catch { return false; } })) return k;
      }
    }
    return 0;
  }

  function update(now = false) {
    result.dataset.winners = "";
    // The engine takes the hands in turn order from the dealer's left (for the odd chips):
    // players are numbered in seating order going left, so that order starts just after the
    // dealer, wraps round and ends with the dealer. Not said: Player 1 first, as numbered.
    const dealt = dealer && dealer.value ? Number(dealer.value) : null;
    const order = dealt === null ? inputs : [...inputs.slice(dealt), ...inputs.slice(0, dealt)];
    const seats = order.filter((i) => i.value.trim());
    const players = seats.map((i) => Number(i.dataset.player));
    if (seats.length < 2) {
      setError(null, "");
      placeholder("Give two or more players' cards to see who wins.");
      return;
    }
    const potText = pot ? pot.value.trim() : "";
    let potValue = 0;
    if (potText) {
      // Digits only, and no more than a table could hold (limits.js), so the answer never
      // reads "1e+23".
      if (!/^\d+$/.test(potText) || Number(potText) > POT_CHIPS) {
        const text = `The pot is a number of chips from 0 to ${POT_CHIPS.toLocaleString("en-GB")}, like 12.`;
        setError("pot", text);
        result.replaceChildren(); // no empty answer bar under the message
        announce(text, { now });
        return;
      }
      potValue = Number(potText);
    }
    const hands = seats.map((i) => pySplit(i.value.replaceAll(",", " ")));
    // The table's rules (issue 25): the odd chip of a split pot goes where the house says.
    const house = houseFor(GAME, { options: HOUSE_OPTIONS });
    const housed = Object.keys(house).length > 0;
    const rec = showdown(housed ? { hands, pot: potValue, house } : { hands, pot: potValue });
    if (rec.error) {
      const m = /^hands\[(\d+)\](?:\[\d+\])?: (.*)$/s.exec(rec.error);
      let field = seats[m ? Number(m[1]) : seatOf(rec.error, hands)].name;
      let text = tidy(m ? m[2] : rec.error);
      const size = /^a 3 Chip Stack hand is 3 cards, not (\d+): (.*)$/.exec(rec.error);
      if (size) {
        const k = hands.findIndex((h) => h.join(" ") === size[2] || h.length === Number(size[1]));
        if (k >= 0) field = seats[k].name;
        text = `Player ${players[Math.max(k, 0)]} needs three cards, not ${size[1]}.`;
      }
      setError(field, text);
      result.replaceChildren();
      announce(text, { now });
      return;
    }
    setError(null, "");
    // Did the table's rules change the answer? The family's answer, beside it.
    const family = housed ? showdown({ hands, pot: potValue }) : rec;
    const changed = housed && JSON.stringify(family) !== JSON.stringify(rec);
    const winners = rec.winners.map((k) => players[k]).sort((a, b) => a - b);
    result.dataset.winners = JSON.stringify(winners);
    result.dataset.shares = JSON.stringify(Object.fromEntries(rec.winners.map((k) => [players[k], rec.shares[k]])));
    result.dataset.houseFollowed = changed ? Object.keys(house).sort().join(" ") : "";
    result.replaceChildren();
    // Best card first: the engine's order (three-chip-stack-ranking), never a second copy here.
    const parsed = hands.map((h) => sortHand(h.map(parseCard)));
    const who = names(winners.map((n) => `Player ${n}`));
    const head = el("p", { class: "rb-result__score" });
    head.append(el("strong", {}, winners.length === 1 ? `${who} wins.` : `${who} tie.`));
    result.append(head);
    let why;
    let said = "";
    if (rec.decided_by === null) {
      why = "Every hand is level, card for card: the pot is shared.";
    } else {
      const p = rec.decided_by - 1;
      const w = parsed[rec.winners[0]][p];
      // The card it beat is the best losing hand's (the one level with the winner up to here),
      // not the best of the losers' cards in that place.
      const runnerUp = parsed.filter((_, k) => !rec.winners.includes(k)).sort((a, b) => compareHands(b, a))[0][p];
      said = `Decided at the ${ORDINAL[p]} best card: ${spokenName(w)} beats ${spokenName(runnerUp)}.`;
      why = `Decided at the ${ORDINAL[p]} best card: ${cardSymbol(w)} beats ${cardSymbol(runnerUp)}` +
        (p > 0 ? `, after the ${p === 1 ? "best cards tie" : "first two cards tie"}.` : ".");
      const line = el("p", { class: "rb-result__words" });
      line.append(`Decided at the ${ORDINAL[p]} best card: `, face(w), " beats ", face(runnerUp),
        p > 0 ? `, after the ${p === 1 ? "best cards tie" : "first two cards tie"}.` : ".");
      result.append(line);
    }
    if (rec.decided_by === null) result.append(el("p", { class: "rb-result__words" }, why));
    let split = "";
    if (potValue > 0) {
      const odd = potValue % winners.length;
      // Under the table's rules the engine may keep the odd chips apart (odd, odd_to).
      const oddTo = Object.hasOwn(rec, "odd_to") ? rec.odd_to : "winners";
      // Tied winners in turn order from the dealer's left: the order the engine gave the shares.
      const byTurn = rec.winners.map((k) => players[k]);
      const shares = [...rec.winners].sort((a, b) => players[a] - players[b])
        .map((k) => `Player ${players[k]} gets ${rec.shares[k]}`).join(", ");
      split = winners.length === 1
        ? `${who} takes the pot of ${potValue}.`
        : odd && dealt === null && oddTo === "winners"
          ? `The pot of ${potValue} splits ${Math.floor(potValue / winners.length)} each, with ${odd} ${odd === 1 ? "chip" : "chips"} over.`
          : `The pot of ${potValue} splits: ${shares}.`;
      result.append(el("p", { class: "rb-result__split" }, split));
      if (winners.length > 1 && odd) {
        const chips = odd === 1 ? "The odd chip" : `The ${odd} odd chips`;
        const to = names(byTurn.slice(0, odd).map((n) => `Player ${n}`));
        let words;
        let goesTo = "";
        if (oddTo === "dealer") {
          goesTo = dealt === null ? "the dealer" : `Player ${dealt}`;
          words = dealt === null
            ? `${chips} ${odd === 1 ? "goes" : "go"} to the dealer: choose the dealer above to see who.`
            : `${chips} ${odd === 1 ? "goes" : "go"} to the dealer, Player ${dealt}.`;
        } else if (oddTo === "next-hand") {
          goesTo = "the next hand";
          words = `${chips} ${odd === 1 ? "stays" : "stay"} in the middle for the next hand.`;
        } else if (dealt === null) {
          words = `Who gets the odd ${odd === 1 ? "chip" : "chips"} depends on who dealt: choose the dealer above.`;
        } else {
          goesTo = to;
          words = odd === 1
            ? `The odd chip goes to ${to}, the first tied winner going left from the dealer (Player ${dealt}).`
            : `The ${odd} odd chips go one each to ${to}, the first ${odd} tied winners going left from the dealer (Player ${dealt}).`;
        }
        const oddLine = el("p", { class: "rb-result__odd", "data-odd-chip": goesTo });
        oddLine.append(words);
        const ruling = root.dataset.oddChipRuling;
        // The family's ruling, quoted, unless the table's rules chose another reading of it.
        if (ruling && !Object.hasOwn(house, "odd-chip")) {
          oddLine.append(" ", el("span", { class: "rb-result__ruling" }, `The ruling: ${ruling}`), " ");
          if (root.dataset.oddChipHref) {
            oddLine.append(el("a", { href: root.dataset.oddChipHref }, `(${root.dataset.oddChipLabel || "the ruling"})`));
          }
        }
        result.append(oddLine);
        split += ` ${words}`;
      }
    }
    const followed = changed ? followedWords(GAME, house) : "";
    if (followed) {
      result.append(el("p", { class: "rb-result__house", "data-house-rule": "" }, followed));
      split += ` ${followed}`;
    }
    const list = el("ul", { class: "rb-result__groups", "aria-label": "Hands, best card first" });
    const byNumber = parsed.map((h, k) => k).sort((a, b) => players[a] - players[b]);
    byNumber.forEach((k) => {
      const h = parsed[k];
      const li = el("li");
      li.append(`Player ${players[k]}: `);
      h.forEach((c) => li.append(face(c), " "));
      if (rec.winners.includes(k)) li.append(el("strong", {}, winners.length === 1 ? "wins" : "shares the win"));
      list.append(li);
    });
    result.append(list);
    announce(`${winners.length === 1 ? `${who} wins` : `${who} tie`}. ${said || why} ${split}`, { now });
  }

  reveal(root);
  updates.set(root, update);
  form.addEventListener("submit", (e) => { e.preventDefault(); update(true); showAnswer(result); });
  for (const node of [...inputs, pot]) if (node) node.addEventListener("input", () => update());
  if (dealer) dealer.addEventListener("change", () => update());
  const params = new URLSearchParams(window.location.search);
  for (const node of [...inputs, pot]) {
    if (node && params.has(node.name) && !node.value) node.value = params.get(node.name);
  }
  if (inputs.some((i) => i.value)) update();
}

onEveryPage(SELECTOR, mount);
// Once per module (instant navigation keeps the document and its listeners): the table's rules
// changed, so every widget on the page answers again by them. A widget left behind by instant
// navigation is dropped.
onHouseChange(GAME, () => {
  for (const [root, again] of [...updates]) {
    if (root.isConnected) again();
    else updates.delete(root);
  }
});
