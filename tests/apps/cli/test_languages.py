"""The terminal in the players' languages: how the language is chosen, a whole game in
Italian with no English left in it, and records that do not depend on the language."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rich.console import Console
from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app
from tavola.apps.play import ALIASES, COMMANDS, command_of, play
from tavola.apps.terminal_language import _
from tavola.core.i18n import current_language, language

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
import messages  # tools/messages.py: the domains and their catalogs

runner = CliRunner()
GAME_DOMAINS = ("terminal", "core", "campanile", "carcassonne", "clocktowers")
LOCALE_VARS = ("TAVOLA_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def records_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


def invoke(*args: str, stdin: str = "quit\n") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def saved_line(lang: str) -> str:
    """The start of the line that says where the record went, in ``lang``."""
    with language(lang):
        return _("Record saved to {path}").split("{")[0]


def test_each_language_has_its_own_words() -> None:
    lines = {lang: saved_line(lang) for lang in ("en", "it", "de", "fr")}
    assert len(set(lines.values())) == 4, lines


@pytest.mark.parametrize(
    ("environ", "args", "expected"),
    [
        ({}, [], "en"),
        ({"TAVOLA_LANG": "it"}, [], "it"),
        ({"LANG": "de_DE.UTF-8"}, [], "de"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, [], "fr"),
        ({"TAVOLA_LANG": "fr", "LANG": "it_IT.UTF-8"}, [], "fr"),
        ({"TAVOLA_LANG": "fr", "LANG": "it_IT.UTF-8"}, ["--lang", "de"], "de"),
        ({"LANG": "it_IT.UTF-8"}, ["--lang", "EN"], "en"),
    ],
)
def test_lang_then_tavola_lang_then_the_locale_choose_the_language(
    monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], args: list[str], expected: str
) -> None:
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    command = ["play", "campanile", "--seats", "human,random", "--seed", "1"]
    for where in (args + command, command + args):  # on tavola itself or on the command
        code, out = invoke(*where)
        assert code == 0, out
        assert saved_line(expected) in out
        others = {lang for lang in ("en", "it", "de", "fr") if lang != expected}
        assert not any(saved_line(lang) in out for lang in others)
    assert current_language() == "en"  # the caller's language is left as it was


def test_an_unknown_language_is_refused_clearly() -> None:
    code, out = invoke("play", "campanile", "--lang", "xx")
    assert code == 2
    text = " ".join(re.sub("[│╭╮╰╯─]", " ", out).split())  # out of its panel
    assert "unknown language 'xx'; the languages are: en, it, de, fr" in text


def test_help_is_shown_in_the_language_asked_for() -> None:
    with language("it"):
        summary, options = _("Play a game in the terminal against bots or friends."), _("Options")
        commands = _("Commands")
    for args in (["--lang", "it", "play", "--help"], ["play", "--lang", "it", "--help"]):
        code, out = invoke(*args)
        assert code == 0, out
        assert summary in " ".join(out.split())
        assert options in out
        assert "Seed of the deal" not in out
    code, out = invoke("--lang", "it", "--help")  # the list of commands
    assert summary in " ".join(out.split())
    assert commands in out
    code, out = invoke("play", "--help")  # English again: nothing stays translated
    assert "Play a game in the terminal against bots or friends." in out
    assert "Seed of the deal" in out


def test_records_are_byte_identical_whatever_the_language(tmp_path: Path) -> None:
    saved = {}
    for lang in ("en", "it"):
        with language(lang):
            help_word = _("help")
        moves = "".join(f"{help_word}\n1\n" if n % 10 == 0 else "1\n" for n in range(400))
        path = tmp_path / f"{lang}.json"
        code, out = invoke(
            "--lang", lang, "play", "campanile", "--seats", "human,random", "--seed", "5",
            "--names", "Ada,Bob", "--save", str(path), stdin=moves,
        )  # fmt: skip
        assert code in (0, 1), out
        assert saved_line(lang) in out
        saved[lang] = path.read_bytes()
    assert saved["en"] == saved["it"]
    record = tavola.replay(json.loads(saved["it"]))
    assert len(record.history) > 20


# -- A whole game in Italian shows no English string -------------------------------------


def english_texts(lang: str) -> list[tuple[str, str]]:
    """Every (English text, its translation) of the terminal's and the games' catalogs
    whose translation into ``lang`` differs from the English; plurals give both forms."""
    pairs = []
    for domain in GAME_DOMAINS:
        with messages.po_path(domain, lang).open("rb") as file:
            catalog = read_po(file, locale=lang, domain=domain)
        for message in catalog:
            if not message.id or not message.string:
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else message.string
            for english, translated in zip(ids, strings, strict=False):
                if translated and translated != english:
                    pairs.append((english, translated))
    return pairs


FIELD = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[A-Za-z]{3,}")


def patterns(
    english: str, notation_words: set[str], translations: str = ""
) -> Iterator[re.Pattern[str]]:
    """Regular expressions finding ``english`` (each of its lines) in shown text: fields
    match anything short, spaces any spacing. A line whose words are all words of the
    notation (which stays the same in every language) or shorter than 3 letters is
    not looked for, nor one that some translation holds too (the Italian "torri
    complete" holds the English "complete": the same letters, an Italian word)."""
    for line in english.splitlines():
        literal = [part.strip() for part in FIELD.split(line)]
        words = [w for part in literal for w in WORD.findall(part)]
        if not words or all(w.lower() in notation_words for w in words):
            continue
        pieces = [r"\s+".join(map(re.escape, part.split())) for part in literal if part]
        body = r".{0,60}?".join(pieces)
        start = r"\b" if re.match(r"\w", pieces[0][:1]) else ""
        end = r"\b" if re.search(r"\w$", body) else ""
        pattern = re.compile(start + body + end)
        if not pattern.search(translations):
            yield pattern


def typed_words() -> set[str]:
    """The words the terminal reads as commands in every language (``help``, ``board``...):
    like notation, the same in every language."""
    words = {"help", *COMMANDS, *(alias for aliases in ALIASES.values() for alias in aliases)}
    for lang in ("en", "it", "de", "fr"):
        with language(lang):
            words = {word for word in words if command_of(word)}
    return words


def notation_over(game: tavola.Game, history: list[int], seed: int) -> set[str]:
    """The notation of every legal action at every turn of the game played (``history``
    from ``seed``), whoever's turn it was, and of the actions taken."""
    state = game.new_game(seed)
    notations: set[str] = set()
    for action in history:
        if state.current_player is not None:
            notations.update(game.action_to_string(a) for a in state.legal_actions())
        notations.add(game.action_to_string(action))
        notations.add(game.public_notation(action))
        state.apply(action)
    return notations


SETUPS = [
    ("campanile", {"players": 2}, ["human", "human"]),  # two people at one screen
    ("campanile", {"players": 3, "edition": "1996"}, ["human", "random", "random"]),
    ("clocktowers", {"players": 2}, ["human", "random"]),
    ("carcassonne", {"players": 2}, ["human", "random"]),
]


@pytest.mark.parametrize(("name", "options", "seats"), SETUPS, ids=lambda v: str(v))
def test_a_whole_game_in_italian_shows_no_english(
    tmp_path: Path, name: str, options: dict[str, object], seats: list[str]
) -> None:
    state = tavola.load(name, **options).new_game(7)
    game = state.game
    notations: set[str] = set()
    with language("it"):
        words = [_(word) for word in ("help", "rules", "board", "actions")]
    first_turn = [*words, "", "xyz", "999"]

    def read(prompt: str) -> str:
        if state.current_player is None or not prompt.endswith("> "):
            return ""  # a hot seat's "press Enter"
        legal = state.legal_actions()
        notations.update(game.action_to_string(a) for a in legal)
        if first_turn:
            return first_turn.pop(0)
        if len(state.history) < 2 and (illegal := _an_illegal_notation(state)):
            first_turn.append(game.action_to_string(legal[0]))
            return illegal
        return game.action_to_string(legal[0])

    console = Console(record=True, width=200, height=200, file=io.StringIO(), force_terminal=False)
    with language("it"):
        path, stopped = play(state, seats, console, save=tmp_path / "g.json", read=read, fit=False)
        result = _("Result")
    assert stopped is None
    assert path is not None
    out = console.export_text()
    assert result in out
    assert result != "Result"
    record = state.record()
    notations.update(record["actions"])
    notations |= notation_over(game, list(state.history), 7)
    notation_words = {w.lower() for n in notations for w in WORD.findall(n)} | typed_words()
    shown = " ".join(out.split())
    for notation in sorted(notations, key=len, reverse=True):
        shown = shown.replace(notation, " ")
    found = []
    pairs = english_texts("it")
    translations = "\n".join(" ".join(translated.split()) for _english, translated in pairs)
    for english, _translated in pairs:
        for pattern in patterns(english, notation_words, translations):
            match = pattern.search(shown)
            if match:
                found.append(f"{english!r} shown as {match.group(0)!r}")
    assert not found, "\n".join(found)


def _an_illegal_notation(state: tavola.State) -> str | None:
    """The notation of an action the game reads but the rules refuse here, if any."""
    legal = set(state.legal_actions())
    for action in range(min(state.game.num_distinct_actions, 5000)):
        if action not in legal:
            try:
                notation = state.game.action_to_string(action)
                state.read_action(notation)
            except tavola.TavolaError:
                continue
            return notation
    return None


def test_the_check_finds_english_where_there_is_some() -> None:
    found = [
        pattern.search("P0 ha 3 azioni legali: Game stopped (quit) after 12 actions.")
        for english, _translated in english_texts("it")
        if english.startswith("Game stopped")
        for pattern in patterns(english, set())
    ]
    assert any(found)
    assert not any(
        pattern.search("Partita interrotta (sei uscito) dopo 12 azioni.")
        for english, _translated in english_texts("it")
        for pattern in patterns(english, set())
    )
