// The light and dark toggle in the header: Material's palette, mounted by this module rather than
// by Material's bundle (issue 42).
//
// Material's own palette restyled the whole page twice on every load, inside the bundle's one long
// task: it adds a second <meta name="color-scheme"> and then fills it in, and Chromium restyles
// every element on any change to such a meta. Ours, in overrides/main.html, already says
// "light dark" and comes first, so Material's changed nothing a reader sees (nor did its
// theme-color meta: ours, with their media queries, come first too). On a phone that was about a
// sixth of the bundle's blocking time (bench/mainthread.py, /chains/ and /chips/, three rounds of
// five loads: 132-153 ms mounted by Material, 111-129 ms by this).
//
// The rest does what Material's does, with the same stored choice (`__palette`, through Material's
// own __md_get and __md_set, so its head script still applies the choice before the first paint):
// the scheme chosen before, else the one whose media query the device matches; a label shown only
// for the scheme on screen (each is named for what it switches to); Enter moves to the other
// scheme, as Material's does. overrides/main.html renames the form's data-md-component so
// Material leaves it alone, and keeps the radio of the scheme on screen checked.

const FORM = "form[data-rb-palette]";

/** The palette an input stands for, as Material stores it. */
function colourOf(input) {
  return {
    media: input.getAttribute("data-md-color-media"),
    scheme: input.getAttribute("data-md-color-scheme"),
    primary: input.getAttribute("data-md-color-primary"),
    accent: input.getAttribute("data-md-color-accent"),
  };
}

function mount() {
  const form = document.querySelector(FORM);
  if (!form || form.dataset.mounted === "true") return; // the header stays across instant navigation
  form.dataset.mounted = "true";
  const inputs = [...form.querySelectorAll("input")];
  if (!inputs.length) return;
  let current = 0;

  const show = (index, keep = true) => {
    current = index;
    const palette = { index, color: colourOf(inputs[index]) };
    for (const [key, value] of Object.entries(palette.color)) document.body.setAttribute(`data-md-color-${key}`, value);
    inputs.forEach((input, i) => {
      const label = input.nextElementSibling;
      if (label instanceof HTMLElement) label.hidden = i !== index;
    });
    if (keep) window.__md_set("__palette", palette);
  };

  // A stored choice that cannot be read is left as it is (nothing saved is rewritten unread) until
  // the reader chooses again.
  let stored = null;
  let readable = true;
  try {
    stored = window.__md_get("__palette");
  } catch {
    readable = false;
  }
  const start = stored && Number.isInteger(stored.index)
    ? stored.index
    : inputs.findIndex((input) => matchMedia(input.getAttribute("data-md-color-media")).matches);
  show(Math.max(0, Math.min(start, inputs.length - 1)), readable);
  inputs.forEach((input, i) => input.addEventListener("change", () => show(i)));
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const next = inputs[(current + 1) % inputs.length];
    next.click();
    next.focus();
  });
}

const documents = window.document$;
if (documents && typeof documents.subscribe === "function") documents.subscribe(mount);
else mount();
