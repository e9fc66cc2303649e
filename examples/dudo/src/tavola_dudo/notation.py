"""Dudo's notation: a bid is ``<quantity>x<face>`` (``3x5``: three fives), else ``doubt``.

Action ids: a bid of ``q`` dice showing ``f`` is ``(q - 1) * 6 + (f - 1)``; ``doubt`` comes
after every bid the game can hold.

>>> bid_text(bid_id(3, 5)), bid_of(bid_id(3, 5))
('3x5', (3, 5))
>>> read_bid(" 3 X 5 ")
(3, 5)
"""

from __future__ import annotations

import re

DOUBT = "doubt"
BID = re.compile(r"\s*(\d{1,3})\s*[x\u00d7]\s*([1-6])\s*", re.IGNORECASE)  # x or times


def bid_id(quantity: int, face: int) -> int:
    return (quantity - 1) * 6 + (face - 1)


def bid_of(action: int) -> tuple[int, int]:
    """(quantity, face) of a bid's action id."""
    quantity, face = divmod(action, 6)
    return quantity + 1, face + 1


def bid_text(action: int) -> str:
    quantity, face = bid_of(action)
    return f"{quantity}x{face}"


def read_bid(text: str) -> tuple[int, int] | None:
    """(quantity, face) of a bid's notation, or ``None`` if ``text`` is none."""
    found = BID.fullmatch(text)
    return None if found is None else (int(found.group(1)), int(found.group(2)))
