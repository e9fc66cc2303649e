"""ClockTowers' action ids and their notation.

=========================  ==================================  ===========================
notation                   id                                  meaning
=========================  ==================================  ===========================
``play 2cat new``          ``29*card`` (cards 0..5)            start a tower with a floor
``play 1mouse 3``          ``29*card + N`` (cards 0..5)        a floor onto tower N
``play clock-mouse 2``     ``174 + 28*(card-6) + N-1``         a clock onto tower N
``play roof-red 2``        ``230 + 28*colour + N-1``           a roof onto tower N
``discard clock``          ``370 + card``                      a card face down
``draw floors``            ``383 + deck``                      floors, roofs, clocks
=========================  ==================================  ===========================

Tower numbers N run from 1 to ``MAX_TOWERS`` (28: no player can start more towers than
there are floor cards). Every id in ``0 .. 385`` names an action.

Reading is lenient: any case, commas as spaces, a unique prefix of a verb or a deck
(``pl``, ``di``, ``dr f``), a roof by its colour alone (``play red 2``), a tower as ``N``,
``tN`` or ``#N``, and ``+`` for ``new``.
"""

from __future__ import annotations

from typing import Final

from tavola.core.errors import NotationError
from tavola.core.i18n import Message, Text
from tavola.games.clocktowers.components import (
    CARD_CODES,
    CLOCK,
    COLOURS,
    DECKS,
    FIRST_ROOF,
    MAX_TOWERS,
    NUM_CARDS,
    NUM_FLOOR_CARDS,
)
from tavola.games.clocktowers.translations import lazy

FLOOR_TARGETS: Final = MAX_TOWERS + 1  # "new" and towers 1..MAX_TOWERS
PLAY_CLOCK: Final = NUM_FLOOR_CARDS * FLOOR_TARGETS  # 174
PLAY_ROOF: Final = PLAY_CLOCK + 2 * MAX_TOWERS  # 230
DISCARD: Final = PLAY_ROOF + len(COLOURS) * MAX_TOWERS  # 370
DRAW: Final = DISCARD + NUM_CARDS  # 383
NUM_ACTIONS: Final = DRAW + len(DECKS)  # 386

NEW: Final = 0  # the target of a floor that starts a tower


def play_id(card: int, target: int) -> int:
    """The id of playing ``card`` onto tower ``target`` (0: a new tower, floors only)."""
    if card < NUM_FLOOR_CARDS:
        return FLOOR_TARGETS * card + target
    if card < FIRST_ROOF:
        return PLAY_CLOCK + MAX_TOWERS * (card - CLOCK) + target - 1
    return PLAY_ROOF + MAX_TOWERS * (card - FIRST_ROOF) + target - 1


def _decode(action: int) -> tuple[int, int, int]:
    if action < PLAY_CLOCK:
        card, target = divmod(action, FLOOR_TARGETS)
        return 0, card, target
    if action < PLAY_ROOF:
        card, tower = divmod(action - PLAY_CLOCK, MAX_TOWERS)
        return 0, CLOCK + card, tower + 1
    if action < DISCARD:
        card, tower = divmod(action - PLAY_ROOF, MAX_TOWERS)
        return 0, FIRST_ROOF + card, tower + 1
    if action < DRAW:
        return 1, action - DISCARD, 0
    return 2, action - DRAW, 0


PLAY_KIND: Final = 0
DISCARD_KIND: Final = 1
DRAW_KIND: Final = 2
# Per id: (kind, card or deck, target) for fast decoding in the hot loop.
DECODED: Final = tuple(_decode(action) for action in range(NUM_ACTIONS))
# PLAY_IDS[card][target]: the play id, target 0 being "new" (-1 for non-floors).
PLAY_IDS: Final = tuple(
    tuple(
        play_id(card, target) if target or card < NUM_FLOOR_CARDS else -1
        for target in range(MAX_TOWERS + 1)
    )
    for card in range(NUM_CARDS)
)

_VERBS: Final[tuple[str, ...]] = ("play", "discard", "draw")


