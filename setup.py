"""Builds deckdsl: the game engines, the game interface and the search compiled with mypyc where a C compiler
works, pure Python where it does not — the same source, the same seeded results (`deckdsl --version` says
which build runs).

- `DECKDSL_PURE=1 pip install …` builds the pure package on purpose;
- `DECKDSL_REQUIRE_COMPILED=1` makes a failed compilation fail the install instead of falling back (CI).

A compiled build writes `deckdsl/_compiled.txt`: the mypy version and each compiled module with the hash of
the source it was compiled from.  `deckdsl.build` reads it: a module whose source changed since (a compiled
module would run the old code) makes the whole package run as pure Python until it is built again.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

COMPILED = [
    "deckdsl/games/chance.py",
    "deckdsl/games/interface.py",
    "deckdsl/games/search.py",
    "deckdsl/games/janken_wars/engine/zones.py",
    "deckdsl/games/janken_wars/engine/rules.py",
    "deckdsl/games/janken_wars/engine/players.py",
    "deckdsl/games/janken_wars/engine/effects.py",
    "deckdsl/games/janken_wars/engine/board.py",
    "deckdsl/games/janken_wars/engine/game.py",
    "deckdsl/games/janken_wars/engine/stats.py",
    "deckdsl/games/janken_wars/engine/compiler.py",
    "deckdsl/games/janken_wars/bots.py",
    "deckdsl/games/janken_wars/state.py",
    "deckdsl/games/queens_vs_kings/engine.py",
    "deckdsl/games/embate_dos_guardioes/bluffs.py",
    "deckdsl/games/embate_dos_guardioes/engine.py",
    "deckdsl/games/cooperativo/state.py",
    "deckdsl/games/cooperativo/engine.py",
]
"""The modules mypyc compiles, into one shared library (calls between them are native)."""

GROUP = "deckdsl._engines"
"""The shared library's module (`deckdsl/_engines__mypyc.*.so`): inside the package, not beside it."""

MYPY_OPTIONS = [
    "--ignore-missing-imports",  # the build environment has the build requirements only (no pydantic, lark …)
    "--follow-imports=silent",  # the modules these import are read for their types, not checked
    "--disable-error-code=annotation-unchecked",  # a note, which mypyc would take for an error
]

MANIFEST = "deckdsl/_compiled.txt"


def pure() -> bool:
    return os.environ.get("DECKDSL_PURE", "") not in ("", "0")


def remove_compiled() -> None:
    """Remove from the source tree what a compiled editable install put there (its modules, the manifest)."""
    for path in COMPILED:
        for built in (ROOT / path).parent.glob(Path(path).stem + ".*.so"):
            built.unlink()
    for built in (ROOT / "deckdsl").glob("_engines__mypyc.*.so"):
        built.unlink()
    (ROOT / MANIFEST).unlink(missing_ok=True)


METADATA = {"egg_info", "dist_info", "sdist"}
"""Commands that build nothing (the metadata steps of `pip install`, a source distribution)."""


class _Distribution(Distribution):
    """A distribution with extension modules unless the build is pure: `_BuildExt` makes them, when a
    command builds (mypyc type-checks and writes C, which the metadata steps need not wait for)."""

    def has_ext_modules(self) -> bool:
        return not pure()


class _BuildExt(build_ext):
    """Compile `COMPILED` with mypyc; when no C compiler works, leave the pure package (and say so)."""

    def finalize_options(self) -> None:
        if not pure() and not METADATA.issuperset(self.distribution.commands):
            from mypyc.build import mypycify  # a build requirement (pyproject.toml)

            self.distribution.ext_modules = mypycify(
                [*MYPY_OPTIONS, *COMPILED], opt_level="3", group_name=GROUP,
                target_dir=os.path.join("build", "mypyc"))
        super().finalize_options()

    def run(self) -> None:
        if not self.extensions:
            return
        inplace = self.inplace  # setuptools clears it while it builds, and leaves it so when the build fails
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 — distutils' compiler errors have no common base but Exception
            if os.environ.get("DECKDSL_REQUIRE_COMPILED", "") not in ("", "0"):
                raise
            self.warn(f"deckdsl: the engines were not compiled ({type(error).__name__}: {error}); "
                      "the pure-Python build is installed")
            for output in super().get_outputs():
                Path(output).unlink(missing_ok=True)
            if inplace:
                remove_compiled()
            self.distribution.ext_modules = self.extensions = []
            return
        self._write_manifest()

    def _manifest_path(self) -> Path:
        return ROOT / MANIFEST if self.inplace else Path(self.build_lib, MANIFEST)

    def _write_manifest(self) -> None:
        import mypy.version

        modules = {path.removesuffix(".py").replace("/", "."): hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
                   for path in COMPILED}
        target = self._manifest_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        lines = [f"mypy {mypy.version.__version__}", *(f"{module} {digest}" for module, digest in modules.items())]
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        return [*outputs, str(self._manifest_path())] if self.extensions else outputs


if pure():
    remove_compiled()  # a pure build from a tree an editable install compiled in
setup(distclass=_Distribution, cmdclass={"build_ext": _BuildExt})
