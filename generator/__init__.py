"""Chips rulebook: the reference engine, the rules-data loader, the site macros and the PDFs.

Only ``define_env`` lives here (mkdocs-macros looks for it as ``module_name: generator``);
everything heavy is imported when it is called.
"""

from __future__ import annotations

from typing import Any


def define_env(env: Any) -> None:
    """mkdocs-macros entry point: see ``generator.macros``."""
    from .macros import define_env as _define_env

    _define_env(env)
