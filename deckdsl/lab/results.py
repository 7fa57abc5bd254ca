"""The results file of a sweep (`deckdsl sweep --results`, and `tune`'s two): JSON lines, the sweep's
description first, then one line per point, appended and synced as each point ends, so that the same
command run again plays only the points the file lacks.

The file is written by runs that may be cut short — a crash, a kill, a full disk — and may be edited or
copied by hand, so it is read as untrusted, a line at a time: a line that is cut short, not UTF-8, not
JSON, nested deeper than any line a sweep writes, longer than any it writes, or whose point or figures are
not what a point makes (`deckdsl.lab.sweep.checked`) is *dropped*: reported once, left out of the file
(rewritten without it), and its point played again.  An empty file (or only whitespace) holds no results.
Only a first line that is not this sweep's description refuses the file: it is another sweep's, and
mixing two would make a table that no run produced.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from ..files import MAX_FILE_BYTES, describe_os_error, write_atomic
from .sweep import Axis, checked

__all__ = ["ResultsError", "Stored", "ResultsFile", "default_path", "description", "read_results", "read_stream",
           "too_deep", "MAX_DEPTH", "MAX_LINE_BYTES"]

MAX_DEPTH = 16
"""The deepest a line's arrays and objects may nest: a sweep writes 4 levels.  Checked before `json.loads`,
whose recursion a line of 200,000 `[` exhausts (RecursionError)."""

MAX_LINE_BYTES = MAX_FILE_BYTES
"""The longest line read: no line of a sweep is longer than the deck it names a card of (decks are limited
to this size), nor than the command line its axes came from.  A longer line is skipped without being
held in memory."""

SHOWN = 3
"""How many dropped lines the warning describes one by one."""

_STRING = re.compile(rb'"[^"\\]*+(?:\\.?[^"\\]*+)*+(?:"|\Z)', re.DOTALL)
"""A JSON string, or an unclosed one to the end of the line: every match from a quote succeeds, so the
strings of a line are skipped in one pass whatever its quotes and backslashes."""
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")


def description(deck_path: str, axes: list[Axis], *, games: int, seed: int, players: tuple[str, str],
                settings: dict[str, str]) -> dict:
    """What makes two sweeps the same sweep: the results file's first line."""
    return {"sweep": 2, "deck": deck_path, "games": games, "seed": seed, "players": list(players),
            "settings": dict(sorted(settings.items())),
            "axes": [{"name": axis.name, "card": axis.card, "field": axis.field, "values": list(axis.values)}
                     for axis in axes]}


def default_path(described: dict, kind: str, folder: Path = Path("out")) -> Path:
    """Where a study's results go when no `--results` is given: named after the deck, the axes and a
    digest of the whole `described` study (games, seed, bots, settings, every axis's values), as
    `out/janken-wars.star_cost+table_size.1f3a9c2e.sweep.jsonl`.  The same command finds its own file
    again (and resumes); a study that differs in anything gets another file, never another study's."""
    digest = hashlib.sha256(json.dumps(described, sort_keys=True, ensure_ascii=True).encode()).hexdigest()[:8]
    axes = "+".join(_file_word(axis["name"]) for axis in described["axes"]) or "no-axes"
    if len(axes) > _LONGEST_AXES:
        axes = axes[:_LONGEST_AXES].rstrip("+-")
    return folder / f"{_file_word(Path(described['deck']).stem)}.{axes}.{digest}.{kind}.jsonl"


_LONGEST_AXES = 80
"""Axes named past this many characters are cut (the digest still tells the studies apart)."""


def _file_word(text: str) -> str:
    """`text` as a file-name word: letters (accents kept), digits, `_` and `-`; anything else is `-`."""
    return re.sub(r"[^\w-]+", "-", text, flags=re.UNICODE).strip("-") or "-"


class ResultsError(Exception):
    """A results file that belongs to another sweep, or cannot be read or written."""


@dataclass
class Stored:
    """What a results file holds: the points played (point → figures, in the file's order), the lines
    dropped (line number, why), whether the file holds no description yet (`fresh`: missing, empty or
    only whitespace), and whether its last line lacks its newline (`open_end`)."""

    done: dict[tuple, dict] = field(default_factory=dict)
    dropped: list[tuple[int, str]] = field(default_factory=list)
    fresh: bool = True
    open_end: bool = False

    def warning(self, path: Path) -> str | None:
        """The one warning for the dropped lines (None when none was): how many, and the first few with
        their line numbers and reasons."""
        if not self.dropped:
            return None
        count = len(self.dropped)
        shown = "; ".join(f"line {number}: {why}" for number, why in self.dropped[:SHOWN])
        more = f"; and {count - SHOWN} more" if count > SHOWN else ""
        lines, were, it = ("line", "was", "it") if count == 1 else ("lines", "were", "they")
        return (f"{path}: dropped {count} {lines} that {were} cut short or invalid ({shown}{more}); "
                f"any point {it} held is played again")


def read_results(path: Path, described: dict) -> Stored:
    """What the results file at `path` holds for the sweep `described` (nothing when it does not exist).
    Every refusal is a `ResultsError`: a file that is not a regular file, cannot be read, or whose first
    line is not `described`.  Any other line that is not a point of this sweep with its figures is dropped
    (`Stored.dropped`), whatever its bytes."""
    try:
        if not path.exists():
            return Stored()
        if not stat.S_ISREG(path.stat().st_mode):
            raise ResultsError(f"{path} is not a regular file: give a file for --results")
        with open(path, "rb") as handle:
            return read_stream(handle, path, described)
    except OSError as error:
        raise ResultsError(f"cannot read {path}: {error.strerror or error}") from error


