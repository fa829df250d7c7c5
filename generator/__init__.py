"""Chips rulebook, in four rooms, each importing only the rooms before it:

``engine`` (the rules as pure Python) <- ``content`` (rules-data/ loaded and checked) <-
``render`` (the Jinja partials site and paper share) <- ``print`` (PDFs) <- ``site`` (MkDocs
macros, widgets, hooks) <- ``build`` and ``cli`` (the ``rulebook`` command). ``tests/test_layout.py``
holds the code to this order.

Only ``define_env`` lives here (mkdocs-macros looks for it as ``module_name: generator``);
everything heavy is imported when it is called.
"""

from __future__ import annotations

from typing import Any


def define_env(env: Any) -> None:
    """mkdocs-macros entry point: see ``generator.site.macros``."""
    from .site.macros import define_env as _define_env

    _define_env(env)
