"""What the pages in ``docs/`` call (mkdocs-macros, ``module_name: generator``).

``define_env`` loads the games once (``generator.content.loader.load_games``; a bad file fails the build
before any page is rendered) and registers one macro per part of a game page. Every macro
returns HTML rendered from the Jinja partials in ``generator/templates/partials/`` (autoescaped,
shared with the PDF): pages stay thin, and data is never pasted into a page unescaped.

A page opts in with ``render_macros: true`` in its front matter (``render_by_default: false``),
so ``{{`` in a code block elsewhere is never rendered by accident.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..engine.errors import RulebookError
from ..print.downloads import OFFLINE_BUDGET_BYTES, downloads
from ..render import Ref, card_html, game_refs, plain_text, render_partial
from .pages import block, page_root, project_root
from .terms import terms_of, wrap_terms


class UnknownGame(RulebookError):
    """A page asked for a game id that no file in rules-data/ defines."""


#: Macro name -> the partial it renders (all take one game id).
PARTS: dict[str, str] = {
    "hero": "partials/hero.html",
    "quick_start": "partials/quick_start.html",
    "round_steps": "partials/round.html",
    "rules": "partials/rules.html",
    "scoring": "partials/scoring.html",
    "tie_breakers": "partials/tie_breakers.html",
    "examples": "partials/examples.html",
    "sample_round": "partials/sample_round.html",
    "rulings": "partials/rulings.html",
    "variants": "partials/variants.html",
    "origins": "partials/origins.html",
    "comparison": "partials/comparison.html",
    "glossary": "partials/glossary.html",
    "keep_share": "partials/keep_share.html",
    "table_picture": "partials/table_picture.html",
}

#: The long reference parts, folded away on the page (issue 14: a newcomer's page is short) in a
#: ``<details>`` that opens on a tap, and on a link to anything inside it (Material opens the block,
#: docs/assets/js/reveal.js then scrolls to the target). Paper renders the partials unfolded.
#: Macro name -> the words of the fold's summary, given the game.
FOLDED: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "examples": lambda g: f"Show the {len(g.get('examples') or [])} worked examples",
    "rulings": lambda g: f"Show all {len(g.get('rulings') or [])} rulings",
    "comparison": lambda g: "Show the comparison",
    "glossary": lambda g: f"Show the {len(g.get('glossary') or [])} words of the glossary",
}

#: Numbers of games said in words on the home page ("Three games ..."); past twelve, in figures.
_COUNT_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven",
                "Twelve")


def count_in_words(n: int) -> str:
    """``"Three"`` for 3: how the home page counts the games of rules-data/."""
    return _COUNT_WORDS[n] if 0 <= n < len(_COUNT_WORDS) else str(n)


class Site:
    """The games of one site build and the HTML of their parts.

    ``practice``: the games with a practice page (``docs/<id>/play.md``); ``kept``: the games the score
    keeper has a sheet for (generator/site/scorekeeper.py). A part links to either only for those
    games (issue 26: a game added with one YAML file and one page has neither, and no link to them)."""

    def __init__(self, games: list[Any], site_url: str = "", corrections_url: str = "",
                 houses: Mapping[str, Mapping[str, str]] | None = None,
                 practice: Collection[str] = (), kept: Collection[str] = ()) -> None:
        from ..content.house import edition_data

        self.games = games
        self.practice = frozenset(practice)
        self.kept = frozenset(kept)
        self.site_url = site_url
        self.corrections_url = corrections_url
        self.by_id: dict[str, Any] = {g.id: g for g in games}
        self.houses: Mapping[str, Mapping[str, str]] = houses or {}
        # A family edition (rulebook build --house) renders each game as its table plays it.
        self.data_of: dict[str, Mapping[str, Any]] = {g.id: edition_data(g, houses or {}) for g in games}
        self.datas: list[Mapping[str, Any]] = [self.data_of[g.id] for g in games]

    def game(self, game_id: str) -> Mapping[str, Any]:
        if game_id not in self.by_id:
            known = ", ".join(repr(g) for g in self.by_id)
            raise UnknownGame(f"unknown game id {game_id!r}: rules-data/ defines {known}")
        return self.data_of[game_id]

    def refs(self, current: str | None, root: str) -> dict[str, Ref]:
        return game_refs(self.datas, current, page_url=lambda gid: f"{root}{gid}/")

    def part(self, name: str, game_id: str, root: str) -> Markup:
        game = self.game(game_id)
        terms = terms_of(game)
        name_of_game = str(game["name"])

        def gloss(html: str) -> Markup:
            """The first use of each glossary word in ``html`` explained in place (generator/site/terms.py)."""
            return wrap_terms(html, terms, name_of_game)

        html = render_partial(
            PARTS[name], game=game, refs=self.refs(game_id, root), root=root, site_url=self.site_url,
            downloads=downloads, offline_budget=OFFLINE_BUDGET_BYTES, gloss=gloss, corrections_url=self.corrections_url,
            practice_url=self.practice_url(game_id, root),  # the quick start's link (generator/site/play.py)
            house_templates=True,  # the other wordings of house options, for the page control
        )
        if name == "scoring":
            # A game that declares its scoring (issue 38) counts a hand under its Scoring, with no
            # line on its page to add: the page an author copied needs nothing more.
            from .widgets import render_declared

            counter = render_declared(game)
            if counter is not None:
                html = Markup(str(html).rstrip() + "\n" + str(counter))
        if name in FOLDED and html.strip():
            html = render_partial("partials/fold.html", kind=name, summary=FOLDED[name](game), body=html)
        return block(html)

    def house_options(self, game_id: str, root: str) -> Markup:
        """"Your table's rules" (issue 25): the page control ``[data-house-options]``, with the game's
        options as JSON (generator/content/house.py control_data; the readings in plain words) for
        docs/assets/js/house/. A family edition (rulebook build --house) that changes this game
        renders no control (its page is already worded for one table, and holds no family wording to
        switch back to), only the book's own options (``book``) for the page's scorers to follow."""
        from ..content.house import changed, control_data

        game = self.game(game_id)
        source = self.by_id[game_id]
        book = {o.id: value for o, value in changed(source, self.houses.get(game_id) or {})}
        refs = self.refs(game_id, root)
        options = control_data(source)["options"]  # the readings as written: drawn with card faces
        control = {"game": game_id, "whose": control_data(source)["whose"], "options": [
            {**o, "labels": [plain_text(label, refs) for label in o["labels"]]} for o in options]}
        return block(render_partial("partials/house_options.html", game=game, refs=refs, options=options,
                                    control=control, book=book))

    def practice_url(self, game_id: str, root: str) -> str | None:
        """The game's practice page (``/<id>/play/``), or None for a game without one."""
        return f"{root}{game_id}/play/" if game_id in self.practice else None

    def not_found_games(self) -> list[dict[str, Any]]:
        """What the 404 page (overrides/404.html) offers, in home-page order: each game's id and
        name, and whether it has a practice page and a score sheet (issue 42). Theme templates see
        it as ``config.extra.rulebook_games``: the games come from rules-data/, never a fixed list."""
        return [{"id": g.id, "name": str(self.data_of[g.id]["name"]), "practice": g.id in self.practice,
                 "keep_score": g.id in self.kept} for g in self.games]

    def game_list(self, root: str) -> Markup:
        """The home page's games: each with its rules, its practice game and the score keeper where it
        has them, and its two main PDFs (``generator/print/downloads.py``)."""
        links = {g.id: {
            "practice": self.practice_url(g.id, root),
            "keep_score": f"{root}keep-score/" if g.id in self.kept else None,
            "pdfs": [f for f in downloads(self.data_of[g.id]) if f["name"] in (f"{g.id}.pdf", f"{g.id}-rulebook.pdf")],
        } for g in self.games}
        return block(render_partial(
            "partials/game_list.html", games=self.datas, refs=self.refs(None, root), root=root, links=links,
        ))


