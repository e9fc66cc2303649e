"""Compiles Dudo's message catalogs (``.po`` -> ``.mo``, Babel's ``compile_catalog``) before
the package's files are gathered, whenever it is built or installed; everything else about
the package is in pyproject.toml. The compiled catalogs are not kept in git.
"""

from __future__ import annotations

from babel.messages.setuptools_frontend import compile_catalog
from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):  # type: ignore[misc]  # setuptools is untyped here
    def run(self) -> None:
        self.run_command("compile_catalog")  # beside the .po files: package data from there
        super().run()


setup(
    cmdclass={"build_py": BuildWithCatalogs, "compile_catalog": compile_catalog},
    options={"compile_catalog": {"directory": "src/tavola_dudo/locale", "domain": "dudo"}},
)
