"""Builds tavola's message catalogs (``.po`` -> ``.mo``) as part of every build and install.

Everything else about the package is in pyproject.toml. The compiled catalogs are not
kept in git: a wheel gets them in its build directory, an editable install in place.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogs(source: Path, target: Path) -> list[Path]:
    """Compile every ``locale/*/LC_MESSAGES/*.po`` under ``source`` next to its copy in
    ``target``; the ``.mo`` files written."""
    written = []
    for po_path in sorted(source.glob("**/locale/*/LC_MESSAGES/*.po")):
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file, locale=po_path.parts[-3])
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog)  # fuzzy entries are left out, as msgfmt does
        written.append(mo_path)
    return written


class BuildWithCatalogs(build_py):  # type: ignore[misc]  # setuptools is untyped here
    def run(self) -> None:
        super().run()
        source = Path("src")
        target = source if self.editable_mode else Path(self.build_lib)
        compile_catalogs(source, target)


setup(cmdclass={"build_py": BuildWithCatalogs})
