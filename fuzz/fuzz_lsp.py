"""The fuzzer's `lsp` target (fuzz/fuzz.py): the language server's framing and messages.

*Framing*: mutated byte streams through `lsp_stdio.read_message`, message after message, until it returns
None or raises `FramingError` (the refusal: the server ends with one line).  *Messages*: mutated JSON
bodies given to one in-process server per worker (`lsp.build()`, its writer a recorder, as
tests/test_surface_lsp.py's `talk` does), each body with `protocol.receive` inside the worker's event loop,
each request's answer awaited before the next body (a bounded number of wakes), and the analyses the
bodies started awaited too.  A finding: an exception out of `receive`, a request without exactly one
answer, an error whose message holds a newline or "Traceback" or that carries `data`, a -32603 answer, or
a record at error level on the `deckdsl.lsp` logger (a handler or an analysis failed).

The server is built again after `shutdown` (it refuses everything then) and after a finding; `exit` is
never sent (it ends the process).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import re
import traceback
from collections import Counter
from pathlib import Path

from fuzz_mutate import Mutator
from fuzz_surfaces import ROOT, SURFACES, Broken
from surfaces import Recorder  # tests/surfaces.py: the tests' in-process writer

SAFETY = 30.0
"""Seconds an input may wait for its answers when the fuzzer sets no hard limit (tests/test_fuzz.py): only
so that a hung server fails the run instead of hanging it, never a measure."""
MAX_WAKES = 1_000
"""Messages or finished handlers and analyses an input may wait through for its answers."""
IDLE_TURNS = 5
"""Turns of the event loop with nothing running after which an unanswered request is never answered."""
FRAMING = 0.3
"""The share of `lsp` inputs that are byte streams for the framing."""
COLLECT_EVERY = 100
"""Inputs between two full collections: each analysis freezes the heap (`lsp._paused_gc`), and the
server's own collection waits for seconds without a change, which a fuzzer never leaves it."""
MAX_TEXT = 20_000
"""The largest deck or profile a `didOpen` starts from."""

NUMBERS = [0, 0, 1, 2, 5, 10, 40, 200, -1, -(2**31), 2**31 - 1, 2**31, 2**32, 2**63, 2**64, 10**30, 1.5, 1e308,
           "3", None, True, [], {}]
"""Lines, characters, versions and sizes: in range, past it, negative, past 64 bits, of the wrong type."""
ODD = [None, True, 0, -1, 2**63, 1e308, "", "x", "😀" * 3, [], {}, [[[[[[[[[[[]]]]]]]]]]], {"a": {"b": {}}}, "\x00"]
METHODS = ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references",
           "textDocument/prepareRename", "textDocument/rename", "textDocument/formatting", "textDocument/codeAction",
           "textDocument/documentSymbol", "textDocument/didChange", "textDocument/didChange", "textDocument/didSave",
           "textDocument/didClose", "textDocument/semanticTokens/full", "textDocument/willSaveWaitUntil",
           "$/cancelRequest", "$/setTrace", "initialized", "initialize", "workspace/didChangeConfiguration",
           "workspace/symbol", "foo/bar", "", "response", "error response", "shutdown"]
NOTIFICATIONS = {"textDocument/didChange", "textDocument/didSave", "textDocument/didClose", "textDocument/didOpen",
                 "$/cancelRequest", "$/setTrace", "initialized", "workspace/didChangeConfiguration"}
JSON_WORDS = ['"', "\\", "\\u0000", "\\ud800", "{", "}", "[", "]", ",", ":", "null", "true", "NaN", "1e999",
              '"jsonrpc"', '"2.0"', '"id"', '"method"', '"params"', '"line"', '"character"', "9" * 5000, "-1"]
FRAME_WORDS = ["Content-Length: ", "Content-Length: 0", "Content-Length: 99999999999999", "Content-Length: -1",
               "Content-Length: 67108864", "Content-Length: 67108865", "content-length: 5", "Content-Length:",
               "Content-Type: application/vscode-jsonrpc; charset=utf-8", "X: y", "\r\n", "\r\n\r\n", "\n", ":",
               " 12", "+1", "１２", "0x10", "a" * 1100, "{}", '{"jsonrpc": "2.0"}']
