"""Campanile's action ids and their notation, for both editions.

======================  ======================  =========  ===================================
notation                id                      edition    meaning
======================  ======================  =========  ===================================
``build blue 2``        ``3*style + floors-1``  both       raise the blue tower 2 with a card
``influence red``       ``15 + style``          2009       the marker worth the floors built
``pass``                ``20``                  both       place no marker this turn
``take yellow``         ``21 + style``          2009       take a yellow card from the display
``move blue red``       ``26 + 5*from + to``    2009       2-player option: move a 2-marker
                        (``from`` ≠ ``to``)
``bet red 3``           ``51 + 3*style + v-1``  1996       bet the marker worth 3 under red
======================  ======================  =========  ===================================

The ids are the research API's flat action space (``Game.num_distinct_actions``), and
not every id names an action. The 2009 ids are ``0..50``, where the five ids of a move
from a style to itself (26, 32, 38, 44, 50) name none; the 1996 edition keeps the ids of
the actions it shares (build, pass) and adds the bets, so its ids are ``0..65`` with the
2009-only ids naming no action. An id that names no action is never legal, and
``action_to_string`` refuses it:

>>> [i for i in range(NUM_ACTIONS) if i >= MOVE and (i - MOVE) // 5 == (i - MOVE) % 5]
[26, 32, 38, 44, 50]
>>> action_to_string(32)
Traceback (most recent call last):
...
tavola.core.errors.NotationError: 32 is not a Campanile action id

Reading is lenient: any case, a unique prefix of a word (``b bl 2``, ``i r``,
``t y``; in 1996 ``bu`` and ``be`` tell build from bet).
"""

from __future__ import annotations

from typing import Final

from tavola.core.errors import NotationError
from tavola.core.i18n import N_, Text
from tavola.games.campanile.components import NUM_STYLES, STYLES
from tavola.games.campanile.translations import lazy, listed

BUILD: Final = 0
INFLUENCE: Final = 15
PASS: Final = 20
TAKE: Final = 21
MOVE: Final = 26
NUM_ACTIONS: Final = MOVE + NUM_STYLES * NUM_STYLES
BET: Final = NUM_ACTIONS  # 1996 only: 51 + 3*style + value - 1
NUM_ACTIONS_1996: Final = BET + 3 * NUM_STYLES

BUILD_IDS: Final = tuple(tuple(BUILD + 3 * s + f for f in range(3)) for s in range(NUM_STYLES))
BET_IDS: Final = tuple(tuple(BET + 3 * s + v for v in range(3)) for s in range(NUM_STYLES))

_VERBS: Final[tuple[str, ...]] = ("build", "influence", "pass", "take", "move")
_FORMS: Final[tuple[str, ...]] = (
    "build <style> <1|2|3>",
    "influence <style>",
    "pass",
    "take <style>",
    "move <style> <style>",
)


def action_to_string(action: int) -> str:
    """The canonical notation of an action id.

    >>> action_to_string(4)
    'build blue 2'
    """
    if BUILD <= action < INFLUENCE:
        style, floors = divmod(action - BUILD, 3)
        return f"build {STYLES[style]} {floors + 1}"
    if INFLUENCE <= action < PASS:
        return f"influence {STYLES[action - INFLUENCE]}"
    if action == PASS:
        return "pass"
    if TAKE <= action < MOVE:
        return f"take {STYLES[action - TAKE]}"
    if MOVE <= action < NUM_ACTIONS:
        source, target = divmod(action - MOVE, NUM_STYLES)
        if source != target:
            return f"move {STYLES[source]} {STYLES[target]}"
    raise NotationError(f"{action!r} is not a Campanile action id")


def parse_action(text: str) -> int:
    """The action id a notation names.

    >>> parse_action("Build BL 3") == parse_action("build blue 3")
    True
    """
    words = _words(text, _FORMS)
    verb = _match(words[0], _VERBS, "action", text)
    args = words[1:]
    arity = {"build": 2, "influence": 1, "pass": 0, "take": 1, "move": 2}[verb]
    if len(args) != arity:
        raise NotationError(_expected(repr(text)))
    if verb == "pass":
        return PASS
    style = _match(args[0], STYLES, "style", text)
    index = STYLES.index(style)
    if verb == "build":
        if args[1] not in ("1", "2", "3"):
            raise NotationError(_floors(text))
        return BUILD + 3 * index + int(args[1]) - 1
    if verb == "influence":
        return INFLUENCE + index
    if verb == "take":
        return TAKE + index
    target = STYLES.index(_match(args[1], STYLES, "style", text))
    if target == index:
        raise NotationError(lazy("{text}: a marker moves to a different tower", text=repr(text)))
    return MOVE + NUM_STYLES * index + target