def _keep_compiled(root: Path) -> None:
    """The partials compiled once and kept in ``.cache/jinja-partials/`` (Jinja's bytecode cache, keyed by
    each template's name and source, so an edited partial is compiled again): compiling the ~36
    partials was a tenth of a build that made no PDF (issue 26). A folder of its own: the theme's
    templates (generator/site/hooks.py, ``.cache/jinja/``) are compiled with other settings."""
    import jinja2

    from ..render import template_env

    partials = template_env()
    folder = Path(root) / ".cache" / "jinja-partials"
    try:  # at every build: `make clean` may have removed it under a running `make serve`
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        partials.bytecode_cache = None
        return
    partials.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))


def define_env(env: Any) -> None:
    """Load the games once and register the page macros."""
    from ..content.house import edition
    from ..content.loader import load_games

    site_url = str(env.conf.get("site_url") or "")
    extra = env.conf.get("extra") or {}
    from .scorekeeper import kept_ids

    games = load_games(project_root(env))
    _keep_compiled(project_root(env))
    docs_dir = Path(str(env.conf.get("docs_dir") or project_root(env) / "docs"))
    site = Site(
        games, site_url if site_url.endswith("/") or not site_url else site_url + "/",
        corrections_url=str(extra.get("corrections_url") or ""), houses=edition(games),
        practice=[g.id for g in games if (docs_dir / g.id / "play.md").is_file()],
        kept=kept_ids([g.data for g in games]),
    )

    # The theme's own pages (the 404 page) have no macros: they read the games from the config.
    env.conf["extra"]["rulebook_games"] = site.not_found_games()

    def root() -> str:
        page = getattr(env, "page", None)
        return page_root(getattr(page, "url", None))

    def make(name: str) -> Callable[[str], Markup]:
        def macro(game_id: str) -> Markup:
            return site.part(name, game_id, root())

        macro.__name__ = name
        macro.__doc__ = f"The {name.replace('_', ' ')} of a game, from {PARTS[name]}."
        return macro

    for name in PARTS:
        env.macro(make(name), name)

    def game_list() -> Markup:
        """Every game, in home-page order, with its pitch, glance facts and links."""
        return site.game_list(root())

    def game_count() -> str:
        """How many games rules-data/ holds, in words: ``Three``."""
        return count_in_words(len(site.games))

    def card(code: str) -> Markup:
        """One card face from its notation: ``card("8H")``."""
        return card_html(code)

    def game_name(game_id: str) -> str:
        """The name of a game (for page titles)."""
        return str(site.game(game_id)["name"])

    def house_options(game_id: str) -> Markup:
        """"Your table's rules": the house options a table may choose on this game's page."""
        return site.house_options(game_id, root())

    for func in (game_list, game_count, card, game_name, house_options):
        env.macro(func)

    from .scorekeeper import register

    register(env)  # score_keeper(): the Keep score page

    from .widgets import register as register_widgets

    register_widgets(env)  # widget(): the scorer on each game page (generator/site/widgets.py)

    from .play import register as register_practice

    register_practice(env)  # practice(): the drills of /<game>/play/ (generator/site/play.py)
