"""What a Campanile view shows, in either edition, read the way the tests compare it; and
a scripted turn checked against a reference, the frame of ``decks.play`` and
``decks96.play``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from tavola import Event, State

STYLES = ("beige", "blue", "brown", "yellow", "red")


def play_checked(
    state: State,
    actions: Sequence[str],
    reference_legal: Callable[[State], set[str]],
    check_event: Callable[[State, Event], None],
) -> list[Event]:
    """Apply ``actions`` in order; before each, the legal notations are the reference's
    and hold the action; after it, ``check_event`` sees each event it caused. All the
    events, in order."""
    events: list[Event] = []
    for action in actions:
        seat = state.current_player
        assert seat is not None, f"the game is over; cannot {action!r}"
        legal = set(state.legal_notations())
        assert legal == reference_legal(state), action
        assert action in legal, f"{action!r} is not legal for P{seat}: {sorted(legal)}"
        caused = state.apply(action)
        for event in caused:
            check_event(state, event)
        events += caused
    return events


def awards(event: Event) -> list[tuple[str, int, int]]:
    """A scoring event's chips (or points) as ``(style, seat, value)``, in the order
    handed out."""
    return [
        (tower["style"], seat, value)
        for tower in event.data["towers"]
        for seat, value in tower["awards"]
    ]


def scorings(events: Sequence[Event]) -> list[Event]:
    return [event for event in events if event.kind == "scoring"]


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def tower(state: State, style: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in state.view(None)["towers"] if t["style"] == style)
    return found


def groups(state: State, style: str) -> list[tuple[int, list[int]]]:
    """The marker groups under a tower, from the base: ``(seat, [values in order])``."""
    return [(group["player"], group["markers"]) for group in tower(state, style)["groups"]]


def groups_of(placements: list[tuple[int, int]]) -> list[tuple[int, list[int]]]:
    """The marker groups that ``(seat, value)`` placements make: seats in order of their
    first marker, values sorted."""
    found: dict[int, list[int]] = {}
    for seat, value in placements:
        found.setdefault(seat, []).append(value)
    return [(seat, sorted(values)) for seat, values in found.items()]


def placements_of(view_tower: dict[str, Any]) -> list[tuple[int, int]]:
    """Placements that give a view's tower its groups (group by group, in group order)."""
    return [
        (group["player"], value) for group in view_tower["groups"] for value in group["markers"]
    ]


def height(state: State, style: str) -> int:
    value: int = tower(state, style)["height"]
    return value


def hand(state: State, seat: int) -> Counter[str]:
    """The cards of ``seat``'s hand, as the seat sees them."""
    cards = state.view(seat)["hands"][seat]["cards"]
    assert cards is not None
    return Counter(cards)


def known(state: State, seat: int) -> Counter[str]:
    """The cards of ``seat``'s hand that everybody knows (taken or drawn face up)."""
    return Counter(state.view(None)["hands"][seat]["known"])


def display(state: State) -> Counter[str]:
    return Counter(state.view(None)["display"])


def supply(state: State, seat: int) -> list[int]:
    """A seat's markers in supply: ``[ones, twos, threes]``."""
    markers: list[int] = state.view(None)["supply"][seat]
    return markers


def chip_supply(state: State) -> dict[int, int]:
    return {int(value): count for value, count in state.view(None)["chip_supply"].items()}


def piles(state: State) -> list[tuple[str | None, int]]:
    """Each pile's face-up top and size, piles 1, 2, 3, as a spectator sees them (1996)."""
    return [(pile["top"], pile["size"]) for pile in state.view(None)["piles"]]


def check_sample_hands(
    sample: State, public: dict[str, Any], seen: Counter[str], per_style: int
) -> None:
    """A determinization's hands: the sizes and known cards of the public view ``public``,
    and with the cards ``seen`` elsewhere no style beyond its ``per_style`` cards."""
    cards = Counter(seen)
    for player, shown in enumerate(public["hands"]):
        cards_in_hand = hand(sample, player)
        assert cards_in_hand.total() == shown["size"]
        assert not Counter(shown["known"]) - cards_in_hand
        cards += cards_in_hand
    assert all(cards[style] <= per_style for style in STYLES)


def check_hands_shown(view: dict[str, Any], seat: int | None) -> None:
    """A hand's cards show only to its owner (a spectator sees none), and they hold the
    cards everybody knows the hand holds."""
    for player, shown in enumerate(view["hands"]):
        if player == seat:
            assert shown["cards"] is not None
            assert len(shown["cards"]) == shown["size"]
            assert not Counter(shown["known"]) - Counter(shown["cards"])
        else:
            assert shown["cards"] is None
