"""The blank score sheets (issues 7 and 13): paper and orientation, eight seats with the hand's score
and the running total, Chips' call boxes, 3 Chip Stack's chip counts with a continuation sheet,
only the project's fonts, nothing within 6 mm of the paper's edge, the printing note and the
reference square, the tie-breakers from rules-data, seats from 1, and byte-identical rebuilds. And the sheet
of a game that declares its scoring (issue 38), laid out from its declaration: the tests' fourth game
(tests/data/fourth-game/, a fixed number of hands) and two other declarations of it (a target, with hands
won counted; the last player left), so it stays covered with no fourth game in rules-data/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from generator.content.loader import load_game, load_games
from generator.engine.games import chains, chips, three_chip_stack
from generator.print import scoresheets
from generator.print.scoresheets import EDGE_MM, PAPERS, SEATS, SQUARE_MM, build_scoresheets
from generator.render import plain_text

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4
PORTRAIT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
OUR_FONTS = re.compile(r"^[A-Z]{6}\+(Atkinson-Hyperlegible|AtkinsonHyperlegible|Rulebook-Suits)")
#: How many seats each sheet has, and on how many pages.
SEATS_OF = {"chips": SEATS, "chains": SEATS, "3-chip-stack": three_chip_stack.MAX_PLAYERS}
PAGES_OF = {"chips": 1, "chains": 1, "3-chip-stack": 2}
#: The tests' fourth game: its scoring declared, no layout of its own.
FOURTH = Path(__file__).parent / "data" / "fourth-game" / "zz-test-fixture-game.yaml"
FIXTURE = FOURTH.stem
#: The sheets of the games of rules-data/ that declare their scoring (a fourth game an author adds):
#: their file names' starts.
DECLARED = tuple(f"{g.id}-score-" for g in load_games(ROOT) if "declared" in g.data["scoring"])
#: Its sheet as declared (""), and as two other declarations would lay it out: the file names' middles.
OPEN, LAST = "-open", "-last"
#: What a declaration says in code, never on a family's sheet.
CODE_WORDS = ("own-cards", "winner-scores-others", "last-player-left", "most-hands-won", "best-last-hand")


def declared_games() -> dict[str, dict[str, Any]]:
    """The fixture game as its file declares it (3 hands, the player out scores the others' cards,
    highest total, then the last hand), and the same game declared two other ways: to a target of 100
    with the cards left in your own hand, lowest total, then hands won (``OPEN``); and to the last
    player left, for any number of players (``LAST``)."""
    game = dict(load_game(FOURTH).data)
    scoring = dict(game["scoring"])
    open_ = {**game, "scoring": {**scoring, "declared": {
        "cards": {"8": 50, "other": "face"}, "hand": "own-cards", "end": {"target": 100}, "winner": "lowest",
        "tie_breakers": ["most-hands-won"]}}}
    glance = [{**f, "value": "2 or more"} if f["key"] == "players" else f for f in game["glance"]]
    last = {**game, "glance": glance, "scoring": {**scoring, "declared": {
        "cards": {"other": 1}, "hand": "winner-scores-others", "end": "last-player-left", "winner": "highest"}}}
    return {"": game, OPEN: open_, LAST: last}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("scoresheets")
    made = {p.name: p for p in build_scoresheets(ROOT, out)}
    games = [g.data for g in load_games(ROOT)]
    for middle, game in declared_games().items():
        for key in PAPERS:
            path = out / f"{FIXTURE}{middle}-score-{key}.pdf"
            path.write_bytes(scoresheets.render_scoresheet(ROOT, game, [*games, game], key))
            made[path.name] = path
    return made


def _pages(path: Path) -> list[dict[str, Any]]:
    """Each page's size, characters, rects and lines, read once."""
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return [{"width": float(p.width), "height": float(p.height), "chars": list(p.chars),
                 "marks": list(p.rects) + list(p.lines) + list(p.curves),
                 "text": " ".join((p.extract_text() or "").split())} for p in pdf.pages]


def _sheet(game_id: str, paper: str) -> str:
    return f"{game_id}-score-{paper}.pdf"


