"""Builds tavola's message catalogs (``.po`` -> ``.mo``) and its compiled engine as part
of every build and install.

Everything else about the package is in pyproject.toml. The compiled catalogs are not
kept in git: a wheel gets them in its build directory, an editable install in place.

The engine's modules (``tavola.compiled.SOURCES``) are compiled by mypyc from their ``.py``
files whenever a C compiler is there and ``TAVOLA_PURE`` is not set; otherwise the package
is pure Python. An editable install builds them in place, beside their sources. mypyc
writes a C file per module, compiled on every core at once.
"""

from __future__ import annotations

import os
import runpy
import shlex
import shutil
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_ext import build_ext
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


class BuildExtensions(build_ext):  # type: ignore[misc]  # setuptools is untyped here
    """setuptools' build_ext on every core, dating the in-place copies."""

    def finalize_options(self) -> None:
        super().finalize_options()
        self.parallel: int = self.parallel or usable_cores()  # each module has an extension

    def build_extensions(self) -> None:
        """Build as setuptools does, but compile each extension's C files on every core at once
        (setuptools compiles them one after the other: the engine's are one extension)."""
        if self.compiler.compiler_type == "unix":
            serial_compile = self.compiler.compile

            def compile_in_parallel(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
                with ThreadPoolExecutor(usable_cores()) as pool:  # a gcc process per source
                    built = pool.map(
                        lambda source: serial_compile([source], *args, **kwargs), sources
                    )
                    return [path for paths in built for path in paths]

            self.compiler.compile = compile_in_parallel
        super().build_extensions()

    def copy_extensions_to_source(self) -> None:
        """Copy as setuptools does, then date the copies now: ``tavola.compiled`` runs the
        compiled modules only if they are newer than their sources, and a build that found
        its C code unchanged copies extensions built before the sources were last touched."""
        super().copy_extensions_to_source()
        build_py_command = self.get_finalized_command("build_py")
        for extension in self.extensions:
            Path(self._get_inplace_equivalent(build_py_command, extension)[0]).touch()


def c_compiler() -> str | None:
    """The C compiler extensions are built with (``CC``, else Python's own), if installed."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(shlex.split(command)[0])


def usable_cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def compiled_modules() -> list[Any]:
    """The engine's extension modules, or none: ``TAVOLA_PURE`` set, or no C compiler."""
    settings = runpy.run_path("src/tavola/compiled.py")
    if settings["pure_requested"]() or c_compiler() is None:
        return []
    from mypyc.build import mypycify  # a build requirement, needed here only

    sources = [f"src/{path}" for path in settings["SOURCES"]]
    # The project's mypy settings are for checking; mypyc gets its own (strict, as checked).
    extensions: list[Any] = mypycify(
        ["--config-file=", "--strict", *sources], group_name="tavola", multi_file=True
    )
    return extensions


setup(
    cmdclass={"build_py": BuildWithCatalogs, "build_ext": BuildExtensions},
    ext_modules=compiled_modules(),
)
