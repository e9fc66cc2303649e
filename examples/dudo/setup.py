"""Compiles Dudo's message catalogs (``.po`` -> ``.mo``) when the package is built or
installed; everything else about the package is in pyproject.toml.

The compiled catalogs are not kept in git: a wheel gets them in its build directory, an
editable install beside their ``.po`` files.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):  # type: ignore[misc]  # setuptools is untyped here
    def run(self) -> None:
        super().run()
        source = Path("src")
        target = source if self.editable_mode else Path(self.build_lib)
        for po_path in sorted(source.glob("**/locale/*/LC_MESSAGES/*.po")):
            mo_path = target / po_path.relative_to(source).with_suffix(".mo")
            with po_path.open("rb") as po_file:
                catalog = read_po(po_file, locale=po_path.parts[-3])
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            with mo_path.open("wb") as mo_file:
                write_mo(mo_file, catalog)


setup(cmdclass={"build_py": BuildWithCatalogs})
