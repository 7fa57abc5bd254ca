"""Benchmark `deckdsl lsp`: how long an edit takes to come back as diagnostics, over stdio, with a real client.

    .venv/bin/python bench/bench_lsp.py                  # the standard deck and a 10,000-card deck
    .venv/bin/python bench/bench_lsp.py --edits 100 --big-edits 10 --sizes 1000,10000

This prints figures; it is not a test and asserts nothing (each target is shown with PASS or MISS, and the
script exits 0 whatever the figures are).

What is measured: the server (`python -m deckdsl lsp`) runs as an editor runs it, and pygls' client talks
to it over stdin/stdout.  For each deck the client opens it, waits for its first diagnostics, then makes N
edits one at a time — incremental `didChange`s in the middle card, in a cycle of four: its `value:` grows
from one digit to two, shrinks back, a comment line is added after it, and removed; so every edit moves the
blocks after it, by a character or by a line — and times each from
sending the change to receiving the `publishDiagnostics` that carries the new version.  The latency
includes everything an editor waits for: the JSON-RPC transport both ways, the server's debounce
(`deckdsl.editor.lsp.DEBOUNCE`), the parse and the whole check, mapping and serialising the diagnostics.
Next to it: the same text checked in this process (`deckdsl.loads`, median of 3), from scratch and with
a memory of the text before the first edit (what the server does after it); the server's own timings
from its debug log (check, mapping to LSP, serialising and writing); and the size of the published set
(at most `deckdsl.editor.lsp.MAX_PUBLISHED`, and a notice).  The client keeps the published JSON as it
comes, as an editor does: turning 26,573 diagnostics into pygls' objects took it longer than the check.
Then the hover on a card name right after an edit (the server answers from the analysis it just
published).  Targets: median and p95 ≤ 50 ms for the standard deck,
≤ 1 s for the 10,000-card deck.

The 1,000/10,000-card decks are `bench_check.py`'s generated decks (its generator is imported).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from typing import Any

import attrs
from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.protocol import LanguageServerProtocol

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import generate_deck  # noqa: E402 — the generator of bench_check.py, reused

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
TARGETS = {"standard": 0.050, "big": 1.0}
WAIT = 600.0  # seconds: only so that a broken server stops the benchmark instead of hanging it


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


TIMINGS = re.compile(r"published (\S+) version (\d+): \d+ diagnostics; check ([\d.]+) ms, map ([\d.]+) ms, "
                     r"send ([\d.]+) ms")


@attrs.define
class RawNotification:
    """A notification whose params stay the JSON that came (dicts and lists)."""

    method: str
    jsonrpc: str
    params: Any = None


class RawDiagnostics(LanguageServerProtocol):
    """pygls' client protocol, except that `publishDiagnostics` is not turned into attrs objects: an
    editor parses the JSON and shows it, and building 26,573 `Diagnostic` objects with cattrs took the
    client longer than the server took to check the deck."""

    def get_message_type(self, method: str):
        if method == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
            return RawNotification
        return super().get_message_type(method)


class Client(LanguageClient):
    """pygls' client, timing each `publishDiagnostics` and reading the server's own timings from its debug
    log on stderr (check, map, send for each version published)."""

    def __init__(self) -> None:
        super().__init__("bench-lsp", "1", protocol_cls=RawDiagnostics)
        self.waiting: dict[tuple[str, int], asyncio.Future] = {}
        self.sizes: dict[tuple[str, int], int] = {}
        self.server_timings: dict[tuple[str, int], tuple[float, float, float]] = {}
        self.reader: asyncio.Task | None = None

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(ls: Client, params: dict) -> None:
            key = (params["uri"], params.get("version"))
            ls.sizes[key] = len(params["diagnostics"])
            future = ls.waiting.pop(key, None)
            if future is not None and not future.done():
                future.set_result(time.perf_counter())

    async def start_io(self, cmd: str, *args, **kwargs):
        await super().start_io(cmd, *args, **kwargs)
        self.reader = asyncio.create_task(self.read_stderr())

    async def read_stderr(self) -> None:
        while line := await self._server.stderr.readline():
            match = TIMINGS.search(line.decode("utf-8", "replace"))
            if match:
                self.server_timings[(match[1], int(match[2]))] = tuple(float(match[i]) / 1000 for i in (3, 4, 5))

    def expect(self, uri: str, version: int) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.waiting[(uri, version)] = future
        return future


def value_lines(text: str) -> list[tuple[int, int]]:
    """(line, character of the value's first digit) of every `value: N` line with a one-digit N."""
    found = []
    for number, line in enumerate(text.split("\n")):
        stripped = line.strip()
        if stripped.startswith("value: ") and stripped[7:].isdigit() and len(stripped) == 8:
            found.append((number, line.index("value: ") + 7))
    return found


async def measure(client: Client, label: str, path: Path, text: str, edits: int, target: float,
                  each: bool = False) -> None:
    uri = path.as_uri()
    loop_start = time.perf_counter()
    opened = client.expect(uri, 1)
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="deckdsl", version=1, text=text)))
    first = await asyncio.wait_for(opened, WAIT) - loop_start
    places = value_lines(text)
    middle = places[len(places) // 2]
    latencies: list[float] = []
    hovers: list[float] = []
    line, column = middle
    written = text.split("\n")[line][column]
    current = text
    for version in range(2, edits + 2):
        step = (version - 2) % 4
        if step in (0, 1):  # the value grows to two digits, then shrinks back: every later block moves
            new = "12" if step == 0 else written
            where = types.Range(start=types.Position(line=line, character=column),
                                end=types.Position(line=line, character=column + (1 if step == 0 else 2)))
        elif step == 2:  # a comment line after the value: every later block moves a line down
            new = "\n  # tried 12"
            where = types.Range(start=types.Position(line=line, character=column + 1),
                                end=types.Position(line=line, character=column + 1))
        else:  # and it goes again
            new = ""
            where = types.Range(start=types.Position(line=line, character=column + 1),
                                end=types.Position(line=line + 1, character=len("  # tried 12")))
        done = client.expect(uri, version)
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=where, text=new)]))
        latencies.append(await asyncio.wait_for(done, WAIT) - sent)
        started = time.perf_counter()
        await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line - 4, character=8))), WAIT)
        hovers.append(time.perf_counter() - started)
        current = apply_edit(current, where, new)
    in_process = check_in_process(current, str(path))
    grown = apply_edit(text, types.Range(start=types.Position(line=line, character=column),
                                         end=types.Position(line=line, character=column + 1)), "12")
    remembered = check_in_process(grown, str(path), before=text)
    server = [client.server_timings.get((uri, version)) for version in range(2, edits + 2)]
    server = [timing for timing in server if timing is not None]
    median, p95 = statistics.median(latencies), percentile(latencies, 0.95)
    verdict = "PASS" if p95 <= target else "MISS"
    print(f"\n{label}: {len(text):,} characters, {client.sizes[(uri, edits + 1)]:,} diagnostics published")
    print(f"  first diagnostics after didOpen   {ms(first)}")
    print(f"  didChange → publishDiagnostics    median {ms(median)}, p95 {ms(p95)}, min {ms(min(latencies))}, "
          f"max {ms(max(latencies))}  (N = {len(latencies)})   target ≤ {ms(target)}: {verdict}")
    print(f"  deckdsl.loads in this process     {ms(in_process)} from scratch, {ms(remembered)} with the document's "
          "memory after an edit (parse + check, no protocol)")
    if server:
        check, mapping, send = (statistics.median(t[i] for t in server) for i in range(3))
        print(f"  in the server (median)            check {ms(check)}, map to LSP {ms(mapping)}, "
              f"serialise and write {ms(send)}; the rest is the debounce, the transport and the client")
    print(f"  hover right after publishing      median {ms(statistics.median(hovers))}")
    if each:
        for version, latency in enumerate(latencies, start=2):
            timing = client.server_timings.get((uri, version))
            check = "" if timing is None else f"  (check {ms(timing[0])}, map {ms(timing[1])}, send {ms(timing[2])})"
            print(f"    edit {version - 1:3d} ({('grow', 'shrink', 'add a line', 'remove it')[(version - 2) % 4]:>10s})"
                  f"  {ms(latency)}{check}")
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))


