"""Typed, validated game options.

Options are given as ``name=value`` everywhere: as Python keyword arguments, on the
command line and in records. Text values are parsed, so ``"true"`` and ``True`` mean
the same thing.

>>> players = Option("players", 4, "number of players", choices=(2, 3, 4, 5))
>>> players.parse("3")
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tavola.core.checks import shown
from tavola.core.errors import InvalidOption
from tavola.core.i18n import Text

OptionValue = bool | int | str | tuple[str, ...] | None

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, help text and valid values.

    The kind is that of the default, or ``kind`` when the default is ``None``:
    ``bool``, ``int``, ``str`` or ``tuple`` (a list of names, given as text separated
    by commas). ``choices`` lists the valid values of a scalar; ``item_choices`` the
    valid items of a list. A ``secret`` option (a stacked deck) is left out of views.
    ``label`` names the option for people (a form's label, translated; by default the
    name with spaces; its first letter a capital either way), and ``value_labels`` names
    its choices or items where their names are not words for people.

    ``order``: the value is an order of every item of ``item_choices``, each once (the
    form offers a list to reorder, never a choice of items). ``applies_when`` says when
    the option applies: each named option must have one of the values listed; otherwise
    the option keeps its default (a form hides it, and ``check_applicable`` refuses any
    other value).
    """

    name: str
    default: OptionValue
    help: Text  # shown with str(), in the language of the moment
    choices: tuple[Any, ...] | None = None
    item_choices: tuple[str, ...] | None = None
    kind: type | None = None
    secret: bool = False  # hidden from views (e.g. a stacked deck)
    label: Text | None = None
    value_labels: Mapping[str, Text] | None = field(default=None, hash=False)  # by value
    order: bool = False
    applies_when: Mapping[str, tuple[Any, ...]] | None = field(default=None, hash=False)

    def shown_label(self) -> str:
        """The label in the language of the moment, its first letter a capital.

        >>> Option("move_markers", False, "help").shown_label()
        'Move markers'
        """
        label = self.name.replace("_", " ") if self.label is None else str(self.label)
        return label[:1].upper() + label[1:]

    def shown_values(self) -> dict[str, str]:
        """Each choice's or item's label in the language of the moment, by its text."""
        values = self.choices if self.choices is not None else self.item_choices or ()
        labels = self.value_labels or {}
        return {
            text: str(labels.get(text, text))
            for text in (str(v).lower() if isinstance(v, bool) else str(v) for v in values)
        }

    def applies(self, values: Mapping[str, OptionValue]) -> bool:
        """Whether this option applies with the other options' ``values``.

        >>> markers = Option("markers", False, "help", applies_when={"players": (2,)})
        >>> markers.applies({"players": 2}), markers.applies({"players": 3})
        (True, False)
        """
        conditions = self.applies_when or {}
        return all(values.get(name) in wanted for name, wanted in conditions.items())

    @property
    def value_kind(self) -> type:
        return self.kind or type(self.default)

    def valid_values(self) -> str:
        """A short description of what this option accepts."""
        if self.choices is not None:
            return ", ".join(
                str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices
            )
        kind = self.value_kind
        if kind is bool:
            return "true, false"
        if kind is tuple:
            items = ", ".join(self.item_choices or ())
            if self.order:
                return f"a comma-separated list of each of {items} once, in any order"
            return f"a comma-separated list of: {items}" if items else "a comma-separated list"
        return kind.__name__

    def parse(self, value: Any) -> OptionValue:
        """The validated value of this option, from a Python value or from text."""
        kind = self.value_kind
        if value is None and self.default is None:
            return None
        parsed: OptionValue
        try:
            parsed = self._convert(value, kind)
        except (TypeError, ValueError):
            raise self._bad(value) from None
        if self.choices is not None and parsed not in self.choices:
            raise self._bad(value)
        if isinstance(parsed, tuple) and self.item_choices is not None:
            for item in parsed:
                if item not in self.item_choices:
                    valid = ", ".join(self.item_choices)
                    raise InvalidOption(f"option {self.name}: {shown(item)} is not one of {valid}")
            if self.order and sorted(parsed) != sorted(self.item_choices):
                raise self._bad(value)
        return parsed

    @staticmethod
    def _convert(value: Any, kind: type) -> OptionValue:
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise ValueError(value)
        if kind is int:
            if isinstance(value, bool):
                raise ValueError(value)
            if isinstance(value, int):
                return value
            if isinstance(value, str):
                return int(value.strip())
            raise ValueError(value)
        if kind is str:
            if isinstance(value, bool):
                raise ValueError(value)
            if isinstance(value, str | int):
                return str(value).strip()
            raise ValueError(value)
        if kind is tuple:
            if isinstance(value, str):
                items = [v.strip().lower() for v in value.split(",")]
            elif isinstance(value, Sequence):
                items = [str(v).strip().lower() for v in value]
            else:
                raise ValueError(value)
            return tuple(item for item in items if item)
        raise TypeError(kind)

    def _bad(self, value: Any) -> InvalidOption:
        return InvalidOption(
            f"option {self.name}: {shown(value)} is not valid; valid values: {self.valid_values()}"
        )

    def to_json(self, value: OptionValue) -> Any:
        """The value as it is written in records (lists as JSON lists)."""
        return list(value) if isinstance(value, tuple) else value


def resolve_options(specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, OptionValue]:
    """Every option of ``specs`` with its validated value, defaults filled in.

    An unknown name raises ``InvalidOption`` listing the valid ones.
    """
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(sorted(known))
        raise InvalidOption(f"unknown option {shown(unknown[0])}; valid options: {names}")
    return {
        spec.name: spec.parse(given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }


def check_applicable(specs: Sequence[Option], values: Mapping[str, OptionValue]) -> None:
    """Refuse an option given a value other than its default where it does not apply.

    >>> specs = (Option("players", 2, "seats"), Option("markers", False, "help",
    ...     applies_when={"players": (2,)}))
    >>> check_applicable(specs, {"players": 3, "markers": True})
    Traceback (most recent call last):
    tavola.core.errors.InvalidOption: option markers applies only with players=2 (here players=3)
    """
    for spec in specs:
        if values[spec.name] == spec.default or spec.applies(values):
            continue
        conditions = spec.applies_when or {}
        wanted = " and ".join(
            f"{name}={' or '.join(map(str, choices))}" for name, choices in conditions.items()
        )
        here = ", ".join(f"{name}={values.get(name)}" for name in conditions)
        raise InvalidOption(f"option {spec.name} applies only with {wanted} (here {here})")


def parse_assignments(texts: Sequence[str]) -> dict[str, str]:
    """Read ``name=value`` texts, as given on the command line, into a dict."""
    options: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise InvalidOption(f"{shown(text)}: options are written name=value")
        options[name.strip()] = value.strip()
    return options
