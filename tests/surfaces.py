"""What the tests of the hardened surfaces share (issue 26: themes, CSV, fixes and fmt, results files, Ray, the
language server, symlinks, full disks): the reproducers in tests/crashes/surfaces/ (README.md there says what
each did), a subprocess runner and the "clean" assertion, and what the tests and the fuzzer (fuzz/) both use: the
language server's writer in process, and where a fix's edits fall.  The large reproducers are stored gzipped."""

from __future__ import annotations

import asyncio
import gzip
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SURFACES = ROOT / "tests" / "crashes" / "surfaces"


def reproducer(name: str, into: Path) -> Path:
    """A copy of the reproducer `name` in the folder `into` (unpacked when stored as `name.gz`; a folder
    copied whole), writable, so a test may change it."""
    source = SURFACES / name
    target = into / name
    if source.is_dir():
        shutil.copytree(source, target)
        for path in target.rglob("*"):
            path.chmod(0o755 if path.is_dir() else 0o644)
    elif source.exists():
        shutil.copyfile(source, target)
    else:
        target.write_bytes(gzip.decompress((SURFACES / f"{name}.gz").read_bytes()))
    return target


def deckdsl(*args, cwd: Path | str = ROOT, stdin: str | bytes | None = None, timeout: float = 300,
            env: dict | None = None) -> subprocess.CompletedProcess:
    """`python -m deckdsl ARGS` in `cwd`, as a user runs it; output captured as text (bytes when `stdin` is)."""
    return subprocess.run([sys.executable, "-m", "deckdsl", *map(str, args)], cwd=cwd, capture_output=True,
                          input=stdin, text=not isinstance(stdin, bytes), timeout=timeout, env=env)


def assert_clean(proc: subprocess.CompletedProcess, code: int, *fragments: str) -> str:
    """The run ended with status `code`, without the CLI's catch-all "internal error" nor a traceback, and
    its output holds each of `fragments`.  Returns the output (stdout then stderr)."""
    output = proc.stdout + proc.stderr
    if isinstance(output, bytes):
        output = output.decode("utf-8", errors="replace")
    assert proc.returncode == code, output[-4000:]
    assert "internal error" not in output and "Traceback" not in output, output[-4000:]
    for fragment in fragments:
        assert fragment in output, output[-4000:]
    return output


class Recorder:
    """The language server's writer in process: keeps every message it sends, and wakes whoever waits."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self.arrived = asyncio.Event()

    def write(self, data: bytes) -> None:
        self.messages.append(json.loads(data.partition(b"\r\n\r\n")[2]))
        self.arrived.set()

    def close(self) -> None:
        pass


def places(edits) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where `edits` fall in the text before and in the text after them."""
    before, after, shift = [], [], 0
    for edit in sorted(edits, key=lambda e: e.span.start):
        before.append((edit.span.start, edit.span.end))
        after.append((edit.span.start + shift, edit.span.start + shift + len(edit.text)))
        shift += len(edit.text) - (edit.span.end - edit.span.start)
    return before, after


def cards_apart(result, places: list[tuple[int, int]]) -> list:
    """The cards of a loaded deck that none of `places` (start, end) falls in, without positions: what a fix
    that edits only `places` must leave as it was."""
    from deckdsl.lang.ast import without_spans

    return [(card.name, without_spans(card.model_dump(mode="json"))) for card in result.deck.cards
            if not any(card.span.start <= end and start <= card.span.end for start, end in places)]