def test_every_game_has_an_a4_and_a_letter_sheet_in_the_right_orientation(sheets: dict[str, Path]) -> None:
    for game in load_games(ROOT):
        if not scoresheets.has_sheet(game.data):  # a game added with no layout nor declaration: none (issue 26)
            assert not any(name.startswith(f"{game.id}-score-") for name in sheets), game.id
            continue
        for paper, (w, h) in PORTRAIT.items():
            pages = _pages(sheets[_sheet(game.id, paper)])
            if game.id not in PAGES_OF:  # a declared game (issue 38): a continuation page when open-ended
                layout = scoresheets.declared_layout(game.data, PAPERS[paper])
                assert len(pages) == (2 if layout["more"] else 1), (game.id, paper)
                want = (h, w) if layout["orient"] == "landscape" else (w, h)
                assert all((round(p["width"], 2), round(p["height"], 2)) == want for p in pages), (game.id, paper)
                continue
            assert len(pages) == PAGES_OF[game.id], (game.id, paper)
            want = (w, h) if game.id == "3-chip-stack" else (h, w)  # 8 seats need landscape
            for page in pages:
                assert (round(page["width"], 2), round(page["height"], 2)) == want, (game.id, paper)


def test_seats_are_numbered_from_one_and_each_has_a_hand_and_a_total_box(sheets: dict[str, Path]) -> None:
    import pdfplumber

    for game_id, seats in SEATS_OF.items():
        with pdfplumber.open(sheets[_sheet(game_id, "a4")]) as pdf:
            page = pdf.pages[0]
            words = page.extract_words(extra_attrs=["size"])
            header = next(w for w in words if w["text"] == "Player")
            row = sorted((w for w in words if abs(w["top"] - header["top"]) < 2 and w["text"].isdigit()),
                         key=lambda w: w["x0"])
            assert [w["text"] for w in row] == [str(n) for n in range(1, seats + 1)], game_id
            if game_id != "3-chip-stack":
                sub = [w for w in words if w["top"] > header["bottom"] and w["size"] < 7.5]  # the sub-header
                assert sum(w["text"] == "Hand" for w in sub) == seats, game_id
                assert sum(w["text"] == "Total" for w in sub) == seats, game_id
        text = " ".join(p["text"] for p in _pages(sheets[_sheet(game_id, "a4")]))
        assert not re.search(r"\b(Player|Seat|Dealer):? 0\b", text), game_id


def test_the_chips_sheet_has_a_row_per_round_a_call_box_per_seat_and_the_tie_breakers(
        sheets: dict[str, Path]) -> None:
    import pdfplumber

    game = next(g for g in load_games(ROOT) if g.id == "chips")
    for paper in PAPERS:
        with pdfplumber.open(sheets[_sheet("chips", paper)]) as pdf:
            page = pdf.pages[0]
            text = " ".join(page.extract_text().split())
            words = page.extract_words(extra_attrs=["size"])
            # the tick boxes: small squares, one per seat and round
            # (a border is an outer and an inner rect: count each square once, by its centre)
            boxes = {(round((r["x0"] + r["x1"]) / 2), round((r["top"] + r["bottom"]) / 2)) for r in page.rects
                     if 3 * MM < r["width"] < 4 * MM and abs(r["width"] - r["height"]) < 0.5}
        for i, n in enumerate(chips.HAND_SIZES):
            assert f"Round {i + 1} {n} cards each" in text
        assert sum(w["text"] == "Call" and w["size"] < 7.5 for w in words) == SEATS
        assert "Times called" in text
        assert len(boxes) == SEATS * len(chips.HAND_SIZES), len(boxes)
        for tie in game.data["tie_breakers"]:
            words_ = " ".join(plain_text(tie["text"]).split())
            assert words_[:60] in text


def test_the_chains_sheet_has_ten_hands_with_room_for_three_digit_totals(sheets: dict[str, Path]) -> None:
    import pdfplumber

    for paper in PAPERS:
        with pdfplumber.open(sheets[_sheet("chains", paper)]) as pdf:
            page = pdf.pages[0]
            text = " ".join(page.extract_text().split())
            totals = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"] == "Total" and w["size"] < 7.5]
            table = min(w["top"] for w in totals)  # the table's edges, not the printing box's above it
            edges = sorted({round(x, 1) for m in list(page.rects) + list(page.lines) if m["top"] > table
                            for x in (m["x0"], m["x1"])})
        for n in range(1, chains.HANDS_PER_GAME + 1):
            assert f"Hand {n}" in text
        assert f"Hand {chains.HANDS_PER_GAME + 1}" not in text
        # each Total column is at least 9 mm wide: "123" written by hand
        assert len(totals) == SEATS
        for word in totals:
            right = min(x for x in edges if x > word["x0"] + 1)
            assert right - word["x0"] >= 9 * MM - 2, (paper, right - word["x0"])


