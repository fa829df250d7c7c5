"""Whole games to play against the computer (issue 16): one module a game, each a state machine
of pure functions on JSON-serialisable state (``new_game``, ``legal_moves``, ``apply_move``,
``bot_move``, ``seat_to_act``), ported step for step to ``docs/assets/js/play/<game>.js``.

Shared here: :mod:`.rng`, the seeded generator both ports draw every shuffle and every
computer choice from, so a seed replays the same game in Python and in the browser.
"""
