"""Paper: the card-box booklets and print-at-home sheets (``booklets``), the blank score sheets
(``scoresheets``), the list of downloads the site links (``downloads``), and their stylesheets
(``*.css``, fonts, variables, page rules, style).

May import: ``generator.engine``, ``generator.content`` and the shared renderer ``generator.render``.
Never the site.
"""
