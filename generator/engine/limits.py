"""Every bound on input, in one place: what the command line, the game files and the engines
refuse before they do any work, so no input can make them hang, eat the memory or print a
megabyte in a one-line error.

The browser port states the same numbers in ``docs/assets/js/engine/limits.js``;
``tests/test_limits.py`` holds the two files equal.

Why each number is what it is:

* ``CALLER_GROUPS``: the caller lays down their whole hand (chips-call), a Chips hand holds at
  most ten cards (chips-hand-sizes) and every group has three or more, so a caller lays down at
  most three groups. Laying off adds cards to them but never a group (chips-lay-off), and each
  player lays off onto the groups as the players before extended them
  (chips-ruling-layoff-order): so the groups a player sees may hold far more than ten cards
  between them, and only what the packs can deal bounds them.
* ``RUN_CARDS``: a run never wraps, its Ace low or high but never both (chips-aces,
  chips-no-wrap): Ace to King or Two to Ace, at most thirteen cards however far it is extended.
* ``RANK_PER_PACK`` and ``WILDS_PER_PACK``: a set holds cards of its rank and wilds
  (chips-sets, chips-wilds); a pack holds four cards of each rank and six wilds (four 2s and
  its two jokers, chips-ruling-jokers), so a set of Eights from ``packs`` packs holds at most
  ``packs * (RANK_PER_PACK + WILDS_PER_PACK)`` cards, and a group of wilds alone (a set of 2s,
  chips-ruling-wild-set-rank) at most ``packs * WILDS_PER_PACK``. No exact card may appear more
  often in a hand and the caller's groups together than the packs hold it (``check_copies`` in
  ``generator/engine/cards.py``). These refuse only what the game cannot deal; with them the
  slowest valid record found takes a few milliseconds (``bench/bench_worst_case.py``): the
  lay-off search grows with the hand and the number of caller's runs, not their length.
* ``JSON_DEPTH``: the deepest record any command reads is three levels (a list of groups of cards,
  a game of rounds of scores); twenty leaves room and stays far from Python's recursion limit.
* ``JSON_LINE_CHARS``: a whole score sheet (20 players, 10 rounds) is about 10 KB.
* ``QUOTE_CHARS``: an error message quotes at most this much of what it refuses.
* ``POT_CHIPS``: a 3 Chip Stack pot is chips on a family table; a million leaves room.
* ``MAX_POINTS``: the most a score sheet takes in one box (a Chips or Chains score, a 3 Chip
  Stack count), the score keeper's bound too (``docs/assets/js/scorekeeper/store.js``): totals of
  twenty players over ten rounds stay far below 2**53, so the browser adds them exactly and ranks
  them as ``rulebook rank`` does.
* ``GAME_FILE_BYTES`` and ``YAML_DEPTH``: the largest game file is about 60 KB and nests eight
  levels deep; game files use no anchors or aliases (refused by the loader).
* ``YAML_NUMBER_DIGITS``: a whole number in a game file is an order, a pot, a score: fifteen
  digits stay below 2**53, so the browser reads every such number exactly, and Python never
  meets its own 4,300-digit limit on reading one.
"""

from __future__ import annotations

CALLER_GROUPS = 3
RUN_CARDS = 13
RANK_PER_PACK = 4
WILDS_PER_PACK = 6
JSON_DEPTH = 20
JSON_LINE_CHARS = 100_000
QUOTE_CHARS = 40
POT_CHIPS = 1_000_000
MAX_POINTS = 1_000_000
GAME_FILE_BYTES = 1_000_000
YAML_DEPTH = 30
YAML_NUMBER_DIGITS = 15


def clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with how much was left out: for quoting input back."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """``repr(value)`` for an error message, clipped: a text of any length, a list or a mapping
    holding one, or a number too long for Python to write out (past its 4,300 digits), never
    more than ``limit`` characters and a note of the length."""
    try:
        return clip(repr(value), limit)
    except ValueError:  # an int (or a container holding one) beyond sys.get_int_max_str_digits()
        if isinstance(value, int):
            return f"a whole number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
        return f"a {type(value).__name__} holding a number too long to write out"


def over_points(value: int, noun: str = "points") -> str:
    """The words for a score sheet's number above ``MAX_POINTS``: '1,000,001 is more than
    1,000,000 points, the most a score sheet takes' ('that' for one past 10**15, which the
    browser cannot write exactly)."""
    shown = f"{value:,}" if value <= 10**15 else "that"
    return f"{shown} is more than {MAX_POINTS:,} {noun}, the most a score sheet takes"


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest, without parsing it (brackets inside
    strings do not count), so a hostile line is refused before ``json.loads`` recurses into it."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest
