// A game page worded for a table's house rules, in place (issue 25), and back:
// - a rule item a house option rewords: the build put each other wording beside the rule's text,
//   <template data-house-wording="<option>:<value>"> next to its <p data-rule-text>
//   (partials/_macros.html); the chosen one is swapped in, marked "Your table's rule", and the
//   page's own <p> is kept to be put back (the very node: the family's words come back byte for
//   byte);
// - a ruling (data-option): the table's reading marked "(your table's rule)"; the site's reading
//   keeps its "(followed here)";
// - a variant (data-option): "Played at your table".
// The marks are the ones a family edition prints (rulebook build --house: partials/rulings.html,
// variants.html). Text goes in with textContent; the wordings are the build's own HTML, cloned.

import { el } from "../widgets/dom.js";

/** The page's own rule text of a reworded item, kept while another wording is shown. */
const ownText = new WeakMap();
/** A reading's class attribute before it was marked. */
const ownClass = new WeakMap();

const MARK = "data-house-mark";

/** The option value `house` gives, or the default. */
const valueOf = (option, house) => (Object.hasOwn(house, option.id) ? house[option.id] : option.default);

/** Is the focus on something inside `node` (which is about to leave the page)? */
function focusInside(node) {
  const active = document.activeElement;
  return active && active !== document.body && node.contains(active);
}

function rewordItems(root, options, house) {
  const items = new Set();
  for (const t of root.querySelectorAll("template[data-house-wording]")) {
    const item = t.closest("li[id]");
    if (item) items.add(item);
  }
  for (const item of items) {
    const wordings = new Map([...item.querySelectorAll("template[data-house-wording]")]
      .filter((t) => t.closest("li[id]") === item)
      .map((t) => [t.dataset.houseWording, t]));
    // The first option, in the game's order, that gives this item a wording of its own.
    const option = options.find((o) => valueOf(o, house) !== o.default && wordings.has(`${o.id}:${valueOf(o, house)}`));
    const key = option ? `${option.id}:${valueOf(option, house)}` : null;
    if ((item.dataset.houseWordedAs || null) === key) continue;
    const shown = [...item.querySelectorAll("[data-rule-text]")].find((p) => !p.closest("template") && p.closest("li[id]") === item);
    if (!shown) continue;
    const hadFocus = focusInside(shown);
    const own = ownText.get(item) || shown;
    ownText.set(item, own);
    const next = key ? wordings.get(key).content.firstElementChild.cloneNode(true) : own;
    shown.replaceWith(next);
    for (const badge of item.querySelectorAll(`[${MARK}]`)) badge.remove();
    if (key) {
      const badge = el("p", { class: "rb-rule__house", [MARK]: "" });
      badge.append(el("span", { class: "rb-badge" }, "Your table's rule"));
      next.before(badge);
      item.dataset.houseWordedAs = key;
    } else {
      delete item.dataset.houseWordedAs;
      ownText.delete(item);
    }
    // The focus was on a word or a link of the text just replaced: it goes to the rule's number
    // (its link), never to the top of the page.
    if (hadFocus) (item.querySelector(".rb-rule__number") || next).focus({ preventScroll: true });
  }
}

function markRulings(root, options, house) {
  for (const option of options) {
    if (option.kind !== "ruling") continue;
    const ruling = root.querySelector(`.rb-ruling[data-option="${CSS.escape(option.id)}"]`);
    if (!ruling) continue;
    const value = valueOf(option, house);
    for (const reading of ruling.querySelectorAll("li[data-value]")) {
      const ours = value !== option.default && reading.dataset.value === value;
      const marked = reading.hasAttribute("data-house-chosen") && ownClass.has(reading);
      if (ours === marked) continue;
      if (ours) {
        ownClass.set(reading, reading.getAttribute("class"));
        reading.classList.add("rb-ruling__reading--house");
        reading.setAttribute("data-house-chosen", "");
        reading.append(el("span", { [MARK]: "" }, " "), el("strong", { class: "rb-ruling__followed rb-ruling__yours", [MARK]: "" }, "(your table's rule)"));
      } else {
        for (const mark of reading.querySelectorAll(`[${MARK}]`)) mark.remove();
        reading.removeAttribute("data-house-chosen");
        const own = ownClass.get(reading);
        if (own === null) reading.removeAttribute("class");
        else reading.setAttribute("class", own);
        ownClass.delete(reading);
      }
    }
  }
}

function markVariants(root, options, house) {
  for (const option of options) {
    if (option.kind !== "variant") continue;
    const variant = root.querySelector(`.rb-variant[data-option="${CSS.escape(option.id)}"]`);
    if (!variant) continue;
    const played = valueOf(option, house) !== option.default;
    const badge = variant.querySelector(`[${MARK}]`);
    if (played && !badge) {
      const p = el("p", { class: "rb-variant__house", "data-house-played": "", [MARK]: "" });
      p.append(el("span", { class: "rb-badge" }, "Played at your table"));
      const heading = variant.querySelector("h1, h2, h3, h4, h5, h6");
      if (heading) heading.after(p);
      else variant.prepend(p);
    } else if (!played && badge) {
      badge.remove();
    }
  }
}

/** Word the page under `root` for `house` (option id -> value; the defaults for the others). */
export function applyHouse(root, options, house) {
  rewordItems(root, options, house);
  markRulings(root, options, house);
  markVariants(root, options, house);
}
