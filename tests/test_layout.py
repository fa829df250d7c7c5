"""The shape of generator/: four rooms, each importing only the rooms below it, and no import circle.

engine (the rules) <- content (rules-data/) <- render (shared partials) <- print (PDFs) <- site
(MkDocs) <- build, cli and the package entry. Every import counts: at the top of a module, under
``TYPE_CHECKING``, inside a function, and a module named in a string (``importlib.import_module``,
the game registry), found by walking each module's ``ast``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "generator"

#: The rooms from the bottom up: a module may import its own room and the rooms before it.
ROOMS: tuple[tuple[str, ...], ...] = (
    ("generator.engine",),
    ("generator.content",),
    ("generator.render",),
    ("generator.print",),
    ("generator.site",),
    ("generator", "generator.__main__", "generator.build", "generator.cli", "generator.stopping"),
)

#: Packages outside the project each room may not touch: the engine is the standard library only,
#: and content "knows nothing of HTML or PDF".
FORBIDDEN_THIRD_PARTY: Mapping[str, tuple[str, ...]] = {
    "generator.engine": ("yaml", "jsonschema", "jinja2", "markupsafe", "weasyprint", "pypdf", "mkdocs"),
    "generator.content": ("jinja2", "markupsafe", "weasyprint", "pypdf", "mkdocs"),
}

_MODULE_STRING = re.compile(r"generator(\.[A-Za-z_]\w*)*")


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Module name -> file, for every ``.py`` under ``root/<package>``."""
    out: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, modules: Mapping[str, Path]) -> Iterator[tuple[str, int]]:
    """Every project module ``name`` imports, with the line: ``import``, ``from ... import`` at any
    depth (TYPE_CHECKING blocks and function bodies included) and module names in strings."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _known(alias.name, node.lineno, modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules:  # ``from . import render``: a module
                    yield sub, node.lineno
                else:  # ``from .fields import RecordError``: a name in ``base``
                    yield from _known(base, node.lineno, modules)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and _MODULE_STRING.fullmatch(node.value) and node.value in modules and node.value != PACKAGE):
            yield node.value, node.lineno


def _known(dotted: str, line: int, modules: Mapping[str, Path]) -> Iterator[tuple[str, int]]:
    # ``import generator.engine.cards`` imports the module; a name we do not know is not ours.
    parts = dotted.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            yield candidate, line
            return
        parts.pop()


def third_party_of(path: Path) -> Iterator[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module.split(".")[0], node.lineno


def import_graph(root: Path, package: str = PACKAGE) -> dict[str, dict[str, int]]:
    """Module -> {imported module: first line}, over the project's own modules only."""
    modules = module_files(root, package)
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        for target, line in imports_of(name, path, modules):
            if target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def room_of(module: str, rooms: tuple[tuple[str, ...], ...] = ROOMS) -> int:
    """The index of the room holding ``module`` (the longest matching prefix wins)."""
    best, best_len = -1, -1
    for index, prefixes in enumerate(rooms):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    if best < 0:
        raise AssertionError(f"{module} is in no room: add it to ROOMS in tests/test_layout.py")
    return best


def upward_imports(graph: Mapping[str, Mapping[str, int]],
                   rooms: tuple[tuple[str, ...], ...] = ROOMS) -> list[str]:
    """Each import from a lower room to a higher one, as ``a (line n) -> b``."""
    wrong = []
    for source, edges in sorted(graph.items()):
        for target, line in sorted(edges.items()):
            if room_of(target, rooms) > room_of(source, rooms):
                wrong.append(f"{source} (line {line}) -> {target}")
    return wrong


def import_circles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan), each as a closed path."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(_closed_path(sorted(group), graph))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def _closed_path(group: list[str], graph: Mapping[str, Mapping[str, int]]) -> list[str]:
    # One cycle through the group's first module, for a readable message: a -> b -> a.
    members = set(group)
    start = group[0]
    paths = [[start]]
    seen = {start}
    while paths:
        path = paths.pop(0)
        for target in sorted(graph.get(path[-1], {})):
            if target == start:
                return path + [start]
            if target in members and target not in seen:
                seen.add(target)
                paths.append(path + [target])
    return group


