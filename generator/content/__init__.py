"""rules-data/ to a typed model: the loader (``loader``, every error names ``file:line:column``),
the JSON Schema (``schema/``), and the checks run after loading (``checks``: every worked example
in ``examples`` and every sample round in ``samples``, replayed by the engine).

May import: ``generator.engine``. Knows nothing of HTML or PDF.
"""
