"""`deckdsl lsp`: the language server for `*.deck` and `*.game` files, over stdio (pygls).

What it does is in `lsp_features` and `lsp_assist` (pure functions over one analysed text), and the
connection — messages read with bounds, an answer to every request, the lifecycle — is `lsp_stdio`'s;
this module owns the handlers and the timing:

* **One worker thread runs all of deckdsl.**  The parser keeps module state (the Lark builder, the
  span line cache), so two analyses at once would corrupt each other.  Handlers stay on the event loop
  and await the worker, which keeps the server answering while a 10,000-card deck is being checked.
* **Diagnostics: latest text wins.**  `didOpen` and `didSave` analyse at once; `didChange` waits until
  no change has come for `DEBOUNCE` seconds (a trailing debounce: a burst of edits — a paste, a
  multi-cursor edit, fast typing — becomes one analysis of the last text).  An analysis that finishes
  after the document changed again is dropped, never published: the next one is already due.  A
  published set always carries the version it describes.
* **Requests read the current text.**  Hover, completion, definition, rename … use the last analysis
  when it is of the current version, else parse the current text (parse only: no checks) first, so a
  position never lands in a stale tree.
* **stdout is the protocol's alone**: the server writes to the original stdout, and `sys.stdout` is
  pointed at stderr while it runs, so a stray `print` anywhere cannot corrupt a message.  Logs go to
  stderr.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.uris import to_fs_path

from .. import __version__
from ..check.report import localized
from ..lang.reuse import Memory
from . import lsp_assist as assist
from . import lsp_features as features
from . import lsp_stdio as stdio
from .lsp_features import Snapshot, analyse, kind_of, lsp_diagnostic

log = logging.getLogger("deckdsl.lsp")

DEBOUNCE = 0.015
"""Seconds without a change before a changed document is analysed.  Short, because the standard deck is
checked in about 10 ms: typing is answered at once, and only edits that come together are merged."""


@dataclass
class _Schedule:
    """The analysis of one document: `dirty` when its text changed since the last analysis started,
    `last_change` (loop time), `delay` (the debounce of the latest request), `task` (the loop running)."""

    dirty: bool = False
    last_change: float = 0.0
    delay: float = 0.0
    task: asyncio.Task | None = None


class DeckServer(stdio.StdioServer):
    """The deckdsl language server: open documents' analyses (`checked`: with the checks, the one its
    diagnostics came from; `parsed`: parse only, for positions), their schedules, and their memories (what
    one analysis keeps for the next, so an edit costs what it changed: `deckdsl.lang.reuse`)."""

    def __init__(self) -> None:
        super().__init__("deckdsl", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deckdsl-analysis")
        self.checked: dict[str, Snapshot] = {}
        self.parsed: dict[str, Snapshot] = {}
        self.schedules: dict[str, _Schedule] = {}
        self.memories: dict[str, Memory] = {}
        self.analyses = 0
        """Analyses since the last full collection of the heap (`_collect_all`)."""
        self.locale: str | None = None
        """The client's user interface language (`initialize`'s `locale`): findings are said in it, unless the
        deck's configuration names one (`lsp_features.language`)."""
        self._collection: asyncio.TimerHandle | None = None

    @property
    def encoding(self) -> str:
        """The position encoding agreed at `initialize` (`utf-16` unless the client prefers another)."""
        encoding = self.workspace.position_encoding
        return str(getattr(encoding, "value", encoding) or features.UTF16)

    async def run(self, function, *args):
        """Run `function(*args)` on the deckdsl worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, function, *args)

    def _analysed(self) -> None:
        """Count an analysis, and once `COLLECT_AFTER` have run, have the heap collected in full when no
        change has come for `COLLECT_IDLE` seconds (a change puts it off again)."""
        self.analyses += 1
        if self.analyses < COLLECT_AFTER:
            return
        if self._collection is not None:
            self._collection.cancel()
        self._collection = asyncio.get_running_loop().call_later(
            COLLECT_IDLE, lambda: asyncio.ensure_future(self._collect()))

    async def _collect(self) -> None:
        self._collection = None
        self.analyses = 0
        started = time.perf_counter()
        await self.run(_collect_all)
        log.debug("collected the heap in %.1f ms", (time.perf_counter() - started) * 1000)

    # ------------------------------------------------------------------------ diagnostics ---

    def changed(self, uri: str, delay: float) -> None:
        """The text of `uri` changed (or was saved, or opened): analyse it after `delay` seconds of quiet."""
        schedule = self.schedules.setdefault(uri, _Schedule())
        if self._collection is not None:
            self._collection.cancel()
            self._collection = None
        schedule.dirty, schedule.delay = True, delay
        schedule.last_change = asyncio.get_running_loop().time()
        if schedule.task is None or schedule.task.done():
            schedule.task = asyncio.ensure_future(self._analyse(uri, schedule))

    async def _analyse(self, uri: str, schedule: _Schedule) -> None:
        loop = asyncio.get_running_loop()
        while schedule.dirty:
            while (wait := schedule.last_change + schedule.delay - loop.time()) > 0:
                await asyncio.sleep(wait)
            schedule.dirty = False
            document = self.document(uri)
            if document is None:
                return
            version, text = document.version, document.source
            log.debug("analysing %s version %s", uri, version)
            memory = self.memories.setdefault(uri, Memory())
            try:
                snapshot = await self.run(_analysis, uri, version, text, document.language_id, True, self.encoding,
                                          memory, self.open_profiles(), self.locale)
            except Exception as error:  # noqa: BLE001 — a bug in a check must not stop the server
                stdio.log_failure(f"analysing {uri} (version {version})", error)
                continue
            finally:
                self._analysed()
            current = self.document(uri)
            if schedule.dirty or current is None or current.version != version:
                log.debug("dropped the analysis of %s version %s: the document changed meanwhile", uri, version)
                continue
            replaced = (self.checked.get(uri), self.parsed.get(uri))  # freed once the diagnostics are out:
            self.checked[uri] = self.parsed[uri] = snapshot  # freeing a big deck's last tree takes tens of ms
            sending = time.perf_counter()
            with _paused_gc():
                self.publish(uri, version, snapshot.published)
            log.debug("published %s version %s: %d diagnostics; check %.1f ms, map %.1f ms, send %.1f ms", uri,
                      version, len(snapshot.published), snapshot.timings[0] * 1000, snapshot.timings[1] * 1000,
                      (time.perf_counter() - sending) * 1000)
            del replaced

    def open_profiles(self) -> dict[str, str]:
        """The text of every game profile open in the editor, by path: decks are checked against these
        buffers, saved or not (`deckdsl.profiles.profile.unsaved`)."""
        return {path: document.source for document in list(self.workspace.text_documents.values())
                if kind_of(document.uri, document.language_id) == "game" and (path := _local_path(document.uri))}

    def publish(self, uri: str, version: int | None, diagnostics: list[dict]) -> None:
        """Send `textDocument/publishDiagnostics` with diagnostics already in JSON form: 26,573 of them
        took 0.8 s through pygls' attrs objects and cattrs, 0.1 s as plain dicts."""
        params: dict = {"uri": uri, "diagnostics": diagnostics}
        if version is not None:
            params["version"] = version
        self.protocol._send_data({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
                                  "params": params})

    async def snapshot(self, uri: str, checked: bool = False) -> Snapshot | None:
        """The analysis of the current text of `uri` (`checked`: with the checks, for the fixes)."""
        document = self.document(uri)
        if document is None:
            return None
        for cached in ((self.checked.get(uri),) if checked else (self.checked.get(uri), self.parsed.get(uri))):
            if cached is not None and cached.version == document.version and cached.text == document.source:
                return cached
        version, text = document.version, document.source
        snapshot = await self.run(_analysis, uri, version, text, document.language_id, checked, self.encoding,
                                  self.memories.setdefault(uri, Memory()), self.open_profiles(), self.locale)
        self._analysed()
        (self.checked if checked else self.parsed)[uri] = snapshot
        return snapshot

    async def position(self, uri: str, position: types.Position) -> tuple[Snapshot, int] | tuple[None, None]:
        snapshot = await self.snapshot(uri)
        if snapshot is None:
            return None, None
        return snapshot, snapshot.index.offset(position, self.encoding)