def action_to_string(action: int) -> str:
    """The canonical notation of an action id.

    >>> action_to_string(play_id(1, 0)), action_to_string(play_id(9, 2))
    ('play 1cat new', 'play roof-blue 2')
    >>> action_to_string(DISCARD + 7), action_to_string(DRAW + 1)
    ('discard clock-mouse', 'draw roofs')
    """
    if not 0 <= action < NUM_ACTIONS:
        raise NotationError(lazy("{action} is not a ClockTowers action id", action=repr(action)))
    kind, card, target = DECODED[action]
    if kind == PLAY_KIND:
        return f"play {CARD_CODES[card]} {target or 'new'}"
    if kind == DISCARD_KIND:
        return f"discard {CARD_CODES[card]}"
    return f"draw {DECKS[card]}"


def parse_action(text: str) -> int:
    """The action id a notation names.

    >>> parse_action("Play 2CAT new") == parse_action("play 2cat new")
    True
    >>> action_to_string(parse_action("p red t3")), action_to_string(parse_action("dr c"))
    ('play roof-red 3', 'draw clocks')
    """
    words = text.replace(",", " ").lower().split()
    if not words:
        raise NotationError(_expected(lazy("an empty text")))
    verb = _match(words[0], _VERBS, "action", text)
    args = words[1:]
    if len(args) != (2 if verb == "play" else 1):
        raise NotationError(_expected(repr(text)))
    if verb == "draw":
        return DRAW + DECKS.index(_match(args[0], DECKS, "deck", text))
    card = _card(args[0], text)
    if verb == "discard":
        return DISCARD + card
    target = _target(args[1], text)
    if target == NEW and card >= NUM_FLOOR_CARDS:
        raise NotationError(lazy("{text}: only a floor card starts a new tower", text=repr(text)))
    return play_id(card, target)


def _card(word: str, text: str) -> int:
    if word in CARD_CODES:
        return CARD_CODES.index(word)
    if word in COLOURS:
        return FIRST_ROOF + COLOURS.index(word)
    found = [code for code in CARD_CODES if code.startswith(word)]
    if len(found) == 1:
        return CARD_CODES.index(found[0])
    cards = ", ".join(CARD_CODES)
    if found:
        raise NotationError(
            lazy(
                "{text}: ambiguous card {word} ({choices}); cards are {cards}",
                text=repr(text),
                word=repr(word),
                choices=_either(found),
                cards=cards,
            )
        )
    raise NotationError(
        lazy(
            "{text}: no card {word}; cards are {cards}",
            text=repr(text),
            word=repr(word),
            cards=cards,
        )
    )


def _target(word: str, text: str) -> int:
    if word in ("new", "n", "+"):
        return NEW
    number = word.lstrip("t#")
    if number.isdecimal() and 1 <= int(number) <= MAX_TOWERS:
        return int(number)
    raise NotationError(
        lazy(
            "{text}: a target is 'new' or a tower number 1 to {last}",
            text=repr(text),
            last=MAX_TOWERS,
        )
    )


def _match(word: str, choices: tuple[str, ...], what: str, text: str) -> str:
    if word in choices:
        return word
    found = [choice for choice in choices if choice.startswith(word)]
    if len(found) == 1:
        return found[0]
    params: dict[str, Text] = {"text": repr(text), "word": repr(word), "names": ", ".join(choices)}
    if found:
        params["choices"] = _either(found)
        if what == "deck":
            says = lazy("{text}: ambiguous deck {word} ({choices}); decks are {names}", **params)
        else:
            says = lazy(
                "{text}: ambiguous action {word} ({choices}); actions are {names}", **params
            )
    elif what == "deck":
        says = lazy("{text}: no deck {word}; decks are {names}", **params)
    else:
        says = lazy("{text}: no action {word}; actions are {names}", **params)
    raise NotationError(says)


def _either(choices: list[str]) -> Text:
    """Choices joined by "or" (``clock or clock-mouse``), translated when shown."""
    joined: Text = choices[0]
    for choice in choices[1:]:
        joined = lazy("{first} or {second}", first=joined, second=choice)
    return joined


def _expected(got: str | Message) -> Message:
    return lazy(
        "cannot read {text} as an action; write one of: play <card> new; play <card> <tower>; "
        "discard <card>; draw <deck>",
        text=got,
    )
