"""Small helpers every macro of the site needs: where a page sits and how its HTML is passed to
Markdown. Public, so the page macros, the widgets and the score keeper share one copy."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from markupsafe import Markup

_BLANK_LINES = re.compile(r"\n\s*\n+")


def block(html: str) -> Markup:
    """Raw HTML that Python-Markdown passes through whole: no blank line may end the block early."""
    return Markup(_BLANK_LINES.sub("\n", html.strip()))


def page_root(url: str | None) -> str:
    """The site root relative to a page: ``""`` for the home page, ``"../"`` for ``chips/``."""
    if not url:
        return ""
    depth = url.strip("/").count("/") + 1 if url.strip("/") else 0
    if not url.endswith("/") and depth:
        depth -= 1  # chips.html (use_directory_urls: false) sits at the root
    return "../" * depth


def project_root(env: Any) -> Path:
    """The folder holding mkdocs.yml (where rules-data/ lives)."""
    config_file = env.conf.get("config_file_path") if hasattr(env, "conf") else None
    return Path(config_file).resolve().parent if config_file else Path.cwd()
