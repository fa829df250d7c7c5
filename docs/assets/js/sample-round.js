// Step-through for the sample round (generator/templates/partials/sample_round.html).
// The page already lists every step; this shows one at a time with Previous / Next buttons.
// Mounted on [data-sample-round] inside Material's document$ (instant navigation swaps pages
// without re-running scripts); mounting twice is harmless.

import { onEveryPage } from "./widgets/dom.js";

function mount(root) {
  if (root.dataset.mounted === "true") return;
  const steps = Array.from(root.querySelectorAll(".rb-sample__step"));
  if (steps.length === 0) return;
  root.dataset.mounted = "true";
  root.classList.add("rb-sample--enhanced");

  const nav = document.createElement("div");
  nav.className = "rb-sample__nav";
  const prev = document.createElement("button");
  prev.type = "button";
  prev.className = "md-button rb-sample__prev";
  prev.textContent = "Previous step";
  const status = document.createElement("p");
  status.className = "rb-sample__status";
  status.setAttribute("aria-live", "polite");
  const next = document.createElement("button");
  next.type = "button";
  next.className = "md-button md-button--primary rb-sample__next";
  next.textContent = "Next step";
  nav.append(prev, next, status);
  root.querySelector(".rb-sample__steps").before(nav);

  let current = 0;
  function show(index) {
    current = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach((step, i) => {
      step.hidden = i !== current;
    });
    prev.disabled = current === 0;
    next.disabled = current === steps.length - 1;
    status.textContent = `Step ${current + 1} of ${steps.length}`;
    root.classList.toggle("rb-sample--at-end", current === steps.length - 1);
  }
  // A button that becomes disabled drops keyboard focus to <body>: hand it to the other one.
  prev.addEventListener("click", () => {
    show(current - 1);
    if (prev.disabled) next.focus();
  });
  next.addEventListener("click", () => {
    show(current + 1);
    if (next.disabled) prev.focus();
  });
  show(0);
}

onEveryPage("[data-sample-round]", mount);