def test_the_3_chip_stack_sheet_counts_chips_and_has_a_continuation_page(sheets: dict[str, Path]) -> None:
    for paper, spec in PAPERS.items():
        first, more = spec.stack_rows
        pages = _pages(sheets[_sheet("3-chip-stack", paper)])
        one, two = pages[0]["text"], pages[1]["text"]
        assert "Start chips each" in one and "All chips" in one
        for n in range(1, first + 1):
            assert f"Hand {n} " in one + " "
        assert f"Hand {first + 1} " not in one + " "
        assert "continuation sheet" in one and f"when hand {first} is done" in one
        assert "continuation sheet" in two and "Carried over" in two and "Print this page again" in two
        assert two.count("Hand") >= more
        assert first + more >= 50, "a game to the last chip needs room for dozens of hands"


def test_every_row_is_at_least_7_mm_to_write_in(sheets: dict[str, Path]) -> None:
    # Issue 27: the 3 Chip Stack rows were 6.9 mm; 7 mm is the pen's minimum the other sheets meet. A row's
    # height is the distance from its label to the next row's.
    import itertools

    import pdfplumber

    for name, path in sheets.items():
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                words = [w for w in page.extract_words() if w["text"] in ("Round", "Hand", "Start", "Carried")]
                left = min(w["x0"] for w in words)
                labels = sorted({round(w["top"], 2) for w in words if w["x0"] < left + 2 * MM})  # the row labels
                assert len(labels) >= 3, (name, number)  # the fixture's game is three hands
                pitch = min(b - a for a, b in itertools.pairwise(labels)) / MM
                assert pitch >= 7.0, f"{name} p. {number}: a row is {pitch:.2f} mm"


def test_no_sheet_names_the_engine_or_its_functions(sheets: dict[str, Path]) -> None:
    # Issue 27: the engine and its functions are for maintainers, never on a family's table.
    engine_words = re.compile(r"\bengines?\b|\bPython\b|\b[a-z]+_[a-z0-9_]+\b|\b\w+\(\)", re.IGNORECASE)
    for name, path in sheets.items():
        text = " ".join(page["text"] for page in _pages(path))
        assert not engine_words.findall(text), (name, engine_words.findall(text))


def test_only_the_project_fonts_are_used_and_text_is_at_least_7_pt(sheets: dict[str, Path]) -> None:
    for name, path in sheets.items():
        for page in _pages(path):
            fonts = {c["fontname"] for c in page["chars"]}
            assert fonts and all(OUR_FONTS.match(f) for f in fonts), (name, fonts)
            assert min(c["size"] for c in page["chars"]) >= 7 - 0.01, name
            assert all(c["upright"] for c in page["chars"]), name


def test_nothing_is_printed_within_6_mm_of_the_paper_edge(sheets: dict[str, Path]) -> None:
    edge = EDGE_MM * MM
    for name, path in sheets.items():
        for number, page in enumerate(_pages(path), 1):
            for obj in page["chars"] + page["marks"]:
                assert obj["x0"] >= edge and obj["top"] >= edge, (name, number, obj.get("text"), obj["x0"])
                assert page["width"] - obj["x1"] >= edge, (name, number, obj.get("text"))
                assert page["height"] - obj["bottom"] >= edge, (name, number, obj.get("text"))


def test_every_page_says_how_to_print_it_and_has_a_reference_square(sheets: dict[str, Path]) -> None:
    import pdfplumber

    for name, path in sheets.items():
        paper = PAPERS[name.rsplit("-", 1)[1].removesuffix(".pdf")]
        with pdfplumber.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                square = next((m for m in page.rects if abs(m["width"] - SQUARE_MM * MM) < 0.3
                               and abs(m["height"] - SQUARE_MM * MM) < 0.3), None)
                assert square, (name, number)
                # the note beside the square: upright (checked for every glyph above), 8 pt or more
                box = page.crop((square["x1"], square["top"] - 2, min(page.width, square["x1"] + 70 * MM),
                                 square["bottom"] + 6 * MM))
                text = " ".join((box.extract_text() or "").split())
                assert "Print at 100 % (actual size)" in text and "fit to page" in text, (name, number, text)
                assert f"{paper.label} paper" in text, (name, number, text)
                assert f"{SQUARE_MM} mm × {SQUARE_MM} mm" in text, (name, number, text)
                assert min(c["size"] for c in box.chars) >= 8 - 0.01, (name, number)


def test_a_missing_font_is_one_line_naming_the_file(tmp_path: Path) -> None:
    import shutil

    project = tmp_path / "p"
    shutil.copytree(ROOT / "rules-data", project / "rules-data")
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    (project / scoresheets.FONTS_DIR).mkdir(parents=True)
    game = next(g for g in load_games(ROOT) if g.id == "chains")
    with pytest.raises(scoresheets.ScoresheetError, match=r"missing font file docs/assets/fonts/atkinson"):
        scoresheets.render_scoresheet(project, game.data, [g.data for g in load_games(ROOT)], "a4")


