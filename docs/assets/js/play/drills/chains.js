// The Chains drill of the practice page, "Is this play legal?" (issue 16): the top of the pile and
// a card from a seeded deck (play/rng.js), dealt so that about half may go (a royal, a run, a
// flush) and half may not (the same rank in another suit, or nothing in common); the learner says
// yes or no, the browser engine (engine/chains.js playChains, never a second judge here) decides,
// and the rule it rests on is quoted from the page. chainsQuestion(seed) is pure.

import { HOUSE_OPTIONS, playChains, ranksAdjacent } from "../../engine/chains.js";
import { buildDeck, parseCard, spokenName } from "../../engine/cards.js";
import { below, seedState, shuffled } from "../rng.js";
import { el, face, onEveryPage, sentence } from "../../widgets/dom.js";
import { drillHouse, houseLine, quote, runDrill } from "./common.js";

/** What the dealt card is to the top card: the kinds the drill deals, in equal measure. */
export const KINDS = ["royal", "run", "flush", "same-rank", "other"];

function kindOf(top, card) {
  const adjacent = ranksAdjacent(card.rank, top.rank);
  const suited = card.suit === top.suit;
  if (adjacent && suited) return "royal";
  if (adjacent) return "run";
  if (suited) return "flush";
  return card.rank === top.rank ? "same-rank" : "other";
}

/** The question of a seed: {seed, top, card, kind, record (the engine's play record), next}.
 * `house`: the table's options (issue 25), {"same-rank": "played"}; the record is judged by them,
 * and `family` is the family's rules' record when it differs. */
export function chainsQuestion(seed, house = {}) {
  let s = seedState(seed);
  let pick;
  [pick, s] = below(s, KINDS.length);
  const want = KINDS[pick];
  let deck;
  [deck, s] = shuffled(s, buildDeck(1, false).map((c) => c.code));
  const top = deck[0];
  const card = deck.slice(1).find((code) => kindOf(parseCard(top), parseCard(code)) === want);
  const family = playChains({ top, card, decks: 1, variant: null });
  const record = Object.keys(house).length ? playChains({ top, card, decks: 1, variant: null, house }) : family;
  const changed = !record.error && JSON.stringify(record) !== JSON.stringify(family);
  return { seed, top, card, kind: want, record: record.error ? family : record, house: changed ? { ...house } : null, next: s };
}

/** The rules a verdict rests on, by id (quoted from the page). */
export function rulesOf(q) {
  const t = parseCard(q.top);
  const c = parseCard(q.card);
  const ids = { royal: ["chains-royal"], run: ["chains-run"], flush: ["chains-flush"], "same-rank": ["chains-same-rank"] }[q.kind]
    || ["chains-run", "chains-flush"];
  // chains-ruling-ace: the ranks form a circle, so K-A and A-2 are one apart.
  if (ranksAdjacent(c.rank, t.rank) && [t.rank, c.rank].includes("A")) ids.push("chains-ruling-ace");
  return ids;
}

function show(q, box) {
  const p = el("p", { class: "rb-drill__prompt rb-drill__play", "data-top": q.top, "data-card": q.card });
  p.append("Top of the pile: ", face(q.top), ". Your card: ", face(q.card), ".");
  box.append(p);
}

function mount(root) {
  runDrill(root, {
    game: "chains",
    settingsOf: () => ({}),
    question: (seed) => chainsQuestion(seed, drillHouse("chains", HOUSE_OPTIONS)),
    show,
    answerOf: (form, submitter) => {
      const value = submitter && submitter.value;
      return value === "yes" || value === "no" ? { legal: value === "yes" } : { error: "Choose yes or no." };
    },
    judge: (q, given) => {
      const rec = q.record;
      const right = given.legal === rec.legal;
      const head = [face(q.card), rec.legal ? " may go on " : " may not go on ", face(q.top), "."];
      const nodes = [];
      if (rec.legal) {
        nodes.push(el("p", { class: "rb-result__again" }, rec.again ? "You may play another card." : "Your turn is over."));
      } else if (q.kind === "other") {
        nodes.push(el("p", { class: "rb-result__words" }, `${sentence(spokenName(parseCard(q.card)))} fits neither of these:`));
      }
      const why = el("div", { class: "rb-drill__rules" });
      for (const id of rulesOf(q)) {
        const node = quote(root, id);
        if (node) why.append(node);
      }
      nodes.push(why);
      if (q.house) nodes.push(houseLine("chains", q.house));
      return { right, head, nodes };
    },
  });
}

if (typeof document !== "undefined") onEveryPage('[data-drill="chains"]', mount);