_FRAME = re.compile(r'File "([^"]*)", line (\d+)')


def _response(data: dict) -> bool:
    """Whether a message is a response (to a request the server never sent: dropped with a warning); any
    other message with an id is answered, a request or not (JSON-RPC's -32600 for one that is not)."""
    return data.get("jsonrpc") == "2.0" and "method" not in data and ("result" in data) != ("error" in data)


def framed(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


async def _ended(tasks) -> None:
    await asyncio.gather(*tasks, return_exceptions=True)


class Records(logging.Handler):
    """The records at error level, and the tracebacks `lsp_stdio.log_failure` logs at debug level."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.errors: list[str] = []
        self.tracebacks: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno >= logging.ERROR and record.name == "deckdsl.lsp":
            self.errors.append(message)
        if "Traceback" in message or record.exc_info:
            self.tracebacks.append(message + ("\n" + "".join(traceback.format_exception(*record.exc_info))
                                              if record.exc_info else ""))


class Language:
    """`lsp`: framing and messages (the module's docstring)."""

    def __init__(self, rng, workdir: Path, targets, hard_limit: float | None) -> None:
        self.rng, self.limit = rng, hard_limit or SAFETY
        self.folder = workdir / "lsp"
        self.folder.mkdir()
        self.uris = [(self.folder / name).as_uri() for name in ("a.deck", "b.deck", "janken-wars.game")]
        self.uris += ["untitled:Untitled-1", "file:///", "x.deck", (self.folder / "%ZZ.deck").as_uri()]
        self.decks = [data for data in targets.decks if len(data) <= MAX_TEXT]
        self.games = [data for data in targets.games if len(data) <= MAX_TEXT]
        self.deck_mut, self.game_mut = targets.deck_mut, targets.game_mut
        uri = self.uris[0]
        text = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")
        examples = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None,
                                                                                  "capabilities": {}}},
                    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                        "uri": uri, "languageId": "deckdsl", "version": 1, "text": text}}},
                    {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
                        "textDocument": {"uri": uri}, "position": {"line": 3, "character": 2}}}]
        bodies = [json.dumps(example).encode() for example in examples]
        self.json_mut = Mutator(rng, bodies, JSON_WORDS)
        self.frame_seeds = [b"".join(map(framed, bodies)), framed(bodies[2]) * 3,
                            (SURFACES / "lsp_huge_content_length.bin").read_bytes()]
        self.frame_mut = Mutator(rng, self.frame_seeds, FRAME_WORDS)
        self.next_id, self.builds, self.inputs = 0, 0, 0
        self.answers: list[dict] = []
        """The answers of the last input (the messages the server sent without a method)."""
        self.records = Records()
        self.loggers = [logging.getLogger("deckdsl.lsp"), logging.getLogger("pygls")]
        self.levels = [(logger.level, logger.propagate) for logger in self.loggers]
        for logger in self.loggers:
            logger.addHandler(self.records)
            logger.propagate = False  # the refusals are the point: no one else needs to hear them
        self.loggers[0].setLevel(logging.DEBUG)  # for the tracebacks `log_failure` logs
        self.loop = self.new_loop()
        self.server = None

    # -------------------------------------------------------------------------------- making ---

    def make_lsp(self):
        if self.rng.random() < FRAMING:
            return "framing", self.frame_mut.mutate(self.rng.choice(self.frame_seeds))
        bodies = []
        if self.rng.random() < 0.6:
            bodies.append(self.body(self.opened()))
        for _ in range(self.rng.randrange(1, 5)):
            self.next_id += 1
            bodies.append(self.body(self.message(self.rng.choice(METHODS), self.next_id)))
        return "messages", tuple(bodies)

    def text(self) -> str:
        """A deck or profile, mutated half the time; lone surrogates now and then (JSON can carry them)."""
        game = self.rng.random() < 0.2
        seeds, mutator = (self.games, self.game_mut) if game else (self.decks, self.deck_mut)
        data = self.rng.choice(seeds)
        if self.rng.random() < 0.5:
            data = mutator.mutate(data)
        return data.decode("utf-8", "surrogateescape" if self.rng.random() < 0.1 else "replace")

    def opened(self) -> dict:
        language = self.rng.choice(("deckdsl", "deckdsl", "deckdsl-game", "plaintext", ""))
        document = {"uri": self.uri(), "languageId": language, "version": self.number(), "text": self.text()}
        return {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": document}}

    def uri(self) -> str:
        return self.rng.choice(self.uris[:3]) if self.rng.random() < 0.8 else self.rng.choice(self.uris)

    def number(self):
        return self.rng.choice(NUMBERS) if self.rng.random() < 0.3 else self.rng.randrange(0, 60)

    def position(self) -> dict:
        return {"line": self.number(), "character": self.number()}

    def message(self, method: str, msg_id: int) -> dict:
        """A message of `method` with the params it takes (a response to a request the server never sent,
        for `response`)."""
        document = {"uri": self.uri()}
        at = {"textDocument": document, "position": self.position()}
        span = {"start": self.position(), "end": self.position()}
        params = {
            "textDocument/completion": {**at, "context": {"triggerKind": self.rng.choice((1, 2, 3, 0, 9)),
                                                          "triggerCharacter": self.rng.choice((":", '"', " ", ""))}},
            "textDocument/references": {**at, "context": {"includeDeclaration": self.rng.random() < 0.5}},
            "textDocument/rename": {**at, "newName": self.rng.choice(("Novo", "", " ", "a\nb", "Muro Alto", "😀"))},
            "textDocument/formatting": {"textDocument": document, "options": {"tabSize": 2, "insertSpaces": True}},
            "textDocument/codeAction": {"textDocument": document, "range": span,
                                        "context": {"diagnostics": [], **({"only": ["quickfix"]}
                                                                          if self.rng.random() < 0.3 else {})}},
            "textDocument/documentSymbol": {"textDocument": document},
            "textDocument/didChange": {"textDocument": {**document, "version": self.number()}, "contentChanges": [
                {"range": span, "text": self.rng.choice(("", "x", "\n", "}", "card \"A\" {", "😀", "\r\n"))}
                if self.rng.random() < 0.7 else {"text": self.text()}]},
            "textDocument/didSave": {"textDocument": document},
            "textDocument/didClose": {"textDocument": document},
            "textDocument/willSaveWaitUntil": {"textDocument": document, "reason": 1},
            "$/cancelRequest": {"id": max(self.next_id - self.rng.randrange(3), 0)},
            "$/setTrace": {"value": self.rng.choice(("off", "verbose", "x"))},
            "initialized": {},
            "initialize": {"processId": None, "rootUri": None, "capabilities": {}},
            "workspace/didChangeConfiguration": {"settings": {}},
            "workspace/symbol": {"query": "a"},
        }.get(method, at)
        if method == "response":
            return {"jsonrpc": "2.0", "id": msg_id, "result": None}
        if method == "error response":
            return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": -32603, "message": "x"}}
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if method not in NOTIFICATIONS or self.rng.random() < 0.1:  # a notification sent as a request, too
            message["id"] = msg_id if self.rng.random() < 0.9 else f"r{msg_id}"
        return message

    def body(self, message: dict) -> bytes:
        """The message as a body: fields dropped or given odd values now and then, then its JSON, its bytes
        mutated one time in ten."""
        for _ in range(self.rng.choice((0, 0, 0, 1, 2))):
            self.twist(message)
        body = json.dumps(message, ensure_ascii=self.rng.random() < 0.5).encode("utf-8", "surrogatepass")
        return self.json_mut.mutate(body) if self.rng.random() < 0.1 else body

    def twist(self, value) -> None:
        """Drop a field somewhere in `value`, or give it an odd value."""
        path = []
        while isinstance(value, dict) and value and self.rng.random() < 0.7:
            key = self.rng.choice(sorted(value))
            path.append((value, key))
            value = value[key]
        if not path:
            return
        holder, key = path[-1]
        if self.rng.random() < 0.4:
            del holder[key]
        else:
            holder[key] = self.rng.choice(ODD + NUMBERS)

    # ------------------------------------------------------------------------------- running ---

    def run_lsp(self, payload) -> None:
        if payload[0] == "framing":
            self.framing(payload[1])
            return
        try:
            self.messages(payload[1])
        except BaseException:
            self.reset()
            raise
        self.inputs += 1
        if self.inputs % COLLECT_EVERY == 0:
            gc.unfreeze()
            gc.collect()
        if self.server.protocol.shutting_down:
            self.reset()

    def framing(self, data: bytes) -> None:
        import io

        from deckdsl.editor import lsp_stdio

        stream = io.BytesIO(data)
        for _ in range(len(data) + 1):  # each message read takes at least a header line's bytes
            try:
                if lsp_stdio.read_message(stream) is None:
                    return
            except lsp_stdio.FramingError:
                return
        raise Broken("lsp_framing_loop", "read_message read more messages than the stream has bytes")

    def messages(self, bodies: tuple[bytes, ...]) -> None:
        if self.server is None:
            self.loop.run_until_complete(self.start())
        self.records.errors.clear()
        self.records.tracebacks.clear()
        answers, asked = self.loop.run_until_complete(self.talk(bodies))
        told = "\n".join(self.records.tracebacks)
        for msg_id, count in asked.items():
            if answers[msg_id] != count:
                raise Broken("lsp_answers", f"request {msg_id!r} was sent {count} time(s) and answered "
                                            f"{answers[msg_id]} time(s)", told)
        for message in self.answers:
            error = message.get("error")
            if not isinstance(error, dict):
                continue
            said = str(error.get("message", ""))
            if error.get("code") == -32603:
                raise Broken(self.where("lsp_internal_error", told), f"-32603: {said}", told)
            if "\n" in said or "Traceback" in said or "data" in error:
                raise Broken("lsp_error_shape", f"an error with a traceback, a newline or data: {error!r}", told)
        if self.records.errors:
            raise Broken(self.where("lsp_error_logged", told), f"logged: {self.records.errors[0]}", told)

    @staticmethod
    def where(invariant: str, told: str) -> str:
        """The invariant and the innermost frame of the first traceback logged (deckdsl's if it has one), for
        the finding's bucket."""
        frames = _FRAME.findall(told.split("Traceback (most recent call last)", 2)[:2][-1])
        frames = [frame for frame in frames if "/deckdsl/" in frame[0]] or frames
        return f"{invariant}-{Path(frames[-1][0]).stem}_{frames[-1][1]}" if frames else invariant

    async def start(self) -> None:
        from pygls.exceptions import FeatureRequestError

        from deckdsl.editor import lsp

        self.builds += 1
        self.server = lsp.build()
        reported = self.server.report_server_error

        def report(error, source) -> None:  # pygls' error of a failed notification carries its traceback
            if source is not FeatureRequestError:  # a request's failure is its answer, checked apart
                data = getattr(error, "data", None)
                frames = data.get("traceback") if isinstance(data, dict) else None
                self.records.tracebacks.append("".join(frames or traceback.format_exception(error)))
            reported(error, source)

        self.server.report_server_error = report
        encoding = ("utf-16", "utf-8", "utf-32")[self.builds % 3]
        initialize = {"processId": None, "rootUri": self.folder.as_uri(),
                      "capabilities": {"general": {"positionEncodings": [encoding]}}}
        await self.talk((json.dumps({"jsonrpc": "2.0", "id": "start", "method": "initialize",
                                     "params": initialize}).encode(),))

    async def talk(self, bodies) -> tuple[Counter, Counter]:
        """Give each body to the server, awaiting the answer to each request before the next; the answers
        by id, and the requests by id."""
        recorder = Recorder()
        self.server.protocol.set_writer(recorder)
        asked: Counter = Counter()
        deadline = self.loop.time() + self.limit
        for body in bodies:
            try:
                data = json.loads(body)
            except (ValueError, RecursionError):
                data = None
            if isinstance(data, dict) and data.get("method") == "exit":
                continue  # it would end the process
            if isinstance(data, dict) and type(data.get("id")) in (int, str) and not _response(data):
                asked[data["id"]] += 1
            self.server.protocol.receive(body)
            await self.settle(recorder, asked, deadline)
        self.answers = [m for m in recorder.messages if "method" not in m]
        return Counter(m.get("id") for m in self.answers), asked

    async def settle(self, recorder: Recorder, asked: Counter, deadline: float) -> None:
        """Wait until every request in `asked` has an answer and the server has nothing left to do (no
        handler, no analysis running or due).  A request still unanswered then never will be."""
        idle = 0
        for _ in range(MAX_WAKES):
            answered = Counter(m.get("id") for m in recorder.messages if "method" not in m)
            missing = [msg_id for msg_id, count in asked.items() if answered[msg_id] < count]
            working = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            if not working:
                if not missing:
                    return
                idle += 1  # a finished handler's answer is sent by a callback of the next turns of the loop
                if idle > IDLE_TURNS:
                    raise Broken("lsp_no_answer", f"the server has nothing left to do and never answered {missing}")
                await asyncio.sleep(0)
                continue
            idle = 0
            recorder.arrived.clear()
            woken = asyncio.ensure_future(recorder.arrived.wait())
            done, _ = await asyncio.wait([woken, *working], timeout=max(deadline - self.loop.time(), 0),
                                         return_when=asyncio.FIRST_COMPLETED)
            woken.cancel()
            await asyncio.sleep(0)  # let the cancelled wait end, so it is not counted as work
            if not done:
                raise Broken("lsp_hang", f"no answer to {missing} and {len(working)} handlers or analyses still "
                                         f"running after {self.limit:g} s")
        raise Broken("lsp_wakes", f"no answer after {MAX_WAKES} messages and analyses")

    def reset(self) -> None:
        """Stop the server (its analyses and handlers cancelled, its worker joined: a handler left waiting
        for a worker that is gone would fail in the next input) and its event loop; the next input builds
        another of each."""
        if self.server is None:
            return
        pending = asyncio.all_tasks(self.loop)
        for task in pending:
            task.cancel()
        self.loop.run_until_complete(_ended(pending))
        self.server.worker.shutdown(wait=True)
        self.server = None
        self.loop.close()  # and with it what the server had set for later (its heap collection)
        self.loop = self.new_loop()

    def new_loop(self) -> asyncio.AbstractEventLoop:
        """An event loop for a server, whose errors that no one awaited are findings (`deckdsl lsp` logs
        them at error level: `lsp_stdio.serve`)."""
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(self.stray)
        return loop

    def stray(self, loop, context: dict) -> None:
        error = context.get("exception")
        self.records.errors.append(f"{context.get('message')}: {error!r}")
        if error is not None:
            self.records.tracebacks.append("".join(traceback.format_exception(error)))

    def close(self) -> None:
        self.reset()
        self.loop.close()
        for logger, (level, propagate) in zip(self.loggers, self.levels, strict=True):
            logger.removeHandler(self.records)
            logger.setLevel(level)
            logger.propagate = propagate

    def kept(self, target: str, payload) -> tuple[str, bytes, dict]:
        if payload[0] == "framing":
            return "bin", payload[1], {"mode": "framing: lsp_stdio.read_message until None or FramingError"}
        start = framed(json.dumps({"jsonrpc": "2.0", "id": "start", "method": "initialize", "params": {
            "processId": None, "rootUri": None, "capabilities": {}}}).encode())
        return "lsp", start + b"".join(map(framed, payload[1])), {
            "mode": "messages, framed after an initialize: `deckdsl lsp < FILE` replays them",
            "bodies": [body.decode("utf-8", "backslashreplace") for body in payload[1]]}
