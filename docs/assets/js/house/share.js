// House rules in a link (issue 25): ?house=<option-id>:<value>,<option-id>:<value>, the ids and
// values of `rulebook options <game>` (generator/content/house.py parse_query, format_query).
// A link is read against the game's options: an unknown id or value, or a pair without its
// colon, is left out and named in one line for people; a link longer than any honest one is not
// read at all. Nothing here touches the page: house/view.js shows the words.

export const PARAM = "house";
/** No honest link comes near these: a game has a handful of options (Chips 4), each id:value
 * well under 40 characters. */
export const MAX_CHARS = 1000;
export const MAX_PAIRS = 32;

/** C0, DEL and C1 control characters: no option id or reading holds one (issue 39, item 8). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Some of what a link held, clipped, for a note a person reads (set as text, never as HTML).
 * Spaces, tabs and line breaks become one space; any other control character shows as "�", so
 * "k-a-2:no-group%00" is never quoted as the valid pair it hides behind. */
export function clip(text, most = 24) {
  const flat = String(text).replace(/[\t\n\r\f\v\s]+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "\ufffd").trim();
  return flat.length > most ? `${flat.slice(0, most - 1)}…` : flat;
}

/** Read a ?house= value: {house, ignored: [{text, why, ...}], refused: null | "too-long"}. The
 * last of two pairs for one option wins, as on the command line. `why` is "control character"
 * (with `code`, "U+0000"), "not option:value", "unknown option" or "unknown reading" (with
 * `option` and its `readings`), as generator/content/house.py parse_query and check_choice
 * refuse them. */
export function parseHouse(text, options) {
  const house = {};
  const ignored = [];
  const value = String(text ?? "");
  const raw = value.split(",").filter((p) => p.trim());
  const parts = raw.map((p) => p.trim());
  if (value.length > MAX_CHARS || parts.length > MAX_PAIRS) return { house, ignored, refused: "too-long", pairs: parts.length };
  const known = new Map(options.map((o) => [o.id, o]));
  raw.forEach((whole, n) => {
    const part = parts[n];
    // Tested before trim(), which would take a tab or a line break at either end for a space.
    const control = whole.match(CONTROL);
    if (control) {
      const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
      // Every control character shown as "�", a tab or a line break too: the pair never reads as valid.
      ignored.push({ text: whole.replace(/[\u0000-\u001f\u007f-\u009f]/g, "\ufffd").trim(), why: "control character", code });
      return;
    }
    const at = part.indexOf(":");
    if (at < 0) {
      ignored.push({ text: part, why: "not option:value" });
      return;
    }
    const id = part.slice(0, at).trim();
    const chosen = part.slice(at + 1).trim();
    const option = known.get(id);
    if (!option) ignored.push({ text: id, why: "unknown option" });
    else if (!option.values.includes(chosen)) {
      ignored.push({ text: part, why: "unknown reading", option: id, reading: chosen, readings: [...option.values] });
    } else house[id] = chosen;
  });
  for (const option of options) if (house[option.id] === option.default) delete house[option.id];
  return { house, ignored, refused: null, pairs: parts.length };
}

/** The ?house= value of `house`: its options set away from the default, in the game's order;
 * "" for the family's rules. */
export function formatHouse(house, options) {
  return options
    .filter((o) => Object.hasOwn(house, o.id) && house[o.id] !== o.default && o.values.includes(house[o.id]))
    .map((o) => `${o.id}:${house[o.id]}`)
    .join(",");
}

/** The link's house rules, read from `search` (location.search): null when it names none, else
 * parseHouse's answer (several ?house= are read as one list). */
export function readLink(search, options) {
  const params = new URLSearchParams(search);
  if (!params.has(PARAM)) return null;
  const all = params.getAll(PARAM);
  if (all.length > MAX_PAIRS) return { house: {}, ignored: [], refused: "too-long", pairs: all.length };
  return parseHouse(all.join(","), options);
}

/** `search` (a query without its "?", URLSearchParams' spelling) with `house=<value>` added, the
 * pairs readable: ':' and ',' written as they are, where URLSearchParams writes %3A and %2C;
 * anything else a link's value held stays escaped. "" for no value adds nothing. */
export function withHouseParam(search, value) {
  if (!value) return search;
  const readable = encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%2C/gi, ",");
  return [search, `${PARAM}=${readable}`].filter(Boolean).join("&");
}

/** `href` with its ?house= saying `house` (left out for the family's rules), every other
 * parameter and the #fragment kept. The pairs stay readable: ':' and ',' are written as is. */
export function addressFor(href, house, options) {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  params.delete(PARAM);
  const query = withHouseParam(params.toString(), formatHouse(house, options));
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}${url.hash}`;
}

/** Why one pair of a link was left out, in words: an unknown reading says so and lists the
 * option's readings (it is a house rule this page has, issue 39 item 8). */
function whyIgnored(item, gameName) {
  switch (item.why) {
    case "control character": return `it holds the control character ${item.code}`;
    case "unknown option": return `${gameName} has no such house rule`;
    case "unknown reading":
      return `${clip(item.option)} has no reading “${clip(item.reading)}”; its readings: ${item.readings.join(", ")}`;
    default: return item.why;
  }
}

/** One line for people about a link's pairs left out: "" when there are none. */
export function ignoredNote(read, gameName) {
  if (!read) return "";
  if (read.refused === "too-long") {
    return `This link's house rules were not read: it names far more than ${gameName} has.`;
  }
  if (!read.ignored.length) return "";
  const shown = read.ignored.slice(0, 3).map((i) => `“${clip(i.text)}” (${whyIgnored(i, gameName)})`);
  const more = read.ignored.length > 3 ? ` and ${read.ignored.length - 3} more` : "";
  return `Ignored from this link: ${shown.join(", ")}${more}.`;
}
