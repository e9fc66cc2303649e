"""The review's chart never tells by colour alone: each verdict's marker has its shape, each
seat's line its dashes, and the key shows the same shapes and dashes."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

from tavola.apps.review.chart import VERDICT_COLOURS, chart_svg, signed
from tavola.apps.review.page import legend
from tavola.core.i18n import language

SVG = "{http://www.w3.org/2000/svg}"


def review_data() -> dict[str, Any]:
    """Two seats' decisions, one of each verdict and a good one."""
    verdicts = [None, "inaccuracy", "mistake", "blunder"]
    decisions = [
        {
            "seat": step % 2,
            "step": step,
            "win": 0.5 - 0.1 * step,
            "verdict": verdict,
            "loss": 0.1,
            "played": f"move {step}",
            "best": "better",
        }
        for step, verdict in enumerate(verdicts)
    ]
    return {
        "actions": 4,
        "decisions": decisions,
        "seats": [0, 1],
        "names": ["Ann", "Bob"],
        "is_over": True,
        "winners": [1],
    }


def test_the_marks_differ_in_shape_and_the_lines_in_dashes() -> None:
    root = ElementTree.fromstring(chart_svg(review_data()))
    marks = [link[0] for link in root.iter(f"{SVG}a")]
    assert [mark.get("fill") for mark in marks] == list(VERDICT_COLOURS.values())
    assert len({mark.tag for mark in marks}) == 3  # a shape per verdict
    lines = list(root.iter(f"{SVG}polyline"))
    assert len({line.get("stroke-dasharray") for line in lines}) == 2
    key = legend(review_data())
    for shape in ("<polygon", "<rect", "<circle", "stroke-dasharray"):
        assert shape in key


def test_luck_and_skill_read_in_points_with_skill_a_move() -> None:
    """Luck and skill are points of win chance (out of 100, never a percentage that a sum
    may take past 100): luck over the game, skill on average a move, "+" good for the seat,
    as the line under the table says."""
    import re

    from tavola.apps.review.page import luck_html

    summary = [
        {"seat": 0, "decisions": 20, "luck": -0.12, "luck_se": 0.21, "skill": -2.14},
        {"seat": 1, "decisions": 20, "luck": 0.3, "luck_se": 0.2, "skill": 0.08},
    ]
    summary[0]["skill_se"], summary[1]["skill_se"] = 0.18, 0.06
    html = luck_html(review_data() | {"summary": summary})
    cells = dict(re.findall(r'data-(\w+="\d)">([^<]*)<', html))
    assert cells == {
        'luck="0': "\u221212 ± 21",
        'skill="0': "\u221210.7 ± 0.9",
        'luck="1': "+30 ± 20",
        'skill="1': "+0.4 ± 0.3",
    }
    assert "%" not in html
    assert "a move" in html
    assert "+ is good for the seat" in html


def test_skill_over_the_game_and_how_the_figures_add_up_to_the_chart() -> None:
    """Beside skill a move, its total over the seat's moves, in the luck's units; and a line
    says how luck and skill add up to a seat's line on the chart, in every language."""
    import re

    from tavola.apps.review.page import luck_html
    from tavola.core.i18n import language

    summary = [
        {"seat": 0, "decisions": 20, "luck": -0.12, "luck_se": 0.2, "skill": -2.14},
        {"seat": 1, "decisions": 5, "luck": 0.3, "luck_se": 0.2, "skill": 0.08},
    ]
    summary[0]["skill_se"], summary[1]["skill_se"] = 0.18, 0.06
    said = {
        "en": ("in all", "With the chart"),
        "it": ("in tutto", "Con il grafico"),
        "de": ("insgesamt", "Zum Diagramm"),
        "fr": ("au total", "Avec le graphique"),
    }
    for lang, (over, words) in said.items():
        with language(lang):
            html = luck_html(review_data() | {"summary": summary})
        totals = dict(re.findall(r'data-skill-total="(\d)">([^<]*)<', html))
        assert totals == {"0": f"\u2212214 {over}", "1": f"+8 {over}"}, lang
        assert words in html, lang


def test_a_flagged_marks_title_writes_its_loss_as_the_list_does() -> None:
    """Playtest 10 #6: the marks' titles wrote "(imprécision, -5 %)" with a hyphen where
    the flagged list writes "\u22125 %" (a true minus, the language's percent)."""
    with language("fr"):
        root = ElementTree.fromstring(chart_svg(review_data()))
        shown = signed(-0.1)
    links = list(root.iter(f"{SVG}a"))
    texts = [link.get("aria-label", "") for link in links]
    texts += [title.text or "" for link in links for title in link.iter(f"{SVG}title")]
    assert len(texts) == 6
    assert all(f", {shown})" in text for text in texts), texts
    assert shown == "\u221210\u00a0%"
