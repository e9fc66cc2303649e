"""The compiled deals draw exactly as ``random.Random`` does: seeded games deal as before."""

from __future__ import annotations

import random

import pytest

from tavola.core.randomness import randint, shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 33, 60, 128])
def test_shuffle_and_randint_draw_as_random_does(size: int) -> None:
    for seed in range(40):
        mine, theirs = random.Random(seed), random.Random(seed)
        cards, expected = list(range(size)), list(range(size))
        shuffle(mine, cards)
        theirs.shuffle(expected)
        assert cards == expected
        assert randint(mine, -3, size) == theirs.randint(-3, size)
        assert mine.getstate() == theirs.getstate()


class Loaded(random.Random):
    def random(self) -> float:
        return 0.0


def test_another_generator_class_deals_by_its_own_methods() -> None:
    cards, expected = list(range(10)), list(range(10))
    shuffle(Loaded(1), cards)
    Loaded(1).shuffle(expected)
    assert cards == expected
    assert randint(Loaded(1), 2, 9) == Loaded(1).randint(2, 9)
    with pytest.raises(ValueError, match="empty range"):
        randint(random.Random(1), 5, 4)
