"""Campanile's action ids and their notation.

======================  ======================  ===========================================
notation                id                      meaning
======================  ======================  ===========================================
``build blue 2``        ``3*style + floors-1``  play a blue card, raising the blue tower 2
``influence red``       ``15 + style``          place the marker worth the floors just built
``pass``                ``20``                  place no marker this turn
``take yellow``         ``21 + style``          take a yellow card from the display
``move blue red``       ``26 + 5*from + to``    2-player option: move a 2-marker
======================  ======================  ===========================================

Reading is lenient: any case, a unique prefix of a word (``b bl 2``, ``i r``, ``t y``).
"""

from __future__ import annotations

from typing import Final

from tavola.core.errors import NotationError
from tavola.games.campanile.components import NUM_STYLES, STYLES

BUILD: Final = 0
INFLUENCE: Final = 15
PASS: Final = 20
TAKE: Final = 21
MOVE: Final = 26
NUM_ACTIONS: Final = MOVE + NUM_STYLES * NUM_STYLES

BUILD_IDS: Final = tuple(tuple(BUILD + 3 * s + f for f in range(3)) for s in range(NUM_STYLES))

_VERBS: Final = ("build", "influence", "pass", "take", "move")
_FORMS: Final = (
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
    words = text.replace(",", " ").lower().split()
    if not words:
        raise NotationError(_expected("an empty text"))
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
            raise NotationError(f"{text!r}: a tower is raised by 1, 2 or 3 floors")
        return BUILD + 3 * index + int(args[1]) - 1
    if verb == "influence":
        return INFLUENCE + index
    if verb == "take":
        return TAKE + index
    target = STYLES.index(_match(args[1], STYLES, "style", text))
    if target == index:
        raise NotationError(f"{text!r}: a marker moves to a different tower")
    return MOVE + NUM_STYLES * index + target


def _match(word: str, choices: tuple[str, ...], what: str, text: str) -> str:
    found = [choice for choice in choices if choice.startswith(word)]
    if len(found) == 1:
        return found[0]
    if word in choices:
        return word
    detail = f"ambiguous {what} {word!r} ({' or '.join(found)})" if found else f"no {what} {word!r}"
    raise NotationError(f"{text!r}: {detail}; {what}s are {', '.join(choices)}")


def _expected(got: str) -> str:
    return f"cannot read {got} as an action; write one of: {'; '.join(_FORMS)}"
