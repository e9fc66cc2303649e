"""The compact form of a socket's states: each state as a patch of the one sent before.

A client that opens its socket with ``&patches=true`` (the browser does) gets its first
state whole, then ``{"type": "patch", "patch": P}`` where ``apply(previous, P)`` is the
state it would have been sent whole. A patch is built from two states the seat was sent,
so it holds nothing the seat's states do not. A patch is JSON:

- ``[0, value]``: the value is replaced by ``value``;
- ``[1, {key: patch}, [deleted keys]]``: an object, its keys not named unchanged;
- ``[2, keep, [items]]``: a list, its first ``keep`` items followed by ``items``;
- ``[3, [op, ...]]``: a long text (a picture) cut before each ``<`` into pieces, rebuilt
  from ``[start, count]`` (that run of the old text's pieces) and strings (new text).

``null`` is the patch of an unchanged value. ``static/patch.js`` applies patches in the
browser, as ``apply`` does here.

>>> old = {"seq": 1, "log": [1], "svg": "<svg><g>a</g><g>b</g></svg>"}
>>> new = {"seq": 2, "log": [1, 2], "svg": "<svg><g>a</g><g>c</g></svg>"}
>>> diff(old, new)
[1, {'seq': [0, 2], 'log': [2, 1, [2]], 'svg': [0, '<svg><g>a</g><g>c</g></svg>']}, []]
>>> apply(old, diff(old, new)) == new
True
"""

from __future__ import annotations

import json
from typing import Any

REPLACE, OBJECT, LIST, TEXT = 0, 1, 2, 3
_encode = json.JSONEncoder(check_circular=False).encode
LONG_TEXT = 512  # shorter texts are sent whole
SHORT_RUN = 16  # a run of old pieces shorter than this many characters is sent as text


def diff(old: Any, new: Any) -> list[Any] | None:
    """The patch that makes ``new`` of ``old`` (``None`` if they are equal as JSON)."""
    if old == new and same_json(old, new):
        return None
    if isinstance(old, dict) and isinstance(new, dict) and keeps_key_order(old, new):
        changed: dict[str, Any] = {}
        for key, value in new.items():
            if key not in old:
                changed[key] = [REPLACE, value]
            elif (patch := diff(old[key], value)) is not None:
                changed[key] = patch
        return [OBJECT, changed, [key for key in old if key not in new]]
    if isinstance(old, list) and isinstance(new, list):
        keep = 0
        for before, after in zip(old, new, strict=False):
            if before != after or not same_json(before, after):
                break
            keep += 1
        return [LIST, keep, new[keep:]] if keep else [REPLACE, new]
    if isinstance(old, str) and isinstance(new, str) and len(new) >= LONG_TEXT:
        ops = text_ops(old, new)
        if sum(len(op) if isinstance(op, str) else 8 for op in ops) < len(new):
            return [TEXT, ops]
    return [REPLACE, new]


def same_json(old: Any, new: Any) -> bool:
    """Whether two values that are ``==`` are the same JSON (Python takes ``True == 1`` and
    ignores the order of a dict's keys; JSON, and the browser, do not). The C encoder
    compares a large unchanged part faster than a walk through it in Python."""
    if type(old) is not type(new):
        return False
    return not isinstance(old, dict | list) or _encode(old) == _encode(new)


def keeps_key_order(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether ``new``'s keys are ``old``'s that remain, in their order, then new keys: the
    order ``apply`` rebuilds (an object's order shows in its JSON and in the browser)."""
    remaining = [key for key in new if key in old]
    return (
        remaining == [key for key in old if key in new] and list(new)[: len(remaining)] == remaining
    )


def text_ops(old: str, new: str) -> list[Any]:
    """``new`` as runs of ``old``'s pieces and new text (``[3, ops]`` above)."""
    pieces = old.split("<")
    first: dict[str, int] = {}
    for index, piece in enumerate(pieces):
        first.setdefault(piece, index)
    wanted = new.split("<")
    ops: list[Any] = []
    fresh: list[str] = []
    after = 0  # the old piece after the last run: a run most often goes on from there
    at = 0
    while at < len(wanted):
        piece = wanted[at]
        start = after if after < len(pieces) and pieces[after] == piece else first.get(piece)
        count = 0
        if start is not None:
            count = 1
            while (
                at + count < len(wanted)
                and start + count < len(pieces)
                and pieces[start + count] == wanted[at + count]
            ):
                count += 1
        if start is None or sum(len(p) + 1 for p in wanted[at : at + count]) < SHORT_RUN:
            fresh.extend(wanted[at : at + max(count, 1)])
            at += max(count, 1)
            continue
        if fresh:
            ops.append("<".join(fresh))
            fresh = []
        ops.append([start, count])
        at += count
        after = start + count
    if fresh:
        ops.append("<".join(fresh))
    return ops


def apply(old: Any, patch: list[Any] | None) -> Any:
    """The value ``patch`` makes of ``old``."""
    if patch is None:
        return old
    kind = patch[0]
    if kind == OBJECT:
        value = {key: item for key, item in old.items() if key not in patch[2]}
        for key, change in patch[1].items():
            value[key] = apply(old.get(key), change)
        return value
    if kind == LIST:
        return old[: patch[1]] + patch[2]
    if kind == TEXT:
        pieces = old.split("<")
        rebuilt: list[str] = []
        for op in patch[1]:
            if isinstance(op, str):
                rebuilt.extend(op.split("<"))
            else:
                rebuilt.extend(pieces[op[0] : op[0] + op[1]])
        return "<".join(rebuilt)
    return patch[1]
