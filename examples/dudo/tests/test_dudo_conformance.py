"""Dudo passes the conformance kit, as every tavola game must."""

from tavola.testing import GameConformance


class TestDudo(GameConformance):
    games = ("dudo",)
    examples = 10  # whole games per check and configuration: Dudo's are short