def read_stream(handle: BinaryIO, path: Path, described: dict) -> Stored:
    """`read_results` on an open binary stream (`path` names it in messages): what a fuzzer drives.  It
    raises `ResultsError` only for a first line that is not `described`, and `OSError` only from the
    stream; whatever the bytes, any other line is kept or dropped."""
    stored = Stored()
    values = [frozenset(axis["values"]) for axis in described["axes"]]
    number = 0
    while True:
        line, whole = _line(handle)
        if not line:
            return stored
        number += 1
        stored.open_end = not line.endswith(b"\n")
        if not line.strip():
            continue
        entry, why = _parsed(line, whole)
        if stored.fresh:
            _check_head(entry, path, described)
            stored.fresh = False
            continue
        if why is None:
            why = _point(entry, values, stored.done)
        if why is not None:
            stored.dropped.append((number, why))


def _line(handle) -> tuple[bytes, bool]:
    """The next line (with its newline, b"" at the end of the file), and whether it is whole: a line past
    `MAX_LINE_BYTES` is read on to its end in pieces of that size and returned cut."""
    line = handle.readline(MAX_LINE_BYTES + 1)
    if len(line) <= MAX_LINE_BYTES or line.endswith(b"\n"):
        return line, True
    rest = line
    while rest and not rest.endswith(b"\n"):
        rest = handle.readline(MAX_LINE_BYTES)
    return line[:MAX_LINE_BYTES] + (b"\n" if rest.endswith(b"\n") else b""), False


def _parsed(line: bytes, whole: bool) -> tuple[object, str | None]:
    """The line's JSON value, or None and why it has none."""
    if not whole:
        return None, f"longer than {MAX_LINE_BYTES:,} bytes"
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, f"not UTF-8 (byte 0x{line[error.start]:02x} at column {error.start + 1})"
    if too_deep(line):
        return None, f"nested deeper than {MAX_DEPTH} levels"
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        return None, f"not JSON ({error.msg} at column {error.colno})"
    except ValueError:  # Python reads no integer of more than 4,300 digits
        return None, "a number of more than 4,300 digits"


def too_deep(line: bytes) -> bool:
    """Whether the arrays and objects of `line` (its strings skipped) nest deeper than `MAX_DEPTH`: a
    count over its brackets only, stopped at the first level too deep."""
    depth = 0
    for bracket in _NOT_BRACKET.sub(b"", _STRING.sub(b"", line)):
        depth += 1 if bracket in b"[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def _check_head(entry: object, path: Path, described: dict) -> None:
    if not isinstance(entry, dict) or "sweep" not in entry:
        raise ResultsError(f"{path} is not a sweep's results file (its first line is not a sweep's description): "
                           "give another --results file, or delete this one")
    if entry != described:
        raise ResultsError(f"{path} holds the results of another sweep (deck, seed, games, bots or axes differ): "
                           "give another --results file, or delete this one")


def _point(entry: object, values: list[frozenset], done: dict[tuple, dict]) -> str | None:
    """Store the point of `entry` in `done`, or say why it is not one of this sweep's points with its
    figures."""
    if not isinstance(entry, dict) or not isinstance(entry.get("point"), list):
        return "not a point's line"
    point = entry["point"]
    if len(point) != len(values) or not all(
        isinstance(value, int | str) and not isinstance(value, bool) and value in axis
        for value, axis in zip(point, values, strict=True)
    ):
        return "a point off the sweep's axes"
    figures = checked(entry.get("figures"))
    if figures is None:
        return "figures missing, null, not numbers or out of range"
    done[tuple(point)] = figures
    return None


def _line_of(point: tuple, figures: dict) -> bytes:
    return (json.dumps({"point": list(point), "figures": figures}, ensure_ascii=False) + "\n").encode("utf-8")


class ResultsFile:
    """Appends one JSON line per point to the results file, synced as each point ends.

    A fresh file gets its description line atomically (`write_atomic`): a start that fails — a full disk —
    leaves no file, or the empty one it found, never one that refuses the next run.  A file with dropped
    lines is rewritten without them the same way, so they are reported once.  A point that cannot be
    appended is cut off again (the file ends at its last whole line) and raises `ResultsError`: the points
    already stored stay, and the same command resumes from them."""

    def __init__(self, path: Path, described: dict, stored: Stored) -> None:
        self.path = path
        try:
            if stored.fresh or stored.dropped:
                head = (json.dumps(described, ensure_ascii=False) + "\n").encode("utf-8")
                write_atomic(path, head + b"".join(_line_of(point, figures) for point, figures in stored.done.items()))
            self.handle = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as error:
            raise ResultsError(describe_os_error(error) if error.filename else
                               f"cannot write {path}: {error.strerror or error}") from error
        if stored.open_end and not (stored.fresh or stored.dropped):
            self._append(b"\n")  # close a whole last line that lacked its newline

    def add(self, point: tuple, figures: dict) -> None:
        self._append(_line_of(point, figures))

    def _append(self, data: bytes) -> None:
        start = None
        try:
            start = os.fstat(self.handle).st_size
            view = memoryview(data)
            while view:
                view = view[os.write(self.handle, view):]
            os.fsync(self.handle)
        except OSError as error:
            if start is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(self.handle, start)
            raise ResultsError(f"cannot add to {self.path} ({error.strerror or error}); the points already "
                               "stored in it are kept: run the same command again to resume") from error

    def close(self) -> None:
        os.close(self.handle)
