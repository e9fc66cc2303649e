"""The Jinja2 environment every HTML page of the apps is rendered in, and its helpers.

Autoescaped, with gettext in the language of the moment (the ``web`` catalog: one
environment serves every language), ``fill`` to put fields in a translated text and
``ink_for`` to write on a seat's colour.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BaseLoader, Environment, select_autoescape
from markupsafe import Markup

from tavola.apps.web import CATALOG


def fill(text: str, **fields: Any) -> Markup:
    """A translated text with its ``{name}`` fields filled, escaped unless they are markup
    (a link made in the template).

    >>> str(fill("{a} & {b}", a="<i>", b=Markup("<b>x</b>")))
    '&lt;i&gt; &amp; <b>x</b>'
    """
    return Markup.escape(text).format(**fields)


def ink_for(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#RRGGBB``).

    >>> ink_for("#0072B2"), ink_for("#E69F00")
    ('#fff', '#111')
    """
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return "#111" if luminance > 0.18 else "#fff"


def page_environment(loader: BaseLoader) -> Environment:
    """An environment for the templates ``loader`` finds, with ``fill`` and ``ink_for``."""
    environment = Environment(
        loader=loader,
        autoescape=select_autoescape(["html"], default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        CATALOG.gettext, CATALOG.ngettext, newstyle=False
    )
    environment.globals.update(fill=fill, ink_for=ink_for)
    return environment
