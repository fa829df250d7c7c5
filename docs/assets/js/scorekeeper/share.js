// A saved game moved to another device: by a link that carries the game in its fragment
// (#game=..., never sent to any server: a browser does not send the part after "#"), or by a
// file (the JSON export); and the CSV of a finished sheet. An incoming game gets exactly the
// bounds of a game typed into the form (store.js incomingGame: the names cleaned as the form
// cleans them, at most 40 characters, scores at most MAX_POINTS, dates that are dates), so a
// damaged or out-of-bounds link or file is refused whole, with a message, and nothing already
// saved is touched.
//
// The link is compact: JSON of arrays in seat order (names once, not once a row), UTF-8, then
// base64url (RFC 4648 §5: no "+", "/" or "=", so it survives being pasted into a message), then
// "." and a check of those letters (FNV-1a, 32 bits), so a link with one letter changed on the
// way is refused, not read as a different game that happens to add up.
import { ID_PATTERN, houseKey, incomingGame, knownGame, own, problemWords, rankInput, rankOf, startsWith } from "./store.js";
import { houseWords, seats, sentence } from "./sheet.js";

export const LINK_PREFIX = "game=";
export const LINK_VERSION = 1;
/** The longest fragment read (a 20-player Chips game is about 1,500 characters). */
export const MAX_LINK_CHARS = 20_000;
/** The largest file read (an export of the longest game is a few kilobytes). */
export const MAX_FILE_BYTES = 1_000_000;
export const FILE_FORMAT = "rulebook-score-sheet";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** FNV-1a (32 bits) of a string's UTF-16 code units, in base 36: the link's check. */
function check(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The rows of a game as arrays in seat order: Chips [[scores...], caller seat or -1]. */
function packRows(game) {
  return game.rows.map((row) => {
    if (game.game === "chips") {
      return [game.players.map((p) => own(row.scores, p) ?? 0), row.called === null || row.called === undefined ? -1 : game.players.indexOf(row.called)];
    }
    return game.players.map((p) => own(row, p) ?? 0);
  });
}

/** Rows back from arrays; throws on anything that is not the shape packRows makes. */
function unpackRows(kind, players, rows) {
  if (!Array.isArray(rows)) throw new Error("rows");
  const byName = (values) => {
    if (!Array.isArray(values) || values.length !== players.length) throw new Error("row");
    // Entries, not obj[name] = ...: a player may be called "__proto__".
    return Object.fromEntries(players.map((p, i) => [p, values[i]]));
  };
  return rows.map((row) => {
    if (kind !== "chips") return byName(row);
    if (!Array.isArray(row) || row.length !== 2 || !Number.isInteger(row[1]) || row[1] < -1 || row[1] >= players.length) {
      throw new Error("row");
    }
    return { scores: byName(row[0]), called: row[1] === -1 ? null : players[row[1]] };
  });
}

/** The fragment ("game=...") that carries `game`. */
export function shareFragment(game) {
  const packed = { v: LINK_VERSION, id: game.id, g: game.game, p: game.players, r: packRows(game) };
  if (startsWith(game.game)) packed.s = game.start;
  // The table's rules it is played by (issue 25), as stored: ids and values a newer page wrote too.
  if (isObject(game.house) && Object.keys(game.house).length) packed.h = game.house;
  const payload = toBase64url(JSON.stringify(packed));
  return `${LINK_PREFIX}${payload}.${check(payload)}`;
}

/** The whole address to send: this page, with the game in the fragment. */
export function shareUrl(game, href) {
  const url = new URL(href);
  url.hash = shareFragment(game);
  return url.href;
}

/** A game from a fragment ("#game=..." or "game=..."): { game } or { error } in words. */
export function readFragment(hash) {
  const text = String(hash || "").replace(/^#/, "");
  if (!text.startsWith(LINK_PREFIX)) return { error: "This link carries no game." };
  const damaged = { error: "This share link is damaged or incomplete (perhaps cut short when it was copied), so no game was opened from it." };
  if (text.length > MAX_LINK_CHARS) return damaged;
  const [payload, sum, ...rest] = text.slice(LINK_PREFIX.length).split(".");
  if (rest.length || !payload || sum !== check(payload)) return damaged;
  let packed;
  try {
    packed = JSON.parse(fromBase64url(payload));
  } catch {
    return damaged;
  }
  if (!isObject(packed)) return damaged;
  if (packed.v !== LINK_VERSION) {
    return { error: "This share link was made by another version of this page, so no game was opened from it." };
  }
  const { id, g: kind, p: players } = packed;
  if (typeof id !== "string" || !ID_PATTERN.test(id) || !knownGame(kind) || !Array.isArray(players) ||
      !players.every((p) => typeof p === "string")) return damaged;
  let rows;
  try {
    rows = unpackRows(kind, players, packed.r);
  } catch {
    return damaged;
  }
  const game = { id, game: kind, players, rows };
  if (startsWith(kind)) game.start = packed.s;
  if (packed.h !== undefined) game.house = packed.h;
  return taken(incomingGame(game), damaged, "This share link");
}

/** { game } from incomingGame's answer, or the refusal in words: why, when it is a bound the
 * form also keeps (a name too long, a score too big), else `damaged`. */
function taken(checked, damaged, what) {
  if (checked.game) return checked.houseUnread ? { game: checked.game, houseUnread: true } : { game: checked.game };
  const why = problemWords(checked.error);
  return why ? { error: `${what} holds a game this page cannot take, so no game was opened from it: ${why}.` } : damaged;
}

/** The JSON file of a game: what the sheet shows (the ranking) plus what it takes to open it again. */
export function exportFile(game) {
  const result = rankOf(game);
  const out = { format: FILE_FORMAT, version: LINK_VERSION, id: game.id, game: game.game, ...rankInput(game), result };
  // The table's rules (issue 25): the `house` of `rulebook rank`, the ids and values of `rulebook options`.
  if (isObject(game.house) && Object.keys(game.house).length) out.house = game.house;
  for (const key of ["created", "updated"]) if (typeof game[key] === "string") out[key] = game[key];
  return JSON.stringify(out, null, 2) + "\n";
}

/** A game from the text of an exported file: { game } or { error } in words. */
export function readFile(text) {
  const damaged = { error: "This file is not a score sheet saved from this page, or it is damaged, so no game was opened from it." };
  if (typeof text !== "string" || text.length > MAX_FILE_BYTES) return damaged;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return damaged;
  }
  if (!isObject(data) || !knownGame(data.game)) return damaged;
  if (data.format !== undefined && data.format !== FILE_FORMAT) return damaged;
  const rows = data.game === "chips" ? data.rounds : data.hands;
  const id = typeof data.id === "string" && ID_PATTERN.test(data.id) ? data.id : `g-file-${Date.now().toString(36)}`;
  const game = { id, game: data.game, players: data.players, rows: rows ?? [] };
  if (startsWith(data.game)) game.start = data.start;
  if (data.house !== undefined) game.house = data.house;
  // A date that is not one refuses the file, as anything else out of bounds does.
  for (const key of ["created", "updated"]) if (data[key] !== undefined) game[key] = data[key];
  return taken(incomingGame(game), damaged, "This file");
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
/** The same players and start, and the same table's rules: a game under other rules is another game. */
const samePlayers = (a, b) => a.game === b.game && same(a.players, b.players) && a.start === b.start && houseKey(a) === houseKey(b);

/** The CSV of a sheet: the rows with who dealt, the totals, the places and the result in words.
 * No cell starts as a formula would in a spreadsheet. */
export function exportCsv(game, info, result) {
  const cell = (v) => {
    let s = String(v ?? "");
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`; // never a formula in a spreadsheet
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const unit = game.game === "chips" ? "Round" : "Hand";
  const lines = [];
  const head = [unit];
  if (game.game === "chips") head.push("Cards");
  head.push("Dealer");
  if (game.game === "chips") head.push("Extra card");
  head.push(...game.players);
  if (game.game === "chips") head.push("Called chips");
  lines.push(head);
  game.rows.forEach((row, i) => {
    const seat = seats(game, i);
    const line = [i + 1];
    if (game.game === "chips") line.push(info.hand_sizes?.[i] ?? i + 3);
    line.push(seat.dealer);
    if (game.game === "chips") line.push(seat.extra);
    const scores = game.game === "chips" ? row.scores : row;
    line.push(...game.players.map((p) => own(scores, p) ?? 0));
    if (game.game === "chips") line.push(row.called ?? "");
    lines.push(line);
  });
  if (game.game !== "3-chip-stack") {
    const pad = game.game === "chips" ? ["Total", "", "", ""] : ["Total", ""];
    lines.push([...pad, ...game.players.map((p) => own(result.totals, p)), ...(game.game === "chips" ? [""] : [])]);
  }
  lines.push([]);
  lines.push(["Place", "Players"]);
  let place = 1;
  for (const group of result.ranking) {
    lines.push([place, group.join(" and ")]);
    place += group.length;
  }
  lines.push(["Result", sentence(game, result)]);
  const rules = houseWords(game, info);
  if (rules.length) lines.push(["Table's rules", rules.join("; ")]);
  return lines.map((l) => l.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** Where an incoming game goes among the saved ones (`games`), so nothing saved is lost:
 * { action: "open", id } when this device has it already, exactly; { action: "update", id, game }
 * when the saved copy is an earlier point of the same game (its rows begin the incoming ones);
 * { action: "add", game } otherwise, under a new id when its id is taken by a different game. */
export function placeIncoming(games, incoming, newId) {
  const saved = own(games, incoming.id);
  if (saved && samePlayers(saved, incoming)) {
    if (same(saved.rows, incoming.rows)) return { action: "open", id: saved.id };
    const prefix = saved.rows.length < incoming.rows.length && same(saved.rows, incoming.rows.slice(0, saved.rows.length));
    if (prefix) {
      const history = [...(saved.history || []), saved.rows];
      return { action: "update", id: saved.id, game: { ...saved, rows: incoming.rows, history, updated: new Date().toISOString() } };
    }
  }
  const id = saved ? newId() : incoming.id;
  const now = new Date().toISOString();
  return { action: "add", game: { ...incoming, id, history: [], created: incoming.created || now, updated: now, rev: 0 } };
}
