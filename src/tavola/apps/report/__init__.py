"""``tavola report``: balance reports for designers (see ``docs/balance.md``).

Plays a game's option sets through the tournament runner and writes one self-contained
HTML page with plots (matplotlib, the ``report`` extra), plus the raw results as JSON
and CSV. Modules: ``plan`` (what is played, checked first), ``played_games`` (playing, the
checkpoint), ``rows`` (one game replayed for events), ``sources`` (scoring sources per
game), ``stats`` (intervals), ``analysis`` (the figures), ``findings`` (in words),
``plots``, ``page`` (the HTML, from ``templates/``), ``export`` (JSON, CSV) and
``command`` (the CLI).
"""

from tavola.apps.report.command import report_command

__all__ = ["report_command"]
