"""``tavola games``: the games, their options, and the plugins that failed to load."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from tavola.apps.terminal_language import _
from tavola.core.registry import broken_plugins, game_classes, game_sources

# No markup: names, paths and specs people type may hold brackets ("game[/1].json").
console = Console(highlight=False, markup=False)


def games_command() -> None:
    sources = game_sources()
    for name, cls in game_classes().items():
        plugin = sources.get(name)
        origin = plugin.describe() if plugin is not None else f"{cls.__module__} (Python)"
        table = Table(
            title=f"{name}: {cls.summary}",
            title_justify="left",
            title_style="bold",
            caption=_("from {origin}").format(origin=origin),
            caption_justify="left",
        )
        # Narrow screens wrap the cells; a word too long for its column folds, never cut.
        table.add_column(_("option"), no_wrap=True)  # a name is typed: shown whole
        table.add_column(_("default"), overflow="fold")
        table.add_column(_("valid values"), overflow="fold")
        table.add_column(_("meaning"), overflow="fold")
        for spec in cls.option_specs:
            default = _("none") if spec.default is None else spec.to_json(spec.default)
            if isinstance(default, list):
                default = ",".join(default)
            table.add_row(spec.name, str(default).lower(), spec.valid_values(), str(spec.help))
        console.print(table)
    for broken in broken_plugins():
        line = _("{name}: a broken game plugin, left out ({origin}): {reason}")
        origin = broken.plugin.describe()
        console.print(line.format(name=broken.plugin.name, origin=origin, reason=broken.reason))
