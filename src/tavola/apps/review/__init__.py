"""``tavola review``: how good was each move of a recorded game (see ``docs/review.md``).

Modules: ``judging`` (one decision: win chances and losses from the seat's view, and
``suggest`` for hints), ``decisions`` (a whole record cut into decisions, judged inline,
in processes or on Ray, and the review's JSON), ``chart`` (the win-chance chart, an SVG),
``page`` (the HTML page and its parts, also served to the replay viewer) and ``command``
(the CLI).
"""