# --- The project --------------------------------------------------------------------------------


def test_generator_has_no_import_circle() -> None:
    circles = import_circles(import_graph(ROOT))
    assert circles == [], "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_each_room_imports_only_the_rooms_below_it() -> None:
    assert upward_imports(import_graph(ROOT)) == []


def test_every_module_is_in_a_room() -> None:
    for module in import_graph(ROOT):
        room_of(module)


@pytest.mark.parametrize("room", sorted(FORBIDDEN_THIRD_PARTY))
def test_the_lower_rooms_know_nothing_of_html_or_pdf(room: str) -> None:
    modules = module_files(ROOT, PACKAGE)
    found = [
        f"{name} (line {line}) imports {top}"
        for name, path in modules.items() if name == room or name.startswith(room + ".")
        for top, line in third_party_of(path) if top in FORBIDDEN_THIRD_PARTY[room]
    ]
    assert found == []


def test_the_rooms_are_folders_with_a_docstring_saying_what_they_may_import() -> None:
    for room in ("engine", "content", "print", "site"):
        init = ROOT / PACKAGE / room / "__init__.py"
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc, f"{init} has no docstring"
        assert "import" in doc, f"{init}'s docstring does not say what the room may import"


# --- The checker itself, on a made-up package: it must catch what it claims to catch ------------


def _fake_package(tmp_path: Path, files: Mapping[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / PACKAGE / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for folder in [tmp_path / PACKAGE, *(p for p in (tmp_path / PACKAGE).rglob("*") if p.is_dir())]:
        (folder / "__init__.py").touch()
    return tmp_path


def test_checker_finds_a_circle_through_a_function_and_type_checking_import(tmp_path: Path) -> None:
    root = _fake_package(tmp_path, {
        "content/loader.py": "def load():\n    from .examples import check\n",
        "content/examples.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .loader import Game\n"
        ),
    })
    circles = import_circles(import_graph(root))
    assert circles == [["generator.content.examples", "generator.content.loader", "generator.content.examples"]]


def test_checker_finds_a_circle_through_a_module_named_in_a_string(tmp_path: Path) -> None:
    root = _fake_package(tmp_path, {
        "engine/games/__init__.py": 'GAMES = {"chips": "generator.engine.games.chips"}\n',
        "engine/games/chips.py": "from . import GAMES\n",
    })
    assert len(import_circles(import_graph(root))) == 1


def test_checker_finds_an_import_from_a_lower_room_to_a_higher_one(tmp_path: Path) -> None:
    root = _fake_package(tmp_path, {
        "render.py": "def downloads():\n    from .print.booklets import pdf_files\n",
        "print/booklets.py": "from ..render import render_partial\n",
        "engine/cards.py": "import generator.site.pages\n",
        "site/pages.py": "",
    })
    graph = import_graph(root)
    assert upward_imports(graph) == [
        "generator.engine.cards (line 1) -> generator.site.pages",
        "generator.render (line 2) -> generator.print.booklets",
    ]
    assert import_circles(graph) == [["generator.print.booklets", "generator.render", "generator.print.booklets"]]


def test_checker_passes_a_package_in_order(tmp_path: Path) -> None:
    root = _fake_package(tmp_path, {
        "engine/cards.py": "from .errors import CardError\n",
        "engine/errors.py": "class CardError(ValueError): ...\n",
        "content/loader.py": "from ..engine.cards import CardError\n",
        "site/macros.py": "from ..content import loader\nfrom ..print.downloads import downloads\n",
        "print/downloads.py": "from ..engine import errors\n",
    })
    graph = import_graph(root)
    assert graph["generator.site.macros"] == {"generator.content.loader": 1, "generator.print.downloads": 2}
    assert upward_imports(graph) == [] and import_circles(graph) == []
