"""The npm packages the build runs (workbox-build for sw.js, esbuild for minifying), found as node
resolves an import: in ``node_modules/`` beside a file or in a folder above it (the project's,
made by ``npm ci``)."""

from __future__ import annotations

from pathlib import Path


def node_package(name: str, start: Path) -> Path | None:
    """The folder of npm package ``name`` seen from ``start``, or None when it is not installed."""
    for folder in (start, *start.parents):
        package = folder / "node_modules" / name
        if (package / "package.json").is_file():
            return package
    return None
