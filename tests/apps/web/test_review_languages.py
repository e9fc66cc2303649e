"""The replay viewer's review and its refusals in the reader's language.

A record file reviewed on the replay page in Italian shows no English (the check of
``test_languages``: the page's text and, apart, the words next to the notation, against
the catalogs), the review's chart included; a bad record file is refused in Italian with
the engine's reason. The review's job keeps data only: the same review read in German and
in English comes in each reader's language.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.apps.review.test_judging import CLOSING, last_tile_record
from tests.apps.web.helpers import BLUNDER, blunder_record, blunder_words, broken_record
from tests.apps.web.test_languages import (
    PAGE_TEXT,
    english_fragments,
    english_in,
    not_notation,
    notation_words,
)
from tests.live_server import ServerProcess

# the review's chart is an SVG too: its words (axis, markers' titles, its label)
CHART_TEXT = """() => {
  const svg = document.querySelector("#tv-review-chart svg.chart");
  const words = [...svg.querySelectorAll("text, title")].map((n) => n.textContent);
  return [...words, svg.getAttribute("aria-label")].join("\\n");
}"""


@pytest.mark.browser
def test_a_review_and_a_refusal_in_italian_show_no_english(
    server: ServerProcess, new_context: Any, tmp_path: Path
) -> None:
    record, good = blunder_record(tmp_path)
    broken = broken_record(record)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    page = new_context(locale="it-IT").new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/replay")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    fragments = english_fragments("it")

    page.locator("#tv-file").set_input_files(str(bad))
    refusal = page.locator("#tv-refusal")
    expect(refusal).to_contain_text("Questo file non si può rivedere")
    expect(refusal).to_contain_text("la registrazione non si può rigiocare all'azione 4")
    seen = [page.evaluate(PAGE_TEXT)]

    page.locator("#tv-file").set_input_files(str(good))
    page.wait_for_selector("#main[data-step='0']")
    page.locator("#tv-review").click()
    page.wait_for_selector("#main[data-review='done']", timeout=120_000)
    card = page.locator("#tv-review-flagged details.blunder", has_text=BLUNDER)
    expect(card).to_have_count(1)
    expect(card).to_contain_text(f"Meglio: {blunder_words('it', CLOSING)}")
    expect(card.locator(".verdict")).to_have_text("svista")
    seen.append(page.evaluate(PAGE_TEXT))
    seen.append({"page": "", "game": page.evaluate(CHART_TEXT)})
    assert not errors, errors
    assert "la registrazione non si può rigiocare" in seen[0]["page"]  # the check reads it
    assert "probabilità di vittoria" in seen[1]["page"]
    assert "azione" in seen[2]["game"]

    looked_for = {"page": fragments, "game": not_notation(fragments, notation_words(record))}
    for part in ("page", "game"):
        found = {fragment for text in seen for fragment in english_in(text[part], looked_for[part])}
        assert not found, f"English in the Italian {part}: {sorted(found)}"


def test_one_review_is_read_in_each_readers_language(server: ServerProcess) -> None:
    record = last_tile_record(BLUNDER)
    started = httpx.post(f"{server.url}/api/review", json=record, headers={"Accept-Language": "it"})
    assert started.status_code == 202, started.text
    job = f"{server.url}/api/review/{started.json()['id']}"
    deadline = time.monotonic() + 180
    while (answer := httpx.get(job).json())["status"] == "running":
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.5)
    assert answer["status"] == "done", answer

    def read(lang: str) -> dict[str, Any]:
        body: dict[str, Any] = httpx.get(job, headers={"Accept-Language": lang}).json()
        return body

    german, english, italian = read("de"), read("en"), read("it")

    def without_words(review: dict[str, Any]) -> dict[str, Any]:
        events = [{**event, "what": None} for event in review["chance_events"]]
        decisions = [
            {
                **d,
                "played_words": None,
                "best_words": None,
                "moves": [{**m, "words": None} for m in d["moves"]],
            }
            for d in review["decisions"]
        ]
        return {**review, "chance_events": events, "decisions": decisions, "names": None}

    # The data as it is, but for the words of the chance events and the moves, which are in
    # the reader's language.
    assert without_words(german["review"]) == without_words(english["review"])
    assert without_words(italian["review"]) == without_words(english["review"])
    drawn = {
        lang: body["review"]["chance_events"][-1]["what"]
        for lang, body in (("de", german), ("en", english), ("it", italian))
    }
    assert "city" in drawn["en"]
    assert "Stadt" in drawn["de"]
    assert "città" in drawn["it"]
    assert "grober Fehler" in german["flagged"]
    for lang, body in (("de", german), ("en", english), ("it", italian)):
        flagged = body["review"]["decisions"][-1]
        assert (flagged["played"], flagged["best"]) == (BLUNDER, CLOSING)  # notation, as it was
        assert flagged["played_words"] == blunder_words(lang)
        assert flagged["best_words"] == blunder_words(lang, CLOSING)
        card = rf'id="step-{flagged["step"]}".*?<summary>.*?</summary>'
        summary = re.search(card, body["flagged"], re.S)
        assert summary is not None
        assert blunder_words(lang) in summary.group(0)
        assert "<code>" not in summary.group(0)  # words, not notation
        assert blunder_words(lang, CLOSING) in body["chart"]  # the marker's title
    assert f"Besser: <b>{blunder_words('de', CLOSING)}</b>" in german["flagged"]
    assert f"Better: <b>{blunder_words('en', CLOSING)}</b>" in english["flagged"]
    assert "Meglio:" in italian["flagged"]
    assert "Aktion" in german["chart"]
    # playtest 7 #14: a seat without a name was "A" in the table and the flagged moves, as
    # nowhere else on the page; it is named as the board names it, in the reader's language
    for lang, body, seat in (
        ("de", german, "Platz"),
        ("en", english, "Seat"),
        ("it", italian, "Posto"),
    ):
        assert body["review"]["names"] == [f"{seat} A", f"{seat} B"], lang
        assert f"{seat} A" in body["chart"], lang
        assert f"{seat} A" in body["flagged"] or f"{seat} B" in body["flagged"], lang
    assert "Better" not in german["flagged"] + italian["flagged"]


def test_a_bad_record_is_refused_in_the_language_of_the_request(server: ServerProcess) -> None:
    record = last_tile_record(CLOSING)
    broken = broken_record(record)
    for path in ("/api/replay", "/api/review"):
        answers = {
            lang: httpx.post(server.url + path, json=broken, headers={"Accept-Language": lang})
            for lang in ("en", "it", "fr")
        }
        assert {answer.status_code for answer in answers.values()} == {422}
        assert {answer.json()["error"] for answer in answers.values()} == {"bad_record"}
        words = {lang: answer.json()["message"] for lang, answer in answers.items()}
        assert words["en"].startswith("the record does not replay at action 4: ")
        assert words["it"].startswith("la registrazione non si può rigiocare all'azione 4: ")
        assert words["fr"].startswith("l'enregistrement ne se rejoue pas à l'action 4\u00a0: ")
    not_json = httpx.post(
        f"{server.url}/api/replay",
        content=b"not json",
        headers={"content-type": "application/json", "Accept-Language": "de"},
    )
    assert not_json.json()["message"] == "der Inhalt der Anfrage ist kein JSON"