def apply_edit(text: str, where: types.Range, new: str) -> str:
    """`text` with the range `where` (ASCII lines: characters are code units) replaced by `new`."""
    starts = [0] + [index + 1 for index, character in enumerate(text) if character == "\n"]
    start = starts[where.start.line] + where.start.character
    end = starts[where.end.line] + where.end.character
    return text[:start] + new + text[end:]


def check_in_process(text: str, path: str, before: str | None = None) -> float:
    """Median of 3 `deckdsl.loads(text)`: from scratch, or (`before` given) with a memory that has just
    read `before` — what the server does after an edit."""
    import deckdsl

    times = []
    for _ in range(3):
        memory = None
        if before is not None:
            memory = deckdsl.Memory()
            deckdsl.loads(before, path, memory=memory)
        gc.collect()
        started = time.perf_counter()
        deckdsl.loads(text, path, memory=memory)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=50, help="edits of the standard deck (default 50)")
    parser.add_argument("--big-edits", type=int, default=5, help="edits of each generated deck (default 5)")
    parser.add_argument("--sizes", default="1000,10000", help="generated decks, comma-separated (default 1000,10000)")
    parser.add_argument("--each", action="store_true", help="print every edit's latency and the server's timings")
    args = parser.parse_args()
    print(f"deckdsl lsp latency — python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"debounce {__import__('deckdsl.editor.lsp', fromlist=['DEBOUNCE']).DEBOUNCE * 1000:.0f} ms")
    client = Client()
    await client.start_io(sys.executable, "-m", "deckdsl", "lsp", "--log-level", "debug")
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), process_id=os.getpid()))
    client.initialized(types.InitializedParams())
    try:
        await measure(client, "standard deck (decks/janken-wars.deck)", STANDARD,
                      STANDARD.read_text(encoding="utf-8"), args.edits, TARGETS["standard"], args.each)
        with tempfile.TemporaryDirectory() as folder:
            for size in (int(s) for s in args.sizes.split(",") if s):
                path = Path(folder) / f"bench-{size}.deck"
                text = generate_deck(size)
                path.write_text(text, encoding="utf-8")
                await measure(client, f"{size:,}-card deck (bench_check.py's generator)", path, text,
                              args.big_edits, TARGETS["big"], args.each)
    finally:
        await client.shutdown_async(None)
        client.exit(None)
        await client.stop()
        if client.reader is not None:
            client.reader.cancel()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