def test_a_rebuild_is_byte_identical(sheets: dict[str, Path], tmp_path: Path) -> None:
    again = {p.name: p for p in build_scoresheets(ROOT, tmp_path)}
    assert set(again) == {name for name in sheets if not name.startswith(FIXTURE)}  # the fixture's are not in rules-data/
    for name, path in again.items():
        assert sheets[name].read_bytes() == path.read_bytes(), name


def test_the_points_sheets_say_what_to_do_with_more_players_than_columns(sheets: dict[str, Path]) -> None:
    # Issue 40: Chips and Chains take nine players or more; the sheets have eight columns.
    for game_id in ("chips", "chains"):
        for paper in PAPERS:
            text = " ".join(" ".join(p["text"] for p in _pages(sheets[_sheet(game_id, paper)])).split())  # lines joined
            assert f"With more than {SEATS} players" in text, (game_id, paper)  # the box beside it may interleave its lines
            assert f"columns on from {SEATS + 1}" in text, (game_id, paper)


def test_the_3_chip_stack_sheet_explains_no_card_ties_it_never_records(sheets: dict[str, Path]) -> None:
    game = next(g for g in load_games(ROOT) if g.id == "3-chip-stack")
    for paper in PAPERS:
        text = " ".join(p["text"] for p in _pages(sheets[_sheet("3-chip-stack", paper)]))
        assert "Ties" not in text.split(), paper
        for tie in game.data["tie_breakers"]:
            assert " ".join(plain_text(tie["text"]).split())[:40] not in text, paper


def test_every_sheet_names_its_author_and_language(sheets: dict[str, Path]) -> None:
    from pypdf import PdfReader

    # A game's author:, or its name when its file has none (an author's own game: issue 38).
    sources = {g.id: g.data.get("author") or g.data["name"] for g in load_games(ROOT)}
    sources |= {f"{FIXTURE}{middle}": g.get("author") or g["name"] for middle, g in declared_games().items()}
    for name, path in sheets.items():
        reader = PdfReader(path)
        assert reader.metadata.author == sources[name.rsplit("-score-", 1)[0]], name
        assert reader.trailer["/Root"]["/Lang"] == "en-GB", name


def _intro(page: Any) -> str:
    """The words above a sheet's table, left of the printing box, its lines joined."""
    words = page.extract_words()
    table = min(w["top"] for w in words if w["text"] == "Player")
    box = page.crop((0, 0, page.width * 0.62, table))
    return " ".join((box.extract_text() or "").split())


def _declared_sheet(sheets: dict[str, Path], middle: str, paper: str) -> tuple[list[dict[str, Any]], list[str], str]:
    """A declared sheet's pages, the numbers over its columns (page 1) and the words above its table."""
    import pdfplumber

    pages = _pages(sheets[f"{FIXTURE}{middle}-score-{paper}.pdf"])
    with pdfplumber.open(sheets[f"{FIXTURE}{middle}-score-{paper}.pdf"]) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        header = next(w for w in words if w["text"] == "Player")
        seats = [w["text"] for w in sorted(words, key=lambda w: w["x0"])
                 if abs(w["top"] - header["top"]) < 2 and w["text"].isdigit()]
        intro = _intro(page)
    return pages, seats, intro


def test_a_declared_game_gets_a_sheet_with_a_row_per_hand_of_its_game(sheets: dict[str, Path]) -> None:
    # Issue 38: the fixture declares 3 hands, the player out scoring the others' cards (eights 50), the
    # highest total winning, then the most hands won, then the last hand; its "Players" fact says 2 to 5.
    for paper, (w, h) in PORTRAIT.items():
        pages, seats, intro = _declared_sheet(sheets, "", paper)
        assert len(pages) == 1 and (round(pages[0]["width"], 2), round(pages[0]["height"], 2)) == (w, h), paper
        text = pages[0]["text"]
        assert seats == ["1", "2", "3", "4", "5"], (paper, seats)
        assert [n for n in range(1, 6) if f"Hand {n} " in text + " "] == [1, 2, 3], paper
        assert "Won" in text.split() and "Hands won" in text  # most-hands-won breaks ties: a box to tick
        assert "Carried over" not in text and "continuation" not in text
        assert "write the score of the player who went out under Hand (the cards left in every other hand; " \
               "the others score 0)" in intro, intro
        assert "The cards left in a hand count: eights 50; aces 1, picture cards 10, any other card its number." in intro
        assert "With more than" not in intro  # the game takes 5 at most, and the sheet has 5 columns
        assert ("How the game ends The game ends after hand 3, and the highest total wins. If the best totals are "
                "level, the player who won more hands (the Won ticks) wins; if still level, the highest score in "
                "the last hand wins; players still level share the win.") in text
        assert not [c for c in CODE_WORDS if c in text], paper


