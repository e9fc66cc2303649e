"""``random.Random``'s draws that games make while dealing, compiled with the engine.

``random.shuffle`` and ``randint`` are written in Python: compiled rules that deal
through them would run their deals interpreted. These give the same results from the
same generator (they draw its bits as ``random.Random`` does, so seeded games deal as
they always did); for a generator of another class they call its own methods.

>>> a, b = random.Random(5), random.Random(5)
>>> cards, same = list(range(20)), list(range(20))
>>> shuffle(a, cards); b.shuffle(same)
>>> cards == same and randint(a, 3, 9) == b.randint(3, 9)
True
>>> randrange(a, 2**32) == b.randrange(2**32)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable


def _below(bits: Callable[[int], int], n: int) -> int:
    """A random int in ``[0, n)`` (``n`` > 0) from a generator's ``getrandbits``, as
    ``Random._randbelow_with_getrandbits``."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def shuffle(rng: random.Random, items: list[int]) -> None:
    """``rng.shuffle(items)``: the same order from the same generator."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits  # bound once: compiled, a Python class's method is found by name
    for i in range(len(items) - 1, 0, -1):
        j = _below(bits, i + 1)
        items[i], items[j] = items[j], items[i]


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same number from the same generator."""
    if type(rng) is not random.Random or n <= 0:
        return rng.randrange(n)  # (an empty range raises as ``randrange`` does)
    return _below(rng.getrandbits, n)


def randint(rng: random.Random, low: int, high: int) -> int:
    """``rng.randint(low, high)``: the same number from the same generator."""
    if type(rng) is not random.Random or high < low:
        return rng.randint(low, high)  # (an empty range raises as ``randint`` does)
    return low + _below(rng.getrandbits, high - low + 1)
