"""The live log says the moves of Campanile and ClockTowers in words, in the page's language:
the words the picture carries for each move (``data-said``), never their notation."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.apps.web.helpers import open_at_my_turn, open_carcassonne, take_turn, wait_turn_or_end
from tests.live_server import ServerProcess

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("game", "lang", "words"),
    [("campanile", "de", "stockte den Turm"), ("clocktowers", "en", "drew from the")],
)
def test_the_live_log_says_every_move_in_words(
    page: Page, server: ServerProcess, game: str, lang: str, words: str
) -> None:
    open_at_my_turn(page, server.url, game, f"&lang={lang}")
    for turn in range(3):  # the bot moves between them
        take_turn(page, turn)
        if wait_turn_or_end(page) == "over":
            break
    log = page.locator("#tv-log > li.entry")
    assert log.count() >= 4
    expect(log.locator("code.notation")).to_have_count(0)
    expect(page.locator("#tv-log")).to_contain_text(words)


def test_a_discard_is_told_once(page: Page, server: ServerProcess) -> None:
    """ClockTowers' discard says nothing the move's words do not ("discarded a card face
    down"): the log tells it in one line, with no sub-line repeating it."""
    open_at_my_turn(page, server.url, "clocktowers")
    page.locator("#tv-actions button.action[data-notation^='discard ']").first.click()
    entry = page.locator("#tv-log > li.entry", has_text="discarded")
    expect(entry).to_have_count(1)
    expect(entry.locator("li.event")).to_have_count(0)


# A word and a plain space before a (negative) number: a line may break between them.
LOOSE = re.compile(r"\b(column|row|colonna|riga) -?\d")


@pytest.mark.parametrize(
    ("lang", "column", "row"), [("en", "column", "row"), ("it", "colonna", "riga")]
)
def test_a_negative_row_or_column_keeps_its_word(
    page: Page, server: ServerProcess, lang: str, column: str, row: str
) -> None:
    """ "row -1" is never split at the end of a line: the move buttons and the log put a
    no-break space between the word and its number (the engine's words are left as they are)."""
    open_carcassonne(page, server, seed=1, river=False, lang=lang)
    words = page.locator("#tv-actions button.action .words").all_text_contents()
    assert not [w for w in words if LOOSE.search(w)], words
    assert any(f"{row}\u00a0-1" in w or f"{column}\u00a0-1" in w for w in words), words
    page.locator("#tv-actions button.action", has_text=re.compile(r"\u00a0-1")).first.click()
    page.wait_for_function("() => document.querySelector('#main').dataset.waiting === 'false'")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#tv-log > li.entry')].some("
        "(li) => /\\u00a0-1/.test(li.textContent))"
    )
    lines = page.locator("#tv-log > li.entry").all_text_contents()
    placed = [line for line in lines if f"{column}\u00a0" in line]
    assert placed, lines
    assert not [line for line in lines if LOOSE.search(line)], lines
