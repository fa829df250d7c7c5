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

/** Some of what a link held, clipped, for a note a person reads (set as text, never as HTML). */
export function clip(text, most = 24) {
  const flat = String(text).replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, " ").trim();
  return flat.length > most ? `${flat.slice(0, most - 1)}…` : flat;
}

/** Read a ?house= value: {house, ignored: [{text, why}], refused: null | "too-long"}. The last of
 * two pairs for one option wins, as on the command line. */
export function parseHouse(text, options) {
  const house = {};
  const ignored = [];
  const value = String(text ?? "");
  const parts = value.split(",").map((p) => p.trim()).filter(Boolean);
  if (value.length > MAX_CHARS || parts.length > MAX_PAIRS) return { house, ignored, refused: "too-long", pairs: parts.length };
  const known = new Map(options.map((o) => [o.id, o]));
  for (const part of parts) {
    const at = part.indexOf(":");
    if (at < 0) {
      ignored.push({ text: part, why: "not option:value" });
      continue;
    }
    const id = part.slice(0, at).trim();
    const chosen = part.slice(at + 1).trim();
    const option = known.get(id);
    if (!option) ignored.push({ text: id, why: "unknown option" });
    else if (!option.values.includes(chosen)) ignored.push({ text: part, why: "unknown reading" });
    else house[id] = chosen;
  }
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

/** `href` with its ?house= saying `house` (left out for the family's rules), every other
 * parameter and the #fragment kept. The pairs stay readable: ':' and ',' are written as is. */
export function addressFor(href, house, options) {
  const url = new URL(href);
  const params = new URLSearchParams(url.search);
  params.delete(PARAM);
  const others = params.toString();
  const value = formatHouse(house, options);
  const query = [others, value ? `${PARAM}=${value}` : ""].filter(Boolean).join("&");
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}${url.hash}`;
}

/** One line for people about a link's pairs left out: "" when there are none. */
export function ignoredNote(read, gameName) {
  if (!read) return "";
  if (read.refused === "too-long") {
    return `This link's house rules were not read: it names far more than ${gameName} has.`;
  }
  if (!read.ignored.length) return "";
  const shown = read.ignored.slice(0, 3).map((i) => `“${clip(i.text)}” (${i.why})`);
  const more = read.ignored.length > 3 ? ` and ${read.ignored.length - 3} more` : "";
  return `Ignored from this link (${gameName} has no such house rule): ${shown.join(", ")}${more}.`;
}