def _analysis(uri: str, version: int | None, text: str, language_id: str | None, check: bool, encoding: str,
              memory: Memory | None = None, profiles: dict[str, str] | None = None, locale: str | None = None):
    """On the worker: analyse the text (a deck against the profiles open in the editor, `profiles`) and map
    its diagnostics (`snapshot.published`), said in the deck's configured language or the client's
    `locale`."""
    from ..profiles.profile import unsaved

    path = _local_path(uri)
    with _paused_gc(freeze=True), unsaved(profiles or {}):
        started = time.perf_counter()
        snapshot = analyse(uri, version, text, path, kind_of(uri, language_id), check, memory)
        mapping = time.perf_counter()
        pages: dict = {}
        shown, hidden = chosen(snapshot.diagnostics)
        translate = features.translator(path, locale) if shown else None
        snapshot.published = [lsp_diagnostic(localized(found, translate) if translate else found, snapshot, encoding,
                                             pages) for found in shown]
        if hidden:
            snapshot.published.append(_more(hidden, path or uri))
        snapshot.timings = (mapping - started, time.perf_counter() - mapping)
    return snapshot


def _local_path(uri: str) -> str | None:
    """The file a `file:` URI names; None for another scheme, and for a name the system cannot look up (a
    NUL, a lone surrogate its encoding cannot write — JSON's `"\\ud800"` —, a name too long, a folder the
    server may not enter): such a document is checked as an unsaved buffer is, since looking for its
    profile and `deckdsl.toml` next to it would fail.  A file that is not there is one not saved yet."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return path
    except (OSError, ValueError):
        return None
    return path


MAX_PUBLISHED = 1000
"""The most diagnostics published for one document, errors first; a notice on the first line counts the
others.  Like `deckdsl check`, which prints 500 per file: an editor's list of 26,573 findings helps no one,
and sending them took longer than checking the deck (20 MB of JSON after every keystroke)."""


def chosen(diagnostics: list) -> tuple[list, int]:
    """The diagnostics to publish (at most `MAX_PUBLISHED`: every error first, then the others in file
    order; shown in file order) and how many are left out."""
    if len(diagnostics) <= MAX_PUBLISHED:
        return diagnostics, 0
    errors = [d for d in diagnostics if d.severity.value == "error"][:MAX_PUBLISHED]
    others = [d for d in diagnostics if d.severity.value != "error"][: MAX_PUBLISHED - len(errors)]
    shown = sorted([*errors, *others], key=lambda d: d.sort_key())
    return shown, len(diagnostics) - len(shown)


def _more(hidden: int, where: str) -> dict:
    """The notice that says how many findings were not published."""
    return {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
            "severity": types.DiagnosticSeverity.Information.value, "source": "deckdsl",
            "message": f"{hidden:,} more findings are not shown: the editor gets {MAX_PUBLISHED:,} per file, errors "
                       f"first\nhelp: run `deckdsl check {Path(where).name}` to see them all"}


@contextmanager
def _paused_gc(freeze: bool = False):
    """Pause the cyclic garbage collector while diagnostics are built and sent, as `deckdsl.loads` does
    while it checks: they allocate many objects and free few, and the collections that triggers traverse
    the whole AST (26,573 diagnostics of a 10,000-card deck mapped in 2.7 s instead of 1.0 s).  The switch
    is process-wide, so the worker and the event loop can turn it back on under each other's feet: that
    costs speed only, never correctness.

    `freeze`: afterwards, move every object the collector tracks to its permanent generation
    (`gc.freeze`), which it never traverses.  An analysis leaves hundreds of thousands of young objects
    (the new tree, the moved blocks, the findings), and the first collection once the collector is back
    on traversed them all — 150–180 ms on a 10,000-card deck, on every edit, before the diagnostics went
    out — and promoted them toward a full collection of the whole heap (700 ms).  Objects freed later are
    still freed by their reference counts; only garbage in reference cycles waits, for `_collect_all`
    (an analysis leaves some thirty such objects, whatever the deck's size)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if enabled:
            gc.enable()


def _collect_all() -> None:
    """A full collection of the whole heap, the frozen objects included, then frozen again: the cyclic
    garbage of the analyses since the last one (`_paused_gc`).  Run on the worker when the server has
    been idle for `COLLECT_IDLE` seconds after `COLLECT_AFTER` analyses."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


COLLECT_AFTER = 100
"""Analyses between two full collections of the heap (`_collect_all`)."""

COLLECT_IDLE = 5.0
"""Seconds without a change before a due full collection runs: it takes about 0.5 s with a 10,000-card
deck open, and an edit made meanwhile waits for it."""


# ----------------------------------------------------------------------------------- handlers ---


def did_open(ls: DeckServer, params: types.DidOpenTextDocumentParams) -> None:
    log.debug("opened %s version %s", params.text_document.uri, params.text_document.version)
    ls.changed(params.text_document.uri, 0.0)
    if kind_of(params.text_document.uri, params.text_document.language_id) == "game":
        _recheck_decks(ls, params.text_document.uri, DEBOUNCE)


def did_change(ls: DeckServer, params: types.DidChangeTextDocumentParams) -> None:
    """Re-check the document once the typing stops; a changed `.game` also re-checks the open decks (they
    are checked against the profile buffers open in the editor, saved or not)."""
    uri = params.text_document.uri
    log.debug("changed %s version %s", uri, params.text_document.version)
    ls.changed(uri, DEBOUNCE)
    if kind_of(uri) == "game":
        _recheck_decks(ls, uri, DEBOUNCE)


def did_save(ls: DeckServer, params: types.DidSaveTextDocumentParams) -> None:
    """Re-check the saved file (and, for a `.game`, the open decks)."""
    uri = params.text_document.uri
    ls.changed(uri, 0.0)
    if kind_of(uri) == "game":
        _recheck_decks(ls, uri, 0.0)


def _recheck_decks(ls: DeckServer, game: str, delay: float) -> None:
    for document in list(ls.workspace.text_documents.values()):
        if document.uri != game and kind_of(document.uri, document.language_id) == "deck":
            ls.changed(document.uri, delay)


def did_close(ls: DeckServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    schedule = ls.schedules.pop(uri, None)
    if schedule is not None and schedule.task is not None:
        schedule.task.cancel()
    ls.checked.pop(uri, None)
    ls.parsed.pop(uri, None)
    ls.memories.pop(uri, None)
    ls.publish(uri, None, [])
    if kind_of(uri) == "game":  # the decks now read the file again, without the buffer's unsaved changes
        _recheck_decks(ls, uri, 0.0)


async def hover(ls: DeckServer, params: types.HoverParams) -> types.Hover | None:
    snapshot, offset = await ls.position(params.text_document.uri, params.position)
    return None if snapshot is None else await ls.run(assist.hover, snapshot, offset, ls.encoding)


async def completion(ls: DeckServer, params: types.CompletionParams) -> types.CompletionList | None:
    snapshot, offset = await ls.position(params.text_document.uri, params.position)
    if snapshot is None:
        return None
    items = await ls.run(assist.completions, snapshot, offset, ls.encoding)
    return types.CompletionList(is_incomplete=False, items=items)


async def _card_at(ls: DeckServer, uri: str, position: types.Position):
    """The snapshot, the card name at `position` and every occurrence of that name (None: no name there)."""
    snapshot, offset = await ls.position(uri, position)
    found = None if snapshot is None else await ls.run(features.same_card, snapshot, offset)
    return None if found is None else (snapshot, *found)


async def definition(ls: DeckServer, params: types.DefinitionParams) -> types.Location | None:
    found = await _card_at(ls, params.text_document.uri, params.position)
    target = next((o for o in found[2] if o.role == "definition"), None) if found else None
    return None if target is None else types.Location(
        uri=found[0].uri, range=found[0].index.range(target.start, target.end, ls.encoding))


async def references(ls: DeckServer, params: types.ReferenceParams) -> list[types.Location] | None:
    found = await _card_at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, _, same = found
    return [types.Location(uri=snapshot.uri, range=snapshot.index.range(o.start, o.end, ls.encoding))
            for o in same if o.role != "definition" or params.context.include_declaration]


async def prepare_rename(ls: DeckServer, params: types.PrepareRenameParams):
    found = await _card_at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, named, _ = found
    return types.PrepareRenamePlaceholder(range=snapshot.index.range(named.start, named.end, ls.encoding),
                                          placeholder=named.name)


async def rename(ls: DeckServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    """Rename a card in its header, every `named "…"` and every `order:` line of the document."""
    found = await _card_at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    snapshot, named, same = found
    new = params.new_name
    if not new.strip() or "\n" in new:
        raise JsonRpcInvalidParams("a card name is a non-empty text on one line")
    if new != named.name and snapshot.deck is not None and snapshot.deck.card(new) is not None:
        raise JsonRpcInvalidParams(f"the deck already has a card called `{new}`")
    edits = [types.TextEdit(range=snapshot.index.range(o.start, o.end, ls.encoding), new_text=features.quoted(new))
             for o in same]
    return types.WorkspaceEdit(changes={snapshot.uri: edits})


async def formatting(ls: DeckServer, params: types.DocumentFormattingParams) -> list[types.TextEdit]:
    """The whole text as `deckdsl.lang.fmt.format_source` writes it: one edit, or none when the text is
    formatted already or does not parse (`FormatError`)."""
    uri = params.text_document.uri
    document = ls.document(uri)
    if document is None:
        return []
    text = document.source
    formatted = await ls.run(_format, text, kind_of(uri, document.language_id))
    if formatted is None or formatted == text:
        return []
    index = features.LineIndex(text)
    return [types.TextEdit(range=index.range(0, len(text), ls.encoding), new_text=formatted)]


def _format(text: str, kind: str) -> str | None:
    try:
        from ..lang import fmt
    except ImportError:
        log.warning("formatting is not available: deckdsl.lang.fmt is missing")
        return None
    try:
        return fmt.format_source(text, kind)
    except fmt.FormatError as error:
        log.info("not formatted: %s", error)
        return None


async def code_action(ls: DeckServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    """A quick fix for every diagnostic with a `fix` that touches the requested range (preferred when the
    fix is safe: it keeps the designer's meaning for certain)."""
    if params.context.only and not any(kind.startswith(types.CodeActionKind.QuickFix) for kind in params.context.only):
        return None
    snapshot = await ls.snapshot(params.text_document.uri, checked=True)
    if snapshot is None:
        return None
    wanted, actions, pages = params.range, [], {}
    asked = [found for found in snapshot.diagnostics if found.fix is not None and _touches(
        snapshot.index.range(found.span.start, found.span.end, ls.encoding), wanted)]
    translate = features.translator(snapshot.path, ls.locale)
    for found in await ls.run(features.verified, snapshot, asked):
        found = localized(found, translate) if translate else found
        shown = lsp_diagnostic(found, snapshot, ls.encoding, pages)
        edits = [types.TextEdit(range=snapshot.index.range(edit.span.start, edit.span.end, ls.encoding),
                                new_text=edit.text) for edit in found.fix.edits]
        actions.append(types.CodeAction(
            title=found.fix.message, kind=types.CodeActionKind.QuickFix,
            diagnostics=[ls.protocol._converter.structure(shown, types.Diagnostic)],
            is_preferred=found.fix.safe, edit=types.WorkspaceEdit(changes={snapshot.uri: edits})))
    return actions


def _touches(a: types.Range, b: types.Range) -> bool:
    def key(p: types.Position) -> tuple[int, int]:
        return p.line, p.character

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


async def document_symbol(ls: DeckServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    snapshot = await ls.snapshot(params.text_document.uri)
    return [] if snapshot is None else await ls.run(features.symbols, snapshot, ls.encoding)


def initialize(ls: DeckServer, params: types.InitializeParams) -> None:
    """Keep the client's `locale` (pygls answers `initialize` itself, then calls this)."""
    ls.locale = params.locale


FEATURES = [
    (types.INITIALIZE, initialize, None),
    (types.TEXT_DOCUMENT_DID_OPEN, did_open, None),
    (types.TEXT_DOCUMENT_DID_CHANGE, did_change, None),
    (types.TEXT_DOCUMENT_DID_SAVE, did_save, None),
    (types.TEXT_DOCUMENT_DID_CLOSE, did_close, None),
    (types.TEXT_DOCUMENT_HOVER, hover, None),
    (types.TEXT_DOCUMENT_COMPLETION, completion, types.CompletionOptions(trigger_characters=[":", '"', " "])),
    (types.TEXT_DOCUMENT_DEFINITION, definition, None),
    (types.TEXT_DOCUMENT_REFERENCES, references, None),
    (types.TEXT_DOCUMENT_PREPARE_RENAME, prepare_rename, None),
    (types.TEXT_DOCUMENT_RENAME, rename, types.RenameOptions(prepare_provider=True)),
    (types.TEXT_DOCUMENT_FORMATTING, formatting, None),
    (types.TEXT_DOCUMENT_CODE_ACTION, code_action,
     types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])),
    (types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, document_symbol, None),
]


def build() -> DeckServer:
    """A server with every feature registered."""
    server = DeckServer()
    for method, handler, options in FEATURES:
        server.feature(method, options)(handler)
    return server


def serve(log_level: str = "warning") -> None:
    """Serve over stdio until the client says `exit` or the input ends, then exit with `lsp_stdio.serve`'s
    status.  Logs (deckdsl's at `log_level`, pygls' at warning or above — at info it would log every
    message) go to stderr; stdout carries the protocol alone."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="deckdsl lsp: %(levelname)s: %(message)s")
    log.setLevel(log_level.upper())
    from ..escapes import unguarded

    stdin, stdout = sys.stdin.buffer, unguarded(sys.stdout).buffer  # the protocol's bytes, not a terminal's text
    sys.stdout = sys.stderr
    sys.exit(stdio.serve(build(), stdin, stdout))
