// The Chains play checker and hand-points counter. Reveals and runs the forms that
// generator/site/widgets.py renders (hidden until now) into [data-widget="chains"]: answers as
// you type, tap (the hand's card grid) and on Enter (without a reload), each kept on screen while
// its form is in use; the hand's points card by card (the engine's POINTS, never a second copy);
// the variations as switches, errors beside their field, a polite live region. Mounts inside Material's document$; mounting twice does nothing; textContent only.

import { HOUSE_OPTIONS, playChains, scoreChains, POINTS } from "../engine/chains.js";
import { parseCard, spokenName } from "../engine/cards.js";
import { el, face, faces, tidy, announcer, onEveryPage, mountGrid, reveal, showAnswer, tokensOf } from "./dom.js";
import { followedWords, houseFor, onHouseChange } from "../house/current.js";

const GAME = "chains";
const SELECTOR = '[data-widget="chains"]';
const mounted = new WeakSet();
/** Each mounted checker's "follow the table's rules", so a change of them checks again. */
const followers = new Map();

// Why a card may go: one clause each, no colon of its own (the verdict already has one).
const WHY = {
  royal: "it makes a royal (one rank higher or lower, and the same suit)",
  run: "it makes a run (one rank higher or lower)",
  flush: "it makes a flush (the same suit)",
  same: "it is the same rank",
};