# -- edition 1996: build, bet, pass (the draw is automatic) -----------------------------------

_VERBS_1996: Final[tuple[str, ...]] = ("build", "bet", "pass")
_FORMS_1996: Final[tuple[str, ...]] = ("build <style> <1|2|3>", "bet <style> <1|2|3>", "pass")
_NOT_IN_1996: Final = {
    "influence": N_(
        "{text}: in the 1996 edition a marker is bet with its value: bet <style> <value>"
    ),
    "take": N_("{text}: in the 1996 edition there is no take: the card is drawn automatically"),
    "move": N_("{text}: markers move only in the 2009 edition (2-player option move_markers)"),
}


def action_to_string_1996(action: int) -> str:
    """The canonical notation of a 1996 action id.

    >>> action_to_string_1996(4), action_to_string_1996(65)
    ('build blue 2', 'bet red 3')
    """
    if BUILD <= action < INFLUENCE or action == PASS:
        return action_to_string(action)
    if BET <= action < NUM_ACTIONS_1996:
        style, value = divmod(action - BET, 3)
        return f"bet {STYLES[style]} {value + 1}"
    raise NotationError(f"{action!r} is not an action id of Campanile 1996")


def parse_action_1996(text: str) -> int:
    """The 1996 action id a notation names.

    >>> parse_action_1996("Bet R 2") == parse_action_1996("bet red 2")
    True
    """
    words = _words(text, _FORMS_1996)
    if words[0] in _NOT_IN_1996:
        raise NotationError(lazy(_NOT_IN_1996[words[0]], text=repr(text)))
    verb = _match(words[0], _VERBS_1996, "action", text)
    if verb == "pass":
        if len(words) != 1:
            raise NotationError(_expected(repr(text), _FORMS_1996))
        return PASS
    if len(words) != 3:
        raise NotationError(_expected(repr(text), _FORMS_1996))
    style = STYLES.index(_match(words[1], STYLES, "style", text))
    if words[2] not in ("1", "2", "3"):
        if verb == "build":
            raise NotationError(_floors(text))
        raise NotationError(lazy("{text}: a marker is worth 1, 2 or 3", text=repr(text)))
    return (BUILD if verb == "build" else BET) + 3 * style + int(words[2]) - 1


# What a word of a notation may be, and the refusals of a word that is none or several
# (the words themselves are notation: shown as typed, never translated).
_UNKNOWN: Final = {
    "action": (
        N_("{text}: ambiguous action {word} ({found}); actions are {choices}"),
        N_("{text}: no action {word}; actions are {choices}"),
    ),
    "style": (
        N_("{text}: ambiguous style {word} ({found}); styles are {choices}"),
        N_("{text}: no style {word}; styles are {choices}"),
    ),
}


_OR: Final = N_("{first} or {second}")


def _match(word: str, choices: tuple[str, ...], what: str, text: str) -> str:
    found = [choice for choice in choices if choice.startswith(word)]
    if len(found) == 1:
        return found[0]
    if word in choices:
        return word
    ambiguous, unknown = _UNKNOWN[what]
    params = {"text": repr(text), "word": repr(word), "choices": ", ".join(choices)}
    if found:
        raise NotationError(lazy(ambiguous, found=listed(found, _OR), **params))
    raise NotationError(lazy(unknown, **params))


def _floors(text: str) -> Text:
    """The refusal of a build by other than 1, 2 or 3 floors."""
    return lazy("{text}: a tower is raised by 1, 2 or 3 floors", text=repr(text))


def _words(text: str, forms: tuple[str, ...]) -> list[str]:
    """A notation's words, in lower case (commas count as spaces); none: the ``forms``."""
    words = text.replace(",", " ").lower().split()
    if not words:
        raise NotationError(_expected(lazy("an empty text"), forms))
    return words


def _expected(got: Text, forms: tuple[str, ...] = _FORMS) -> Text:
    return lazy(
        "cannot read {got} as an action; write one of: {forms}", got=got, forms="; ".join(forms)
    )
