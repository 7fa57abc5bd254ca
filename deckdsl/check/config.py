"""Which findings a project wants: `[tool.deckdsl]` in a `pyproject.toml`, or a `deckdsl.toml`, found
upward from the deck.  Command-line options override the file.

    [tool.deckdsl]              # in deckdsl.toml: the same keys at the top level
    select = ["DK", "JW"]       # codes or prefixes to report (default: all)
    ignore = ["JW111"]          # codes or prefixes to leave out
    fail-on = "error"           # "error" (default) or "warning": the level that makes `check` exit 1

Syntax errors (DK0xx) cannot be ignored: nothing else can be checked in a block that does not parse.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

FAIL_ON = ("error", "warning", "info")


class ConfigError(Exception):
    """A configuration file or option is malformed (a usage error: exit status 2)."""


@dataclass(frozen=True)
class Config:
    """`select` / `ignore`: code prefixes.  `fail_on`: the lowest severity that fails `check`.  `lang`: the
    language findings are said in (a BCP 47 tag; None: the locale's, `deckdsl.text.speak`).
    `source`: the file it was read from, if any."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fail_on: str = "error"
    lang: str | None = None
    source: Path | None = field(default=None, compare=False)
    _answers: dict[str, bool] = field(default_factory=dict, init=False, compare=False, repr=False)

    def enabled(self, code: str) -> bool:
        """Whether findings with `code` are reported (the longest matching prefix decides).  Asked once
        per finding, tens of thousands of times on a big deck: each code's answer is kept."""
        answer = self._answers.get(code)
        if answer is None:
            answer = self._answers[code] = self._enabled(code)
        return answer

    def _enabled(self, code: str) -> bool:
        if code.startswith("DK0"):
            return True
        selected = max((len(p) for p in self.select if code.startswith(p)), default=-1) if self.select else 0
        ignored = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        return selected >= 0 and selected > ignored  # on a tie (the same prefix in both), ignore wins

    def override(self, select=None, ignore=None, fail_on=None, extend_ignore=()) -> Config:
        return replace(
            self,
            select=tuple(select) if select else self.select,
            ignore=(tuple(ignore) if ignore else self.ignore) + tuple(extend_ignore),
            fail_on=fail_on or self.fail_on,
        )


def _codes(value, key: str, source: Path) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{source}: `{key}` must be a list of codes or prefixes, like [\"JW1\", \"DK105\"]")
    return tuple(v.strip().upper() for v in value)


def from_table(table: dict, source: Path) -> Config:
    """A Config from the `[tool.deckdsl]` table (or a deckdsl.toml) read from `source`."""
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: the deckdsl settings must be a table (`[tool.deckdsl]` with keys under it), "
                          f"not {table!r}")
    known = {"select", "ignore", "fail-on", "lang"}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ConfigError(f"{source}: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    fail_on = table.get("fail-on", "error")
    if fail_on not in FAIL_ON:
        raise ConfigError(f"{source}: `fail-on` must be one of {', '.join(FAIL_ON)}, not {fail_on!r}")
    lang = table.get("lang")
    if lang is not None and not (isinstance(lang, str) and re.fullmatch(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*", lang)):
        raise ConfigError(f"{source}: `lang` must be a language tag like \"pt-BR\", \"en\" or \"ru\", not {lang!r}")
    return Config(
        select=_codes(table.get("select", []), "select", source),
        ignore=_codes(table.get("ignore", []), "ignore", source),
        fail_on=fail_on,
        lang=lang,
        source=source,
    )


def discover(start: Path) -> Config:
    """The configuration that applies to the deck at `start`: the nearest `deckdsl.toml`, or
    `pyproject.toml` with a `[tool.deckdsl]` table, in its folder or above; defaults when there is none."""
    folder = start if start.is_dir() else start.parent
    for candidate in [folder.resolve(), *folder.resolve().parents]:
        own = candidate / "deckdsl.toml"
        if own.is_file():
            return from_table(_read(own), own)
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            tool = _read(pyproject).get("tool", {})
            table = tool.get("deckdsl") if isinstance(tool, dict) else None  # `tool = 5` is not ours to judge
            if table is not None:
                return from_table(table, pyproject)
    return Config()


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:  # TOMLDecodeError, and 4,300-digit numbers
        raise ConfigError(f"{path}: {error}") from error
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise ConfigError(f"{path}: values nested too deeply") from None
