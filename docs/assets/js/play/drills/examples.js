// The worked examples of a game page as questions (issue 16): each example's answer (the elements
// partials/examples.html marks data-example-answer: its result and its explanation) is hidden
// behind a question, "What does this hand score?", "Is this play legal?", "Who wins?", checked
// against the example's claim (data-claim, which the build has already checked against the
// engine: generator/content/checks.py), then shown. A switch above the examples shows every answer
// at once. Without scripts nothing is hidden: the answers stay on the page.
// Mounts on [data-example] (docs/assets/js/loader.js), on every page instant navigation brings;
// mounting twice does nothing. No engine is loaded: the claim is the answer.
//
// Under a table's house rules (issue 25) an example whose answer the house changes carries the
// table's answer too, data-house-claim (house/examples.js works it out in the page, or a family
// edition's build prints it), and the rules that change it in words (data-house-because, or the
// title of the table's answer, "At your table (...)"). The question then takes the table's answer
// and its verdict names the table's rule beside the family's answer; with the family's rules (no
// data-house-claim) it takes the family's. An answer given before the table's rules change is
// asked again.

import { el, onEveryPage } from "../../widgets/dom.js";
import { whoseRules } from "../../house/current.js";

const SELECTOR = ".rb-examples";
let counter = 0;

const names = (list) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`);
const players = (list) => names(list.map((k) => `player ${k + 1}`));

/** What an example asks, from its game, record and claim; null when it is no question. */
export function questionOf(game, record, input, claim) {
  if (record === "score" && Number.isInteger(claim.score)) {
    return {
      kind: "number", key: "score",
      ask: game === "chains" ? "How many points do these cards count?" : "What does this hand score?",
      answer: claim.score, said: String(claim.score),
    };
  }
  if (record === "play" && typeof claim.legal === "boolean") {
    return { kind: "yes-no", key: "legal", ask: "Is this play legal?", answer: claim.legal, said: claim.legal ? "yes, it may go" : "no, it may not" };
  }
  if ((record === "showdown" || record === "hand") && Array.isArray(claim.winners)) {
    const seats = Array.isArray(input.hands) ? input.hands.length : Array.isArray(input.chips) ? input.chips.length : 0;
    if (seats < 2) return null;
    return {
      kind: "winners", key: "winners", ask: record === "hand" ? "Who wins the hand?" : "Who wins?", seats,
      answer: claim.winners, said: claim.winners.length === 1 ? `${players(claim.winners)} wins` : `${players(claim.winners)} share it`,
    };
  }
  return null;
}

/** Is `given` the answer? */
export function isRight(q, given) {
  if (q.kind === "winners") return given.length === q.answer.length && given.every((k) => q.answer.includes(k));
  return given === q.answer;
}

/** The question at a table: `family` (questionOf's) asked of the table's answer `houseClaim` (the
 * claim's fields as the house rules `because` answer them). Null when the table answers as the
 * family does, or the table's answer is not of the question's kind. */
export function tableQuestion(game, record, input, claim, family, houseClaim, because) {
  if (!family || !houseClaim || typeof houseClaim !== "object") return null;
  const q = questionOf(game, record, input, { ...claim, ...houseClaim });
  if (!q || q.kind !== family.kind || q.said === family.said) return null;
  return { ...q, because: because || "your table's rules" };
}

/** The verdict on `given`, by the table's question `table` when there is one, else by `family`'s:
 * {right, text}. At a table the text names the table's rules and says the family's answer too. */
export function verdictOf(family, table, given, whose = "the family's") {
  if (!table) {
    const right = isRight(family, given);
    return { right, text: right ? `✓ Right: ${family.said}.` : `✗ Not quite: ${family.said}.` };
  }
  const at = `at your table (${table.because})`;
  if (isRight(table, given)) {
    return { right: true, text: `✓ Right ${at}: ${table.said}. By ${whose} rules: ${family.said}.` };
  }
  if (isRight(family, given)) {
    return { right: false, text: `✗ That is ${whose} answer (${family.said}); ${at}: ${table.said}.` };
  }
  return { right: false, text: `✗ Not quite: ${at}, ${table.said}; by ${whose} rules, ${family.said}.` };
}

/** The answer as "Show the answer" says it. */
export function answerOf(family, table, whose = "the family's") {
  if (!table) return `The answer: ${family.said}.`;
  return `The answer at your table (${table.because}): ${table.said}; by ${whose} rules: ${family.said}.`;
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const TABLE_TITLE = /^\s*At your table \((.*)\)\s*$/s;

/** The house rules that change `article`'s answer, in words. */
function becauseOf(article) {
  if (article.dataset.houseBecause) return article.dataset.houseBecause;
  const title = article.querySelector(".rb-example__house .rb-example__result-title");
  const m = title ? TABLE_TITLE.exec(title.textContent) : null;
  return m ? m[1].trim() : "";
}

function enhance(article) {
  if (article.dataset.question) return;
  const [game] = String(article.dataset.example || "").split("/");
  const input = parse(article.dataset.input || "null");
  const claim = parse(article.dataset.claim || "null");
  const answers = [...article.querySelectorAll("[data-example-answer]")];
  if (!input || !claim || !answers.length) return;
  const q = questionOf(game, article.dataset.record, input, claim);
  if (!q) return;
  article.dataset.question = "asked";
  const id = `rb-exq-${++counter}`;
  // No accessible name: a named form is a landmark, and a page of examples would hold many alike.
  const form = el("form", { class: "rb-example__question", novalidate: "", "data-example-question": q.kind });
  const ask = el("p", { class: "rb-example__ask", id: `${id}-ask` }, q.ask);
  form.append(ask);
  const row = el("div", { class: "rb-example__controls" });
  const verdict = el("p", { class: "rb-example__verdict", role: "status" });
  let field = null;
  if (q.kind === "number") {
    field = el("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", "aria-labelledby": `${id}-ask`, class: "rb-example__input" });
    row.append(field, el("button", { type: "submit", class: "md-button md-button--primary" }, "Check"));
  } else if (q.kind === "yes-no") {
    row.append(el("button", { type: "submit", class: "md-button", value: "yes" }, "Yes"),
      el("button", { type: "submit", class: "md-button", value: "no" }, "No"));
  } else {
    const set = el("fieldset", { class: "rb-example__seats" });
    set.append(el("legend", { class: "rb-visually-hidden" }, `${q.ask} Tick every winner.`));
    for (let k = 0; k < q.seats; k++) {
      const label = el("label", { class: "rb-drill__check" });
      label.append(el("input", { type: "checkbox", value: String(k) }), ` Player ${k + 1}`);
      set.append(label);
    }
    row.append(set, el("button", { type: "submit", class: "md-button md-button--primary" }, "Check"));
  }
  const show = el("button", { type: "button", class: "md-button rb-example__show", "data-show-answer": "" }, "Show the answer");
  row.append(show);
  form.append(row, verdict);
  answers[0].before(form);

  const atTable = () => tableQuestion(game, article.dataset.record, input, claim, q,
    parse(article.dataset.houseClaim || "null"), becauseOf(article));
  const reveal = (open) => {
    for (const node of answers) node.hidden = !open;
    article.dataset.question = open ? "answered" : "asked";
    show.hidden = open;
  };
  article.rbReveal = reveal;
  reveal(false);
  show.addEventListener("click", () => {
    delete verdict.dataset.right;
    verdict.textContent = answerOf(q, atTable(), whoseRules(game));
    reveal(true);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let given;
    if (q.kind === "number") {
      const text = field.value.trim();
      if (!/^\d{1,4}$/.test(text)) {
        verdict.textContent = "Type a whole number, like 14, or show the answer.";
        field.setAttribute("aria-invalid", "true");
        return;
      }
      field.removeAttribute("aria-invalid");
      given = Number(text);
    } else if (q.kind === "yes-no") {
      if (!event.submitter) return;
      given = event.submitter.value === "yes";
    } else {
      given = [...form.querySelectorAll("input[type=checkbox]:checked")].map((i) => Number(i.value));
      if (!given.length) {
        verdict.textContent = "Tick the player who wins (or every player who ties), or show the answer.";
        return;
      }
    }
    const { right, text } = verdictOf(q, atTable(), given, whoseRules(game));
    verdict.dataset.right = String(right);
    verdict.textContent = text;
    reveal(true);
  });
  // The table's rules changed (or went back to the family's): a verdict given under the others no
  // longer holds, and the question is asked again (unless every answer is shown).
  let said = article.dataset.houseClaim || "";
  new MutationObserver(() => {
    const now = article.dataset.houseClaim || "";
    if (now === said) return;
    said = now;
    if (!verdict.textContent) return;
    verdict.textContent = "";
    delete verdict.dataset.right;
    if (field) field.value = "";
    for (const box of form.querySelectorAll("input[type=checkbox]")) box.checked = false;
    const container = article.closest(SELECTOR);
    if (!container || container.dataset.questions !== "off") reveal(false);
  }).observe(article, { attributes: true, attributeFilter: ["data-house-claim"] });
}

// The examples sit in a closed fold far down a game page. Asking them while the page loaded was
// one long task on a phone (Lighthouse, /chips/: 60-100 ms of blocking time at its 4x slowdown,
// issue 42): whatever is put inside a closed fold has the browser lay out all its contents. So they
// are asked when the fold opens: on the click that opens it (a tap, or Enter or Space on its
// summary), which comes before it opens, so no answer shows first; on its toggle when something
// else opens it (a link into it, find in page); at once where there is no fold or it is open.
// data-questions (on, or off once the switch is turned off) marks a container as taken.
function mount(container) {
  if (container.dataset.questions) return;
  container.dataset.questions = "on";
  const fold = container.closest("details");
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    if (fold) {
      fold.removeEventListener("click", ask, true);
      fold.removeEventListener("toggle", ask);
    }
    const articles = [...container.querySelectorAll("article[data-example]")];
    const toggle = el("p", { class: "rb-examples__toggle" });
    const box = el("input", { type: "checkbox", role: "switch", checked: "", "data-examples-as-questions": "" });
    const label = el("label");
    label.append(box, " Ask each example as a question before its answer");
    toggle.append(label);
    container.before(toggle);
    for (const article of articles) enhance(article);
    box.addEventListener("change", () => {
      container.dataset.questions = box.checked ? "on" : "off";
      for (const article of articles) if (article.rbReveal) article.rbReveal(!box.checked);
    });
  };
  if (!fold || fold.open) {
    ask();
    return;
  }
  fold.addEventListener("click", ask, true);
  fold.addEventListener("toggle", ask);
}

if (typeof document !== "undefined") onEveryPage(SELECTOR, mount);
