// The Chips hand scorer. Upgrades the form that generator/widgets.py renders into
// [data-widget="chips"]: results as you type (and on Enter, without a reload), a tap grid of the
// 54 cards, the caller's groups for laying off, words for every group, errors beside the field
// they belong to, and a polite live region. Mounts inside Material's document$ (instant
// navigation swaps the page without running scripts again); mounting twice does nothing.
// Text goes in with textContent only: what people type is never read as HTML.

import { scoreChips, describeMeld, cardValue } from "../engine/chips.js";
import { parseCard, pySplit, cardSymbol, spokenName } from "../engine/cards.js";
import { el, face, faces, sentence, onEveryPage } from "./dom.js";

const SELECTOR = '[data-widget="chips"]';
const mounted = new WeakSet();

const tokens = (text) => pySplit(text.replaceAll(",", " "));
const canonical = (tok) => { try { return parseCard(tok).code; } catch { return null; } };
const spoken = (code) => spokenName(parseCard(code));

/** The caller's groups from text ("8H 8S 8D; 4C 5C JK"): a set when the natural cards share a
 * rank (or there are only wilds: they stand as Kings), a run when they share a suit. */
function callerGroups(text) {
  const parts = text.split(/[;\n|]/).map((p) => p.trim()).filter(Boolean);
  return parts.map((part, k) => {
    const cards = tokens(part);
    const parsed = cards.map((tok) => {
      try { return parseCard(tok); } catch { throw new Error(`Caller's group ${k + 1}: '${tok}' is not a card; write cards like 8H, 10S, JK`); }
    });
    const naturals = parsed.filter((c) => c.rank !== "2" && c.rank !== "JK");
    if (!naturals.length) return { kind: "set", rank: "K", cards };
    if (naturals.every((c) => c.rank === naturals[0].rank)) return { kind: "set", rank: naturals[0].rank, cards };
    if (naturals.every((c) => c.suit === naturals[0].suit)) return { kind: "run", suit: naturals[0].suit, cards };
    throw new Error(`Caller's group ${k + 1} (${cards.join(" ")}) is neither a set (one rank) nor a run (one suit)`);
  });
}

/** An engine message in words, and the field it belongs beside. */
function explain(message) {
  let m = /^caller_groups\[(\d+)\](?:\.cards(?:\[\d+\])?)?: (.*)$/s.exec(message);
  if (m) return { field: "caller", text: `Caller's group ${Number(m[1]) + 1}: ${m[2]}` };
  m = /^hand(?:\[\d+\])?: (.*)$/s.exec(message);
  if (m) return { field: "cards", text: sentence(m[1]) };
  if (/^packs/.test(message)) return { field: "cards", text: sentence(message) };
  return { field: "cards", text: sentence(message) };
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
  const result = root.querySelector("[data-result]");
  const live = root.querySelector("[data-live]");
  const errors = {
    cards: root.querySelector('[data-error-for="cards"]'),
    caller: root.querySelector('[data-error-for="caller"]'),
  };
  const fields = { cards: input, caller };
  if (!form || !input || !result) return;
  const placeholder = result.querySelector(".rb-widget__placeholder");
  const placeholderText = placeholder ? placeholder.textContent : "";
  let lastAnnounced = "";

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

  function announce(text) {
    if (live && text !== lastAnnounced) {
      live.textContent = text;
      lastAnnounced = text;
    }
  }

  function syncGrid() {
    if (!grid) return;
    const counts = new Map();
    for (const tok of tokens(input.value)) {
      const code = canonical(tok);
      if (code) counts.set(code, (counts.get(code) || 0) + 1);
    }
    for (const button of grid.querySelectorAll("[data-card]")) {
      const need = Number(button.dataset.copy || 1);
      button.setAttribute("aria-pressed", String((counts.get(button.dataset.card) || 0) >= need));
    }
  }

  function render(rec) {
    result.replaceChildren();
    result.dataset.score = String(rec.score);
    result.dataset.record = JSON.stringify(rec);
    const score = el("p", { class: "rb-result__score" });
    score.append("Score: ", el("strong", {}, String(rec.score)));
    result.append(score);
    const words = [];
    if (rec.melds.length) {
      const list = el("ul", { class: "rb-result__groups", "aria-label": "Groups" });
      for (const meld of rec.melds) {
        const li = el("li");
        const said = describeMeld(meld);
        words.push(said);
        li.append(faces(meld.cards), " ", el("span", { class: "rb-result__words" }, sentence(said)));
        list.append(li);
      }
      result.append(list);
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
      result.append(p);
    }
    if (rec.loose.length) {
      const p = el("p", { class: "rb-result__loose" }, "Left over: ");
      const values = rec.loose.map((code) => cardValue(parseCard(code)));
      p.append(faces(rec.loose), ` counting ${values.join(" + ")} = ${values.reduce((a, b) => a + b, 0)}.`);
      words.push(`left over: ${rec.loose.map(spoken).join(", ")}`);
      result.append(p);
    } else if (!rec.lay_offs.length || rec.score === 0) {
      result.append(el("p", { class: "rb-result__loose" }, "Every card is in a group or laid off: nothing left over."));
    }
    announce(`Score ${rec.score}. ${words.map(sentence).join(". ")}.`);
  }

  function clearResult(text) {
    result.replaceChildren();
    result.dataset.score = "";
    delete result.dataset.record;
    if (text) result.append(el("p", { class: "rb-widget__placeholder" }, text));
  }

  function update() {
    syncGrid();
    const hand = tokens(input.value);
    if (!hand.length) {
      showError(null, "");
      clearResult(placeholderText);
      announce("");
      return;
    }
    let groups = null;
    try {
      groups = caller && caller.value.trim() ? callerGroups(caller.value) : null;
    } catch (e) {
      showError("caller", e.message);
      clearResult("");
      announce(e.message);
      return;
    }
    const rec = scoreChips({ hand, packs: Number(packs ? packs.value : 1), caller_groups: groups });
    if (rec.error) {
      const { field, text } = explain(rec.error);
      showError(field, text);
      clearResult("");
      announce(text);
      return;
    }
    showError(null, "");
    render(rec);
  }

  function toggle(button) {
    const code = button.dataset.card;
    const list = tokens(input.value);
    if (button.getAttribute("aria-pressed") === "true") {
      for (let k = list.length - 1; k >= 0; k--) {
        if (canonical(list[k]) === code) { list.splice(k, 1); break; }
      }
    } else list.push(code);
    input.value = list.join(" ");
    update();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault(); // Enter scores in place: the page never reloads
    update();
  });
  input.addEventListener("input", update);
  if (caller) caller.addEventListener("input", update);
  if (packs) packs.addEventListener("change", update);
  if (grid) {
    grid.hidden = false;
    grid.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !grid.contains(button)) return;
      if (button.hasAttribute("data-clear")) {
        input.value = "";
        update();
      } else if (button.dataset.card) toggle(button);
    });
  }
  // A form sent before the script loaded (GET, to this page) carries its fields in the address.
  const params = new URLSearchParams(window.location.search);
  if (params.has("cards") && !input.value) input.value = params.get("cards");
  if (params.has("caller") && caller && !caller.value) caller.value = params.get("caller");
  if (params.has("packs") && packs && [...packs.options].some((o) => o.value === params.get("packs"))) {
    packs.value = params.get("packs");
  }
  if (input.value) update();
  else syncGrid();
}

onEveryPage(SELECTOR, mount);
