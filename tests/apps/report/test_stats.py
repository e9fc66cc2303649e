"""The intervals and verdicts, against published or independently computed answers."""

from __future__ import annotations

import math

import pytest

from tavola.apps.report.stats import (
    Estimate,
    against,
    difference_of_means,
    difference_of_proportions,
    mean,
    proportion,
    quantiles,
    t_quantile,
    verdict,
)


def close(value: float, expected: float, places: int = 3) -> bool:
    return round(value, places) == round(expected, places)


def test_wilson_interval_of_a_share() -> None:
    share = proportion(80, 100)  # Wilson (1927); Newcombe (1998), table I
    assert share.value == 0.8
    assert close(share.low, 0.7112)
    assert close(share.high, 0.8666)
    assert share.n == 100


def test_wilson_interval_at_the_edges_stays_inside_zero_to_one() -> None:
    none = proportion(0, 20)
    assert none.low == 0
    assert close(none.high, 0.1611)
    every = proportion(20, 20)
    assert close(every.low, 0.8389)
    assert every.high == 1


def test_newcombe_difference_of_two_shares() -> None:
    # Newcombe (1998), example (a): 56/70 - 48/80, method 10: 0.0524 to 0.3339.
    difference = difference_of_proportions(proportion(56, 70), proportion(48, 80))
    assert close(difference.value, 0.2)
    assert close(difference.low, 0.0524)
    assert close(difference.high, 0.3339)
    assert verdict(difference) == "higher"


def test_newcombe_difference_that_the_intervals_cannot_tell() -> None:
    difference = difference_of_proportions(proportion(10, 20), proportion(12, 20))
    assert difference.low < 0 < difference.high
    assert verdict(difference) == "no clear difference"
    assert verdict(difference_of_proportions(proportion(2, 30), proportion(25, 30))) == "lower"


@pytest.mark.parametrize(
    ("df", "quantile"),
    [(1, 12.706), (4, 2.776), (10, 2.228), (30, 2.042), (100, 1.984), (10_000, 1.960)],
)
def test_student_t_quantiles(df: int, quantile: float) -> None:
    assert close(t_quantile(df), quantile)


def test_t_quantile_between_tabled_values_errs_wide() -> None:
    assert t_quantile(2) < t_quantile(1.5) < t_quantile(1)


def test_mean_with_its_t_interval() -> None:
    estimate = mean([1, 2, 3, 4, 5])  # sd 1.5811, se 0.7071, t(4) 2.7764
    assert estimate.value == 3
    assert close(estimate.low, 1.0368)
    assert close(estimate.high, 4.9632)


def test_mean_of_one_value_has_no_interval() -> None:
    estimate = mean([7])
    assert estimate.value == 7
    assert math.isnan(estimate.low)
    assert estimate.number() == "7.0 (no interval)"


def test_welch_difference_of_means() -> None:
    # scipy.stats.ttest_ind(a, b, equal_var=False).confidence_interval(): -0.9058 to 7.5058
    a, b = [3, 5, 6, 9, 12, 4], [1, 2, 2, 3, 8]
    difference = difference_of_means(a, b)
    assert close(difference.value, 3.3)
    assert close(difference.low, -0.9058)
    assert close(difference.high, 7.5058)
    assert verdict(difference) == "no clear difference"


def test_welch_difference_of_constant_samples_is_exact() -> None:
    difference = difference_of_means([5, 5, 5], [3, 3])
    assert (difference.value, difference.low, difference.high) == (2, 2, 2)
    assert verdict(difference) == "higher"


def test_against_a_reference_needs_the_whole_interval() -> None:
    assert against(Estimate(0.3, 0.26, 0.34, 800), 0.25) == "above"
    assert against(Estimate(0.3, 0.2, 0.4, 80), 0.25) == "level"
    assert against(Estimate(0.2, 0.16, 0.24, 800), 0.25) == "below"


def test_texts_give_the_interval() -> None:
    assert proportion(80, 100).percent() == "80.0% (71.1\u201386.7)"
    assert mean([1, 2, 3, 4, 5]).number() == "3.0 (1.0 to 5.0)"
    assert Estimate(-1.5, -2.25, -0.5, 9).number(signed=True) == "-1.5 (-2.2 to -0.5)"


def test_quantiles_interpolate_between_order_statistics() -> None:
    assert quantiles([4, 1, 3, 2], [0.0, 0.25, 0.5, 1.0]) == [1, 1.75, 2.5, 4]
