"""ClockTowers in German (issue 28): one word for a floor, "Etage" (the towers' labels
said "Etagen", the cards "Stockwerke"), and a colour's adjective declined after "der"."""

from __future__ import annotations

import re
from pathlib import Path

import tavola.games.clocktowers
from tavola.core.i18n import language
from tavola.games.clocktowers.translations import TOWERS, gettext
from tests.games.translated import said

PAGES = Path(tavola.games.clocktowers.__file__).parent / "pages"


def german_texts() -> list[str]:
    return said("clocktowers", "de", PAGES)


def test_a_floor_is_an_etage_everywhere() -> None:
    texts = german_texts()
    assert len(texts) > 100
    assert [text[:60] for text in texts if "Stockwerk" in text] == []
    assert any("Etagen" in text for text in texts)


# "der nächste roter Turm": a strong adjective after a definite article.
STRONG_AFTER_DER = re.compile(r"\b(der|dem|den|des) (nächsten?|\w+ten?) \w+er Turm")


def test_a_towers_colour_is_declined_after_its_article() -> None:
    templates = [
        "{seat}'s next {tower} needs exactly {floors} floors",
        "your next {tower} needs exactly {floors} floors",
        "your {nth} {tower} needs exactly {need} floors; tower {target} has {floors}",
    ]
    with language("de"):
        said = [
            gettext(template).format(
                seat="Bot B", tower=tower, floors=3, nth="2.", need=3, target=1
            )
            for template in templates
            for tower in TOWERS
        ]
    assert len(said) == 15
    assert [text for text in said if STRONG_AFTER_DER.search(text)] == []
