"""A game's options as OpenSpiel game parameters, and back.

OpenSpiel writes a game as ``name(key=value,...)`` and reads every value back by its
look: ``True``/``False`` as booleans, digits as integers, anything else as text, and the
type must then match the parameter's. So each option gets the type its values read back as:

- ``bool`` options are booleans, ``int`` options integers;
- text options are integers when their default and every choice are digits (an edition
  such as ``"2009"``), text otherwise;
- lists (``tuple`` options) are text with the items joined by ``;`` (commas separate
  parameters), with a trailing ``;`` when the text alone would read as a number or a boolean;
- an unset option (default ``None``) is the text ``none``, or ``UNSET_INT`` for integers.

>>> from tavola.core.options import Option
>>> towers = Option("towers", ("blue", "red"), "order", item_choices=("blue", "red"))
>>> default_parameter(towers)
'blue;red'
>>> option_value(towers, "red;blue")
('red', 'blue')
>>> edition = Option("edition", "2009", "rules", choices=("2009", "1996"))
>>> default_parameter(edition), option_value(edition, 1996)
(2009, '1996')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tavola.core.options import Option, OptionValue

UNSET_TEXT = "none"
UNSET_INT = -(2**31)
ITEM_SEPARATOR = ";"

ParameterValue = bool | int | str


def _reads_as_non_text(text: str) -> bool:
    """Whether OpenSpiel would read ``text`` back as something other than text."""
    stripped = text.strip("+-0123456789.")
    return text == "" or stripped == "" or text.lower() in ("true", "false") or text.endswith(")")


def _is_digits(value: Any) -> bool:
    return isinstance(value, str) and value.isdigit()


def parameter_kind(spec: Option) -> type:
    """The Python type of the parameter standing for the option ``spec``."""
    kind = spec.value_kind
    if kind is bool or kind is int:
        return kind
    if kind is str and spec.default is not None:
        values = [spec.default, *(spec.choices or ())]
        if all(_is_digits(value) for value in values):
            return int
    return str


def to_parameter(spec: Option, value: OptionValue) -> ParameterValue:
    """The parameter value standing for the option value ``value``."""
    kind = parameter_kind(spec)
    if value is None:
        return UNSET_INT if kind is int else UNSET_TEXT
    if kind is bool:
        assert isinstance(value, bool)
        return value
    if kind is int:
        assert isinstance(value, int | str)
        return int(value)
    if isinstance(value, tuple):
        text = ITEM_SEPARATOR.join(value)
        return text + ITEM_SEPARATOR if _reads_as_non_text(text) else text
    return str(value)


def default_parameter(spec: Option) -> ParameterValue:
    return to_parameter(spec, spec.default)


def option_value(spec: Option, parameter: ParameterValue) -> OptionValue:
    """The validated option value a parameter value stands for."""
    if spec.default is None and parameter in (UNSET_TEXT, UNSET_INT):
        return None
    if spec.value_kind is tuple and isinstance(parameter, str):
        items = [item for item in parameter.split(ITEM_SEPARATOR) if item.strip()]
        return spec.parse(items)
    return spec.parse(parameter)


def parameter_specification(specs: Sequence[Option]) -> dict[str, ParameterValue]:
    """Every option's parameter with its default, for ``pyspiel.GameType``."""
    return {spec.name: default_parameter(spec) for spec in specs}


def options_from_parameters(
    specs: Sequence[Option], parameters: dict[str, Any]
) -> dict[str, OptionValue]:
    """The options the parameters stand for (options left at their default are omitted)."""
    options: dict[str, OptionValue] = {}
    for spec in specs:
        if spec.name in parameters:
            value = option_value(spec, parameters[spec.name])
            if value != spec.default:
                options[spec.name] = value
    return options


def canonical_parameters(game_options: dict[str, Any], specs: Sequence[Option]) -> dict[str, Any]:
    """The parameters of a game with options ``game_options``, each written to read back."""
    return {spec.name: to_parameter(spec, game_options[spec.name]) for spec in specs}