function mount(root) {
  if (mounted.has(root)) return;
  mounted.add(root);
  root.dataset.mounted = "true";
  const playForm = root.querySelector('[data-form="play"]');
  const pointsForm = root.querySelector('[data-form="points"]');
  const top = root.querySelector('input[name="top"]');
  const card = root.querySelector('input[name="card"]');
  const decks = root.querySelector('select[name="decks"]');
  const hand = root.querySelector('input[name="hand"]');
  const switches = [...root.querySelectorAll('input[name="variant"]')];
  const playResult = root.querySelector('[data-result="play"]');
  const pointsResult = root.querySelector('[data-result="points"]');
  const live = root.querySelector("[data-live]");
  if (!playForm || !top || !card || !playResult) return;
  const fields = { top, card, hand };
  const errorOf = (name) => root.querySelector(`[data-error-for="${name}"]`);

  function setError(names, field, text) {
    for (const name of names) {
      const node = errorOf(name);
      const on = name === field;
      if (node) node.textContent = on ? text : "";
      if (fields[name]) {
        if (on) fields[name].setAttribute("aria-invalid", "true");
        else fields[name].removeAttribute("aria-invalid");
      }
    }
  }
  const announce = announcer(live);

  function updatePlay(now = false) {
    const t = top.value.trim();
    const c = card.value.trim();
    playResult.replaceChildren();
    for (const key of ["legal", "kind", "again"]) playResult.dataset[key] = "";
    if (!t || !c) {
      setError(["top", "card"], null, "");
      playResult.append(el("p", { class: "rb-widget__placeholder" }, "Give the top card and your card to see whether you may play it."));
      return;
    }
    // The variations switched on: the table's rules switch theirs on (issue 25), and a player may
    // try the others here. Those the house plays go to the engine as its `house`, the rest as `variant`.
    const house = houseFor(GAME, { options: HOUSE_OPTIONS });
    const on = switches.filter((s) => s.checked).map((s) => s.value);
    const fromHouse = on.filter((v) => house[v] === "played");
    const variant = on.filter((v) => !fromHouse.includes(v));
    const nDecks = Number(decks ? decks.value : 1);
    const rec = playChains(fromHouse.length
      ? { top: t, card: c, decks: nDecks, variant, house: Object.fromEntries(fromHouse.map((v) => [v, "played"])) }
      : { top: t, card: c, decks: nDecks, variant });
    if (rec.error) {
      const m = /^(top|card): (.*)$/s.exec(rec.error);
      const field = m ? m[1] : "card";
      const text = tidy(m ? m[2] : rec.error);
      setError(["top", "card"], field, text);
      announce(text, { now });
      return;
    }
    setError(["top", "card"], null, "");
    // The answer without the house's variations: if it differs, the answer says which rule it followed.
    const family = fromHouse.length ? playChains({ top: t, card: c, decks: nDecks, variant }) : rec;
    const changed = fromHouse.length > 0 && !family.error
      && (family.legal !== rec.legal || family.kind !== rec.kind || family.again !== rec.again);
    const followed = changed ? followedWords(GAME, Object.fromEntries(fromHouse.map((v) => [v, "played"]))) : "";
    playResult.dataset.houseFollowed = changed ? fromHouse.join(" ") : "";
    playResult.dataset.legal = String(rec.legal);
    playResult.dataset.kind = rec.kind || "";
    playResult.dataset.again = String(rec.again);
    const mine = parseCard(c).code;
    const theirs = parseCard(t).code;
    const p = el("p", { class: `rb-result__verdict rb-result__verdict--${rec.legal ? "yes" : "no"}` });
    // A sign as well as a colour tells "yes" from "no".
    p.append(el("span", { class: "rb-result__sign", "aria-hidden": "true" }, rec.legal ? "✓ " : "✗ "));
    p.append(el("strong", {}, rec.legal ? "Yes." : "No."), " ", face(mine), rec.legal ? " may go on " : " may not go on ", face(theirs));
    p.append(rec.legal ? `: ${WHY[rec.kind]}.` : ": it is not a run, a flush or a royal.");
    playResult.append(p);
    let again = "";
    if (rec.legal) {
      again = rec.again ? "You may play another card." : "Your turn is over.";
      playResult.append(el("p", { class: "rb-result__again" }, again));
    }
    if (followed) playResult.append(el("p", { class: "rb-result__house", "data-house-rule": "" }, followed));
    announce((rec.legal
      ? `Yes: ${spokenName(parseCard(mine))} may go on ${spokenName(parseCard(theirs))}, ${WHY[rec.kind]}. ${again}`
      : `No: ${spokenName(parseCard(mine))} may not go on ${spokenName(parseCard(theirs))}.`) + (followed ? ` ${followed}` : ""), { now });
  }

  function updatePoints(now = false) {
    if (!hand || !pointsResult) return;
    pointsResult.replaceChildren();
    pointsResult.dataset.score = "";
    syncGrid();
    const cards = tokensOf(hand.value);
    if (!cards.length) {
      setError(["hand"], null, "");
      pointsResult.append(el("p", { class: "rb-widget__placeholder" }, pointsPlaceholder));
      return;
    }
    const rec = scoreChains({ hand: cards, decks: Number(decks ? decks.value : 1) });
    if (rec.error) {
      const text = tidy(rec.error.replace(/^hand(\[\d+\])?: /, ""));
      setError(["hand"], "hand", text);
      announce(text, { now });
      return;
    }
    setError(["hand"], null, "");
    pointsResult.dataset.score = String(rec.score);
    const p = el("p", { class: "rb-result__score" });
    p.append("Points: ", el("strong", {}, String(rec.score)));
    pointsResult.append(p);
    // Card by card, from the engine's table of points (chains-scoring).
    const parsed = cards.map(parseCard);
    const values = parsed.map((c) => POINTS[c.rank]);
    const line = el("p", { class: "rb-result__words" });
    line.append(faces(parsed.map((c) => c.code)), ` counting ${values.join(" + ")} = ${rec.score}.`);
    pointsResult.append(line);
    const byCard = parsed.map((c, k) => `${spokenName(c)} ${values[k]}`).join(", ");
    announce(`${rec.score} points: ${byCard}.`, { now });
  }

  const pointsPlaceholder = pointsResult?.querySelector(".rb-widget__placeholder")?.textContent
    || "Type the cards left in a hand to count their points.";
  const deckCount = () => Number(decks ? decks.value : 1);
  const syncGrid = pointsForm && hand
    ? mountGrid({ grid: pointsForm.querySelector("[data-grid]"), full: pointsForm.querySelector("[data-grid-full]"),
      input: hand, packs: deckCount, announce, changed: () => updatePoints(true) })
    : () => {};
  reveal(root);

  playForm.addEventListener("submit", (e) => { e.preventDefault(); updatePlay(true); showAnswer(playResult); });
  for (const node of [top, card]) node.addEventListener("input", () => updatePlay());
  for (const s of switches) s.addEventListener("change", () => updatePlay());
  if (decks) decks.addEventListener("change", () => { updatePlay(); updatePoints(); });
  if (pointsForm && hand) {
    pointsForm.addEventListener("submit", (e) => { e.preventDefault(); updatePoints(true); showAnswer(pointsResult); });
    hand.addEventListener("input", () => updatePoints());
  }
  const params = new URLSearchParams(window.location.search);
  for (const name of ["top", "card", "hand"]) {
    if (params.has(name) && fields[name] && !fields[name].value) fields[name].value = params.get(name);
  }
  // The table's rules set the switches (issue 25), now and whenever they change; an address's
  // ?variant= switches more on.
  const follow = (house) => {
    for (const s of switches) s.checked = house[s.value] === "played";
    if (top.value || card.value) updatePlay();
  };
  followers.set(root, follow);
  for (const s of switches) s.checked = houseFor(GAME, { options: HOUSE_OPTIONS })[s.value] === "played";
  for (const s of switches) if (params.getAll("variant").includes(s.value)) s.checked = true;
  if (top.value || card.value) updatePlay();
  if (hand && hand.value) updatePoints();
  else syncGrid();
}

onEveryPage(SELECTOR, mount);
// Once per module (instant navigation keeps the document and its listeners).
onHouseChange(GAME, () => {
  for (const [root, follow] of [...followers]) {
    if (root.isConnected) follow(houseFor(GAME, { options: HOUSE_OPTIONS }));
    else followers.delete(root);
  }
});