def test_a_declared_game_with_no_fixed_number_of_hands_fills_a_page_and_goes_on(sheets: dict[str, Path]) -> None:
    import pdfplumber

    for paper, (w, h) in PORTRAIT.items():
        pages, seats, intro = _declared_sheet(sheets, OPEN, paper)
        assert len(pages) == 2 and seats == ["1", "2", "3", "4", "5"], paper
        assert all((round(p["width"], 2), round(p["height"], 2)) == (w, h) for p in pages), paper  # five seats: portrait
        one, two = pages[0]["text"], pages[1]["text"]
        hands = [n for n in range(1, 60) if f"Hand {n} " in one + " "]
        assert hands == list(range(1, len(hands) + 1)) and len(hands) >= 18, (paper, hands)  # the page filled
        assert f"when hand {hands[-1]} is done, carry the totals over to its first row" in intro, intro
        assert "Tick Won for the player with the lowest score of the hand" in intro
        assert "The cards left in a hand count: eights 50; aces 1, picture cards 10, any other card its number." in intro
        # a box to tick for each player and hand, and a row to count them
        with pdfplumber.open(sheets[f"{FIXTURE}{OPEN}-score-{paper}.pdf"]) as pdf:
            boxes = {(round((r["x0"] + r["x1"]) / 2), round((r["top"] + r["bottom"]) / 2)) for r in pdf.pages[0].rects
                     if 3 * MM < r["width"] < 4 * MM and abs(r["width"] - r["height"]) < 0.5}
            then = _intro(pdf.pages[1])
        assert len(boxes) == 5 * len(hands), (paper, len(boxes))
        assert "Hands won" in one and "Hands won on all sheets" in two
        assert "continuation sheet" in then and "Carried over" in two and "Print this page again" in then, then
        assert "copy the last totals into Carried over, and each player’s Won ticks so far in its boxes" in then
        assert two.count("Hand ") >= 18, paper
        for text in (one, two):
            assert ("The game ends after the hand in which a player’s total reaches 100 or more, and the lowest total "
                    "wins. If the best totals are level, the player who won more hands (the Won ticks) wins; players "
                    "still level share the win.") in text, paper
            assert not [c for c in CODE_WORDS if c in text], paper


def test_a_last_player_left_game_starts_from_a_row_of_starting_totals(sheets: dict[str, Path]) -> None:
    for paper, (w, h) in PORTRAIT.items():
        pages, seats, intro = _declared_sheet(sheets, LAST, paper)
        # "2 or more" players: eight columns, landscape, and a second sheet for a bigger table
        assert len(pages) == 2 and seats == [str(n) for n in range(1, SEATS + 1)], paper
        assert all((round(p["width"], 2), round(p["height"], 2)) == (h, w) for p in pages), paper
        one = pages[0]["text"]
        assert one.index("Start") < one.index("Hand 1 ") and "On the Start row, write the total each player starts " \
            "with." in intro, intro
        assert f"With more than {SEATS} players, use a second sheet" in intro
        assert "The cards left in a hand count: every card 1." in intro
        assert ("The game ends when only one player has a total above 0, and the highest total wins. Players level "
                "on the best total share the win.") in one, paper
        assert "Won" not in one.split() and not [c for c in CODE_WORDS if c in one], paper


def test_a_fact_read_into_a_sentence_drops_its_table_capital(sheets: dict[str, Path]) -> None:
    # Issue 40: "To win: Lowest total score." and "Hands: Until one player has every chip." mid-paragraph
    # kept the capital of the cover card's table cell.
    found: list[str] = []
    for name, path in sheets.items():
        text = " ".join(p["text"] for p in _pages(path))
        facts = re.findall(r"\b(?:To win|Hands|Rounds): (\S+)", text)
        found += [f"{name}: {word}" for word in facts if word[0].isupper()]
        # 3 Chip Stack's sheet has no "To win" fact; a declared game's sheet says how it ends in a sentence.
        if not name.startswith(("3-chip-stack", FIXTURE, *DECLARED)):
            assert "To win: lowest total score." in text, name
    assert not found, found
    for paper in PAPERS:  # (the box beside the paragraph may interleave its lines: the fact's first word)
        assert "Hands: until " in " ".join(p["text"] for p in _pages(sheets[_sheet("3-chip-stack", paper)])), paper
