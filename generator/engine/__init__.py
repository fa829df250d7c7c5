"""The rules as pure Python: cards (``parse_card`` / ``format_card``), the error classes, and
``games/``, one module a game with its JSON records.

The bottom room: it imports nothing else of the project (no rules-data, no HTML, no PDF) and only
the standard library, so the browser port in ``docs/assets/js/engine/`` mirrors it step for step.
"""
