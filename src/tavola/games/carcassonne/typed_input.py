"""What a person types in Carcassonne's place step: ``N R``, candidate cell N (numbered in
reading order, as the pictures show them) turned R degrees, or ``N`` alone where the drawn
tile fits one way; and the hint that lists the rotations that fit each candidate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavola.core.errors import IllegalAction, NotationError
from tavola.games.carcassonne import views
from tavola.games.carcassonne.looks import by_look
from tavola.games.carcassonne.tiles import ROTATIONS
from tavola.games.carcassonne.translations import gettext, lazy
from tavola.games.carcassonne.turn_texts import RULE_ADJACENT, RULE_MATCH, either

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState


def read_candidate(state: CarcassonneState, words: list[str]) -> int:
    """The placement ``N R`` or ``N`` names (``words``: one or two numbers)."""
    cells = views.candidate_cells(state)
    number = int(words[0])
    if not 1 <= number <= len(cells):
        raise IllegalAction(
            RULE_ADJACENT,
            lazy("choose a candidate cell from 1 to {last}", last=len(cells)),
        )
    fitting = [a & 3 for a in state.legal_ids() if a >> 2 == cells[number - 1]]
    if len(words) == 2 and int(words[1]) in (ROTATIONS[i] for i in fitting):
        return 4 * cells[number - 1] + ROTATIONS.index(int(words[1]))
    turns = rotations_that_fit(state, cells[number - 1])
    if len(words) == 1 and len(turns) == 1:
        return 4 * cells[number - 1] + fitting[0]
    choices = either([f"{number} {turn}" for turn in turns])
    if len(words) == 1:
        raise NotationError(
            lazy(
                "candidate {number} fits {ways} ways: type {choices}",
                number=number,
                ways=len(turns),
                choices=choices,
            )
        )
    raise IllegalAction(
        RULE_MATCH,
        lazy(
            "candidate {number} does not fit turned {turn}: type {choices}",
            number=number,
            turn=words[1],
            choices=choices,
        ),
    )


def rotations_that_fit(state: CarcassonneState, cell: int) -> list[int]:
    """The rotations (degrees) in which the drawn tile fits ``cell``, one per look
    (``looks``): a symmetric tile turned half round looks the same."""
    fitting = [ROTATIONS[a & 3] for a in state.legal_ids() if a >> 2 == cell]
    return list(by_look(state.tile, fitting))


def hint(state: CarcassonneState) -> str:
    """The candidate cells with the rotations that fit each, in the current language."""
    cells = views.candidate_cells(state)
    fits = ", ".join(
        f"{number} ({'/'.join(map(str, rotations_that_fit(state, cell)))})"
        for number, cell in enumerate(cells, start=1)
    )
    return gettext(
        "Fits: {fits}. Type the cell and its rotation (N R, e.g. 1 {rotation}), "
        "or N alone where one rotation fits."
    ).format(fits=fits, rotation=rotations_that_fit(state, cells[0])[0])
