"""Estimates with 95% intervals, and differences called differences only when they are.

Every figure of a report is an ``Estimate``: a value, its 95% interval and the sample
size. Proportions use the Wilson score interval, means Student's t, differences of
proportions Newcombe's hybrid score interval and differences of means Welch's. A
difference *is* one when its interval excludes zero (``verdict``).

>>> share = proportion(80, 100)
>>> f"{share.low:.3f} {share.high:.3f}"
'0.711 0.867'
>>> verdict(difference_of_proportions(proportion(56, 70), proportion(48, 80)))
'higher'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tavola.players.tournament import wilson

Z95 = 1.959963984540054
# Student's t, 97.5% quantile, for 1 to 9 degrees of freedom (beyond: a series in 1/df).
_T95_SMALL = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622)


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval ``[low, high]`` from ``n`` observations."""

    value: float
    low: float
    high: float
    n: int

    def above(self, reference: float) -> bool:
        return self.low > reference

    def below(self, reference: float) -> bool:
        return self.high < reference

    def percent(self, digits: int = 1) -> str:
        """``31.2% (28.1-34.5)``: a proportion with its interval, in percent."""
        return (
            f"{100 * self.value:.{digits}f}% "
            f"({100 * self.low:.{digits}f}\u2013{100 * self.high:.{digits}f})"
        )

    def number(self, digits: int | None = None, signed: bool = False) -> str:
        """``12.3 (11.8 to 12.9)``: a value with its interval, to one decimal, or to as
        many as a narrow interval needs (``digits``: so many).

        >>> Estimate(0.043, 0.031, 0.055, 900).number(signed=True)
        '+0.04 (+0.03 to +0.06)'
        >>> Estimate(0.0436, 0.0431, 0.0438, 900).number()
        '0.044 (0.043 to 0.044)'
        >>> Estimate(0.7, 0.02, 1.4, 900).number()
        '0.70 (0.02 to 1.40)'
        """
        sign = "+" if signed else ""
        if digits is None:
            width = self.high - self.low
            digits = 1 if not width < 0.2 or width == 0 else 2 if width >= 0.02 else 3
            while digits < 3 and any(0 < abs(b) < 0.5 * 10**-digits for b in (self.low, self.high)):
                digits += 1  # a bound that is not zero is not shown as 0.0
        if math.isnan(self.low):
            return f"{self.value:{sign}.{digits}f} (no interval)"
        return (
            f"{self.value:{sign}.{digits}f} "
            f"({self.low:{sign}.{digits}f} to {self.high:{sign}.{digits}f})"
        )


def proportion(successes: float, trials: int) -> Estimate:
    """A share with its Wilson score interval (successes may be fractional: shared wins)."""
    low, high = wilson(successes, trials, Z95)
    return Estimate(successes / trials if trials else math.nan, low, high, trials)


def t_quantile(df: float) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom.

    >>> round(t_quantile(10), 3), round(t_quantile(30), 3)
    (2.228, 2.042)
    """
    if df < 1:
        return math.inf
    if df <= len(_T95_SMALL):
        # Between the tabled degrees of freedom: linear in 1 / df.
        below, above = math.floor(df), math.ceil(df)
        if below == above:
            return _T95_SMALL[below - 1]
        share = (1 / below - 1 / df) / (1 / below - 1 / above)
        return _T95_SMALL[below - 1] + share * (_T95_SMALL[above - 1] - _T95_SMALL[below - 1])
    z = Z95
    # Cornish-Fisher expansion (Abramowitz & Stegun 26.7.5); exact to 3 decimals for df >= 5.
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean(values: Sequence[float]) -> Estimate:
    """The mean with its t interval (no interval, NaN bounds, below two values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    centre = sum(values) / n
    if n < 2:
        return Estimate(centre, math.nan, math.nan, n)
    half = t_quantile(n - 1) * math.sqrt(variance(values) / n)
    return Estimate(centre, centre - half, centre + half, n)


def mean_share(values: Sequence[float]) -> Estimate:
    """The mean of shares (each from 0 to 1), its interval kept within 0 and 1."""
    estimate = mean(values)
    return Estimate(estimate.value, max(0.0, estimate.low), min(1.0, estimate.high), estimate.n)


def variance(values: Sequence[float]) -> float:
    """The sample variance (n - 1 in the denominator)."""
    centre = sum(values) / len(values)
    return sum((value - centre) ** 2 for value in values) / (len(values) - 1)


def difference_of_proportions(a: Estimate, b: Estimate) -> Estimate:
    """``a - b`` of two independent Wilson estimates: Newcombe's hybrid score interval."""
    value = a.value - b.value
    low = value - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = value + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Estimate(value, low, high, min(a.n, b.n))


def difference_of_means(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """``mean(a) - mean(b)`` of two independent samples: Welch's interval."""
    value = sum(a) / len(a) - sum(b) / len(b)
    if len(a) < 2 or len(b) < 2:
        return Estimate(value, math.nan, math.nan, min(len(a), len(b)))
    va, vb = variance(a) / len(a), variance(b) / len(b)
    spread = math.sqrt(va + vb)
    if spread == 0:
        return Estimate(value, value, value, min(len(a), len(b)))
    df = (va + vb) ** 2 / (va**2 / (len(a) - 1) + vb**2 / (len(b) - 1))
    half = t_quantile(df) * spread
    return Estimate(value, value - half, value + half, min(len(a), len(b)))


def verdict(difference: Estimate) -> str:
    """``"higher"`` or ``"lower"`` when the interval excludes 0, else ``"no clear difference"``."""
    if difference.above(0):
        return "higher"
    if difference.below(0):
        return "lower"
    return "no clear difference"


def against(estimate: Estimate, reference: float) -> str:
    """``"above"`` or ``"below"`` a reference when the interval says so, else ``"level"``."""
    if estimate.above(reference):
        return "above"
    if estimate.below(reference):
        return "below"
    return "level"


def quantiles(values: Sequence[float], points: Sequence[float]) -> list[float]:
    """Quantiles by linear interpolation between order statistics (as numpy's default).

    >>> quantiles([1, 2, 3, 4], [0.25, 0.5])
    [1.75, 2.5]
    """
    ordered = sorted(values)
    result = []
    for point in points:
        at = point * (len(ordered) - 1)
        below = math.floor(at)
        above = min(below + 1, len(ordered) - 1)
        result.append(ordered[below] + (ordered[above] - ordered[below]) * (at - below))
    return result
