"""The terminal app's language: its catalog, the ``--lang`` option, translated help.

The language is ``--lang`` (on ``tavola`` or on any of its commands), else
``TAVOLA_LANG``, else the system locale, else English (``i18n.from_environment``). It is
set for the whole context with ``i18n.set_language``, so the engine's events, tables,
refusals and boards come out in it too. Texts of this module and the other terminal
modules belong to the gettext domain ``terminal`` (``tools/messages.py``).

Command-line help is built by typer when the program starts, in English; help marked
with ``N_`` is translated when it is shown (``translate_help``), once the language is
known.
"""

from __future__ import annotations

from typing import Any

import typer

from tavola.core.i18n import LANGUAGES, LOCALE_DIR, N_, Catalog, set_language

CATALOG = Catalog("terminal", LOCALE_DIR)
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
lazy = CATALOG.lazy


def choose_language(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> None:
    """The ``--lang`` option's callback: set the language, or refuse an unknown one."""
    if value is None:
        return
    lang = value.strip().lower()
    if lang not in LANGUAGES:
        raise typer.BadParameter(
            _("unknown language {lang}; the languages are: {languages}").format(
                lang=repr(value), languages=", ".join(LANGUAGES)
            )
        )
    set_language(lang)


LangOpt = typer.Option(
    "--lang",
    metavar="LANG",
    callback=choose_language,
    is_eager=True,  # before --help, so that the help is in the language asked for
    expose_value=False,
    show_default=False,
    help=N_(
        "Language of what is shown: en, it, de or fr (default: $TAVOLA_LANG, else the "
        "system's language, else English)."
    ),
)

# typer's own words around the help, as its rich formatter names them
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
}
CLICK_HELP = N_("Show this message and exit.")  # the --help option's own help


def translate_help(command: Any, ctx: Any = None) -> None:
    """Put ``command``'s help texts (and its options') in the current language, from the
    English ones it was built with; texts not in the catalog stay as they are."""
    english: dict[str, Any] = command.__dict__.setdefault(
        "_tavola_english", {"help": command.help, "short_help": command.short_help}
    )
    for key, text in english.items():
        setattr(command, key, _(text) if text else text)
    params = command.get_params(ctx) if ctx is not None else command.params
    for param in params:
        original = param.__dict__.setdefault("_tavola_english", getattr(param, "help", None))
        if original:
            setattr(param, "help", _(original))  # noqa: B010  (an Option's, not an Argument's)
    try:
        from typer import rich_utils
    except ImportError:  # typer without rich: its own words stay English
        return
    for name, text in TYPER_WORDS.items():
        if hasattr(rich_utils, name):
            setattr(rich_utils, name, _(text))
