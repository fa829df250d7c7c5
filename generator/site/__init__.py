"""The web pages: what mkdocs-macros calls (``macros.define_env``), the scorers on the game pages
(``widgets``), the Keep score page (``scorekeeper``), the MkDocs hooks that put the PDFs into every
build (``hooks``), shared page helpers (``pages``) and how the bundled fonts were made (``fonts``).

May import: ``generator.engine``, ``generator.content``, ``generator.render`` and
``generator.print`` (the download list, the PDFs of each build).
"""
