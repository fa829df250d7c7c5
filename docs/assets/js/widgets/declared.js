// The hand counter of a game that declares its scoring (issue 38): reveals and runs the form that
// generator/site/widgets.py render_declared puts under the game's Scoring ([data-widget="declared"]).
// The cards left in each hand, typed or tapped (one tap grid, into the hand chosen above it), and each
// player's score for the hand by the declaration: the `hand` record of docs/assets/js/engine/declared.js,
// the port of generator/engine/declared.py, never a second copy of its rules. Answers as you type,
// tap and on Enter; errors beside their field; a polite live region. textContent only; mounting
// twice does nothing.

import { cardValues, records } from "../engine/declared.js";
import { parseCard, spokenName } from "../engine/cards.js";
import { el, faces, tidy, announcer, onEveryPage, mountGrid, reveal, showAnswer, tokensOf } from "./dom.js";

const SELECTOR = '[data-widget="declared"]';
const mounted = new WeakSet();

function mount(root) {
  if (mounted.has(root)) return;
  mounted.add(root);
  let spec;
  try {
    spec = JSON.parse(root.dataset.spec || "null");
  } catch {
    return; // keep the note: without the declaration there is nothing to count
  }
  if (!spec || typeof spec !== "object") return;
  const form = root.querySelector('[data-form="hand"]');
  const result = root.querySelector('[data-result="hand"]');
  const count = root.querySelector('select[name="players"]');
  const outSelect = root.querySelector('select[name="out"]');
  const hands = [...root.querySelectorAll("input[data-hand]")];
  const targets = [...root.querySelectorAll('input[name="target"]')];
  if (!form || !result || !count || !hands.length) return;
  root.dataset.mounted = "true";
  const name = root.dataset.name || "this game";
  const values = cardValues(spec);
  const handRecord = records(spec).hand;
  const live = root.querySelector("[data-live]");
  const announce = announcer(live);
  const placeholder = result.querySelector(".rb-widget__placeholder")?.textContent || "";
  const players = () => Number(count.value) || 2;
  const label = (i) => `Player ${i + 1}`;

  const errorOf = (field) => root.querySelector(`[data-error-for="${field}"]`);
  function clearErrors() {
    for (const node of root.querySelectorAll("[data-error-for]")) node.textContent = "";
    for (const input of [...hands, outSelect]) input?.removeAttribute("aria-invalid");
  }
  function fail(field, input, text, now) {
    const node = errorOf(field);
    if (node) node.textContent = text;
    input?.setAttribute("aria-invalid", "true");
    result.dataset.scores = "";
    announce(text, { now });
  }

  /** Only the seats in play show (their field, their tap target, their choice of who went out). */
  function showSeats() {
    const n = players();
    for (const node of root.querySelectorAll("[data-seat]")) node.hidden = Number(node.dataset.seat) > n;
    if (outSelect) {
      for (const option of outSelect.querySelectorAll("option[data-player]")) option.hidden = option.disabled = Number(option.value) > n;
      if (Number(outSelect.value) > n) outSelect.value = "";
    }
    const chosen = targets.find((t) => t.checked);
    if (!chosen || Number(chosen.value) > n) targets[0].checked = true;
  }

  function update(now = false) {
    clearErrors();
    result.replaceChildren();
    result.dataset.scores = "";
    const n = players();
    const held = [];
    // Every card read here first, so a card the game gives no value is named beside its own field.
    for (let i = 0; i < n; i++) {
      const cards = [];
      for (const tok of tokensOf(hands[i].value)) {
        let card;
        try {
          card = parseCard(tok);
        } catch (err) {
          fail(`hand${i + 1}`, hands[i], tidy(err.message), now);
          return;
        }
        if (!Object.hasOwn(values, card.rank)) {
          fail(`hand${i + 1}`, hands[i], `${spokenName(card)}: ${name} gives no points for this card, so it cannot be left in a hand.`, now);
          return;
        }
        cards.push(card);
      }
      held.push(cards);
    }
    if (held.every((cards) => cards.length === 0)) {
      result.append(el("p", { class: "rb-widget__placeholder" }, placeholder));
      return;
    }
    const out = outSelect && outSelect.value ? Number(outSelect.value) - 1 : null;
    let scores;
    try {
      ({ scores } = handRecord({ hands: held.map((cards) => cards.map((c) => c.code)), ...(out === null ? {} : { out }) }));
    } catch (err) {
      const text = /expected `out`/.test(err.message)
        ? (held.filter((c) => !c.length).length > 1
          ? "More than one hand is blank: say who went out, above."
          : "Every hand holds cards: say who went out, above.")
        : tidy(err.message);
      fail("out", outSelect, text, now);
      return;
    }
    result.dataset.scores = scores.join(",");
    const others = spec.hand === "winner-scores-others";
    const winner = others ? out ?? held.findIndex((cards) => !cards.length) : -1;
    if (others) {
      const top = el("p", { class: "rb-result__score" });
      top.append(`${label(winner)} went out and scores `, el("strong", {}, String(scores[winner])), ", the cards left in the other hands.");
      result.append(top);
    }
    // One line a player: the score, then the cards counted (each card's points, as the table says).
    const list = el("ul", { class: "rb-result__hands" });
    scores.forEach((score, i) => {
      if (i === winner) return;
      const cards = held[i];
      const li = el("li", { "data-score": String(score) });
      li.append(el("strong", {}, `${label(i)}: ${score}`));
      const points = cards.map((c) => values[c.rank]);
      const sum = points.reduce((a, b) => a + b, 0);
      if (!cards.length) li.append(" (no cards left)");
      else li.append(" (", faces(cards.map((c) => c.code)), `${others ? " count" : ""} ${points.join(" + ")}${points.length > 1 ? ` = ${sum}` : ""})`);
      list.append(li);
    });
    result.append(list);
    const said = scores.map((s, i) => `${label(i)} ${s}`).join(", ");
    announce(others ? `${label(winner)} went out and scores ${scores[winner]}. ${said}.` : `${said}.`, { now });
  }

  // One tap grid for every hand: it puts cards into the hand chosen above it.
  const target = () => hands[Math.max(0, Number(targets.find((t) => t.checked)?.value || 1) - 1)];
  const proxy = { get value() { return target().value; }, set value(v) { target().value = v; } };
  const syncGrid = mountGrid({ grid: form.querySelector("[data-grid]"), full: form.querySelector("[data-grid-full]"),
    input: proxy, packs: () => 1, announce, changed: () => { syncGrid(); update(true); } });
  reveal(root);
  showSeats();

  form.addEventListener("submit", (e) => { e.preventDefault(); update(true); showAnswer(result); });
  hands.forEach((input, i) => {
    input.addEventListener("input", () => { if (target() === input) syncGrid(); update(); });
    // Typing into a hand makes it the one the grid taps into.
    input.addEventListener("focus", () => {
      const radio = targets[i];
      if (radio && !radio.checked) { radio.checked = true; syncGrid(); }
    });
  });
  for (const t of targets) t.addEventListener("change", () => syncGrid());
  count.addEventListener("change", () => { showSeats(); syncGrid(); update(); });
  outSelect?.addEventListener("change", () => update());
  syncGrid();
  if (hands.some((h) => h.value)) update();
}

onEveryPage(SELECTOR, mount);
