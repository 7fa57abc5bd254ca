"""`deckdsl lsp` answers everything (issue 26, item 7): raw bytes written to `python -m deckdsl lsp` over
stdio — a broken framing, bodies that are no request, positions out of range, a completion context without
`triggerKind`, requests before `initialize`, a second `initialize`, requests after `shutdown` — and what
must come back: a result or a JSON-RPC error without a traceback, or, when the stream cannot be read any
further, one line on stderr and status 1.

The client here is a few lines over the pipes (`Session`), so the tests send what no real client library
would.  Reading is bounded by counting messages; the timeouts are a safety net against a hung server,
never an assertion.  The in-process tests give message bodies to the protocol (`talk`): a handler made to
fail, the memory of a document that is one 600 KB word, and what the fuzzer's `lsp` target found
(tests/crashes/surfaces/lsp/, README.md there), replayed and their analyses awaited.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import logging
import queue
import subprocess
import sys
import threading
import tracemalloc

import pytest

import deckdsl
from deckdsl.editor import lsp, lsp_stdio
from surfaces import ROOT, SURFACES, Recorder, assert_clean, deckdsl as run_deckdsl, reproducer

TIMEOUT = 120  # seconds: only so that a hung server fails the test instead of hanging it
MOST = 200  # messages read while waiting for one answer (diagnostics and notices come in between)
STANDARD = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")
TEXT = STANDARD[STANDARD.index('deck "Janken'):]  # line 0 starts with `deck`, which has a hover
URI = (ROOT / "decks" / "surface-lsp.deck").as_uri()
INITIALIZE = {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}}


def frame(message: dict | bytes) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_framed(stream) -> dict | None:
    """The server's next message on `stream`, None at its end."""
    length = None
    while (line := stream.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return None if length is None else json.loads(stream.read(length))


def opened(text: str = TEXT, uri: str = URI) -> dict:
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "deckdsl", "version": 1, "text": text}}}


def at(line: int, character: int, uri: str = URI, **more) -> dict:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}, **more}


def clean_error(answer: dict, code: int) -> str:
    """The answer is the JSON-RPC error `code`, with a one-line message and no traceback; its message."""
    assert "result" not in answer and answer["error"]["code"] == code, answer
    message = answer["error"]["message"]
    assert "data" not in answer["error"] and "Traceback" not in message and "\n" not in message, answer
    return message


class Session:
    """`python -m deckdsl lsp` on pipes: bytes in, framed messages out (read on a thread into `inbox`),
    stderr into a file (a pipe left unread could fill up and block the server)."""

    def __init__(self, tmp_path, initialize: bool = True) -> None:
        self.stderr = (tmp_path / "lsp-stderr.txt").open("w+b")
        self.process = subprocess.Popen([sys.executable, "-m", "deckdsl", "lsp"], cwd=ROOT, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.stderr)
        self.inbox: queue.Queue = queue.Queue()
        self.ids = 0
        threading.Thread(target=self._read, daemon=True).start()
        if initialize:
            assert "capabilities" in self.ask("initialize", INITIALIZE)["result"]
            self.notify("initialized", {})

    def _read(self) -> None:
        while (message := read_framed(self.process.stdout)) is not None:
            self.inbox.put(message)
        self.inbox.put(None)

    def send(self, *messages: dict | bytes, raw: bytes = b"") -> None:
        self.process.stdin.write(b"".join(map(frame, messages)) + raw)
        self.process.stdin.flush()

    def notify(self, method: str, params) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params=None) -> int:
        self.ids += 1
        request = {"jsonrpc": "2.0", "id": self.ids, "method": method}
        self.send(request if params is None else {**request, "params": params})
        return self.ids

    def answer(self, msg_id) -> dict:
        """The answer to request `msg_id` (read past at most `MOST` other messages)."""
        for _ in range(MOST):
            message = self.inbox.get(timeout=TIMEOUT)
            assert message is not None, f"the server ended without answering {msg_id}:\n{self.log()}"
            if "method" not in message and message.get("id") == msg_id:
                return message
        raise AssertionError(f"no answer to {msg_id} among {MOST} messages")

    def ask(self, method: str, params=None) -> dict:
        return self.answer(self.request(method, params))

    def finish(self, shutdown: bool = True) -> int:
        """`shutdown` (when asked) and `exit`, then the exit status."""
        if shutdown:
            assert self.ask("shutdown")["result"] is None
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.end()

    def end(self) -> int:
        self.process.stdin.close()
        return self.process.wait(timeout=TIMEOUT)

    def log(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")


@pytest.fixture
def session(tmp_path):
    started = Session(tmp_path)
    yield started
    if started.process.poll() is None:
        started.process.kill()
        started.process.wait()
    assert "Traceback" not in started.log(), started.log()


def assert_one_line(log: str, *fragments: str) -> None:
    assert "Traceback" not in log and len(log.splitlines()) == 1, log
    assert all(fragment in log for fragment in fragments), log


# -------------------------------------------------------------------------------- framing ---


def test_the_reproducer_content_length_ends_the_server_with_one_line(tmp_path):
    data = reproducer("lsp_huge_content_length.bin", tmp_path).read_bytes()
    assert b"Content-Length: 99999999999999" in data
    proc = run_deckdsl("lsp", stdin=data, timeout=TIMEOUT)
    assert_clean(proc, 1)
    assert proc.stdout == b""
    assert_one_line(proc.stderr.decode(), "99,999,999,999,999 bytes is over the limit of 67,108,864")


@pytest.mark.parametrize(("stream", "said"), [
    (b"Content-Length: %d\r\n\r\n" % (lsp_stdio.MAX_MESSAGE_BYTES + 1), "over the limit"),
    (b"Content-Length: 1" + b"0" * 5000 + b"\r\n\r\n{}", "longer than 1,024 bytes"),
    (b"Content-Length: twelve\r\n\r\n{}", "not a number of bytes: 'twelve'"),
    (b"Content-Length: -2\r\n\r\n{}", "not a number of bytes: '-2'"),
    (b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}", "no Content-Length header"),
    (b"\r\n" + frame({"jsonrpc": "2.0", "method": "exit"}), "no Content-Length header"),
    (b'{"jsonrpc": "2.0", "id": 1, "method": "initialize"}\r\n', "expected a header"),
    (b"Content-Length: 50\r\n\r\n{}", "ended inside a message (2 of its 50 bytes)"),
    (b"Content-Length: 2\r\n", "ended inside a message's headers"),
])
def test_a_stream_that_cannot_be_read_ends_the_server_with_one_line_and_status_1(tmp_path, stream, said):
    session = Session(tmp_path)
    session.send(raw=stream)
    assert session.end() == 1
    assert_one_line(session.log(), "cannot read the client's messages, stopping", said)


@pytest.mark.parametrize(("body", "code", "said"), [
    (b"{not json", -32700, "the message is not JSON"),
    (b"\xff\xfe", -32700, "the message is not JSON"),
    (b"", -32700, "the message is not JSON"),
    (b"[" * 100_000, -32700, "the message is not JSON"),
    (b"[]", -32600, "a batch of messages is not part of LSP"),
    (b"42", -32600, "a message is a JSON object"),
    (b'{"id": 7, "method": "shutdown"}', -32600, '"jsonrpc": "2.0"'),
    (b'{"jsonrpc": "2.0"}', -32600, "a request, a notification or a response"),
    (b'{"jsonrpc": "2.0", "id": [1], "method": "shutdown"}', -32600, "an integer or a string"),
    (b'{"jsonrpc": "2.0", "id": 7, "method": 5}', -32600, "method is a string"),
    (b'{"jsonrpc": "2.0", "id": 7, "method": "textDocument/didSave", "params": {}}', -32600, "is a notification"),
])
def test_a_body_that_is_no_request_gets_an_error_and_the_server_goes_on(session, body, code, said):
    session.send(body)
    message = session.inbox.get(timeout=TIMEOUT)
    assert message["id"] == (7 if b'"id": 7' in body else None)
    assert said in clean_error(message, code)
    session.send(opened())
    assert session.ask("textDocument/documentSymbol", {"textDocument": {"uri": URI}})["result"]
    assert session.finish() == 0


def test_params_that_do_not_fit_get_invalid_params_and_a_bad_notification_is_dropped(session):
    said = clean_error(session.ask("textDocument/hover", {"textDocument": {"uri": URI}}), -32602)
    assert said == "invalid params: required field missing @ $.params.position"
    clean_error(session.ask("textDocument/hover", at(1.5e300, 0)), -32602)
    clean_error(session.ask("textDocument/completion", at(0, 0, context={"triggerKind": 9})), -32602)
    session.notify("textDocument/didOpen", {"textDocument": {"uri": URI}})
    session.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},  # never opened
                                              "contentChanges": [{"text": "deck"}]})
    session.send({"jsonrpc": "2.0", "id": "never-asked", "result": None},  # responses the server never asked for
                 {"jsonrpc": "2.0", "id": "never-asked", "error": {"code": "not a number"}})
    assert "Method Not Found" in clean_error(session.ask("deckdsl/unknown", {}), -32601)
    session.send(opened())
    assert session.ask("textDocument/documentSymbol", {"textDocument": {"uri": URI}})["result"]
    assert session.finish() == 0
    log = session.log()
    assert "ignored textDocument/didOpen: invalid params" in log
    assert f"ignored textDocument/didChange: {URI} is not open" in log
    assert all(line.startswith("deckdsl lsp: WARNING: ") for line in log.splitlines()), log


# ------------------------------------------------------------------------------ positions ---


def test_positions_out_of_range_are_clamped_to_the_document(session):
    session.send(opened())
    lines = TEXT.split("\n")
    end = {"line": len(lines) - 1, "character": len(lines[-1])}
    type_line = next(i for i, line in enumerate(lines) if line.startswith('card "Muro Alto"')) + 1

    def result(method: str, params: dict):
        answer = session.ask(method, params)
        assert "error" not in answer, answer
        return answer["result"]

    deck_word = result("textDocument/hover", at(0, 2))
    assert "**deck**" in deck_word["contents"]["value"]
    assert result("textDocument/hover", at(-1, 2)) == deck_word
    assert result("textDocument/hover", at(0, -1)) == result("textDocument/hover", at(0, 0)) == deck_word
    at_end = result("textDocument/completion", at(end["line"], end["character"]))
    assert {"card", "deck", "addendum"} <= {item["label"] for item in at_end["items"]}
    for line, character in [(2**63, 0), (2**63, 2**63), (len(lines) + 5, 3), (end["line"], 2**64 + 1)]:
        assert result("textDocument/completion", at(line, character)) == at_end
    values = result("textDocument/completion", at(type_line, len(lines[type_line])))
    assert {"pedra", "papel", "tesoura"} <= {item["label"] for item in values["items"]}
    assert result("textDocument/completion", at(type_line, 2**63)) == values
    for method in ("textDocument/definition", "textDocument/references", "textDocument/prepareRename"):
        assert result(method, at(-(2**63), 2**63, context={"includeDeclaration": True})) is None
    wanted = {"start": {"line": -1, "character": -1}, "end": {"line": 2**63, "character": 0}}
    assert result("textDocument/codeAction", {"textDocument": {"uri": URI}, "range": wanted,
                                              "context": {"diagnostics": []}}) == []
    assert session.finish() == 0


def test_completion_without_a_trigger_kind_is_an_invoked_completion(session):
    session.send(opened())
    lines = TEXT.split("\n")
    type_line = next(i for i, line in enumerate(lines) if line.startswith('card "Muro Alto"')) + 1
    position = at(type_line, len(lines[type_line]))
    invoked = session.ask("textDocument/completion", {**position, "context": {"triggerKind": 1}})["result"]
    assert invoked["items"]
    assert session.ask("textDocument/completion", position)["result"] == invoked
    assert session.ask("textDocument/completion", {**position, "context": {}})["result"] == invoked
    assert session.ask("textDocument/completion", {**position, "context": {"triggerCharacter": " "}})["result"] \
        == invoked
    assert session.finish() == 0


# ------------------------------------------------------------------------------ lifecycle ---


def test_a_request_before_initialize_gets_server_not_initialized(tmp_path):
    session = Session(tmp_path, initialize=False)
    said = clean_error(session.ask("textDocument/hover", at(0, 2)), -32002)
    assert said == "the server is not initialized: send initialize first"
    clean_error(session.ask("shutdown"), -32002)
    session.send(opened())  # a notification before initialize is dropped
    assert "capabilities" in session.ask("initialize", INITIALIZE)["result"]
    assert session.ask("textDocument/hover", at(0, 2))["result"] is None  # never opened
    session.send(opened())
    assert session.ask("textDocument/hover", at(0, 2))["result"] is not None
    assert session.finish() == 0
    assert "Traceback" not in session.log()


def test_a_second_initialize_is_refused_and_the_open_documents_are_kept(session):
    session.send(opened())
    symbols = session.ask("textDocument/documentSymbol", {"textDocument": {"uri": URI}})["result"]
    assert len(symbols) == 1 + TEXT.count('\ncard "')  # the header and each card
    said = clean_error(session.ask("initialize", INITIALIZE), -32600)
    assert said == "the server is initialized already: initialize is sent once"
    assert session.ask("textDocument/documentSymbol", {"textDocument": {"uri": URI}})["result"] == symbols
    assert session.finish() == 0


def test_a_request_after_shutdown_is_refused_and_exit_ends_with_status_0(session):
    assert session.ask("shutdown")["result"] is None
    said = clean_error(session.ask("textDocument/hover", at(0, 2)), -32600)
    assert said == "the server is shutting down: only exit is expected"
    clean_error(session.ask("shutdown"), -32600)
    assert session.finish(shutdown=False) == 0


def test_exit_without_shutdown_and_an_input_that_ends_give_status_1(tmp_path):
    assert Session(tmp_path).finish(shutdown=False) == 1
    assert Session(tmp_path).end() == 1


# ------------------------------------------------------------------------------ in process ---


def request_id(body: bytes):
    """The id of the request `body` is (None for a notification, a response or no JSON at all)."""
    try:
        data = json.loads(body)
    except ValueError:
        return None
    is_request = isinstance(data, dict) and isinstance(data.get("method"), str) and type(data.get("id")) in (int, str)
    return data["id"] if is_request else None


async def talk(server: lsp.DeckServer, *messages: dict | bytes) -> list[dict]:
    """Give each message's body to the server's protocol, as `lsp_stdio.serve` does, waiting for the
    answer to each request before the next; every message the server sent."""
    recorder = Recorder()
    server.protocol.set_writer(recorder)
    for message in messages:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        server.protocol.receive(body)
        msg_id = request_id(body)
        while msg_id is not None and not any(m.get("id") == msg_id and "method" not in m for m in recorder.messages):
            recorder.arrived.clear()
            await asyncio.wait_for(recorder.arrived.wait(), TIMEOUT)
    return recorder.messages


def replay(*messages: dict | bytes) -> list[dict]:
    """`talk` with a new server, then the analyses the messages started awaited, then the server stopped."""

    async def run() -> list[dict]:
        server = lsp.build()
        try:
            sent = await talk(server, *messages)
            while running := [s.task for s in server.schedules.values() if s.task is not None and not s.task.done()]:
                await asyncio.wait_for(asyncio.gather(*running, return_exceptions=True), TIMEOUT)
            return sent
        finally:
            for schedule in server.schedules.values():
                if schedule.task is not None:
                    schedule.task.cancel()
            server.worker.shutdown(wait=True)

    return asyncio.run(run())


def conversation(*messages: dict) -> list[dict]:
    """`replay` after an `initialize`."""
    return replay({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INITIALIZE}, *messages)


def test_a_handler_that_fails_answers_internal_error_in_one_line(monkeypatch, caplog):
    def broken(*args):
        raise RuntimeError("a bug\nwith a second line")

    monkeypatch.setattr(lsp.assist, "hover", broken)
    caplog.set_level(logging.DEBUG, logger="deckdsl.lsp")
    sent = conversation(opened(), {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": at(0, 2)})
    answer = next(m for m in sent if m.get("id") == 1)
    said = clean_error(answer, -32603)
    assert said == "textDocument/hover failed: RuntimeError: a bug"
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == ["textDocument/hover (request 1) failed: RuntimeError: a bug"]
    assert any("Traceback" in r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG)


def test_a_600_kb_word_costs_the_server_little_beyond_reading_it(tmp_path):
    """The grammar's memory on a long token is the parser's business; what the server adds — the line
    index, mapping and sending the diagnostics, hover, completion and the outline on that line — stays
    within a few times the text (the parse alone is measured the same way, and subtracted)."""
    text = reproducer("long_word_600KB.deck", tmp_path).read_text(encoding="utf-8")
    assert max(map(len, text.splitlines())) >= 600_000
    uri = (tmp_path / "long_word_600KB.deck").as_uri()
    middle = at(0, 300_000, uri=uri)
    requests = [{"jsonrpc": "2.0", "id": i, "method": method, "params": params} for i, (method, params) in
                enumerate([("textDocument/hover", middle), ("textDocument/completion", middle),
                           ("textDocument/completion", at(0, 2**40, uri=uri)),
                           ("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
                           ("textDocument/definition", middle)], start=1)]

    tracemalloc.start()
    deckdsl.loads(text, str(tmp_path / "long_word_600KB.deck"))
    parse = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    sent = conversation(opened(text, uri), *requests)
    served = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"tracemalloc peak: loads {parse / 2**20:.1f} MiB, the server (didOpen and 5 requests) "
          f"{served / 2**20:.1f} MiB, text {len(text) / 2**20:.2f} MiB")
    assert all("error" not in m for m in sent), [m for m in sent if "error" in m]
    assert served - parse <= 20 * len(text)


# ---------------------------------------------------------------------------- fuzz findings ---

FOUND = SURFACES / "lsp"
"""What the fuzzer's `lsp` target found: messages framed after an `initialize` (README.md there)."""


def found(name: str) -> list[bytes]:
    """The message bodies of the finding `name`, read as the server reads them."""
    data = (FOUND / name).read_bytes()
    stream = io.BytesIO(gzip.decompress(data) if name.endswith(".gz") else data)
    bodies = []
    while (body := lsp_stdio.read_message(stream)) is not None:
        bodies.append(body)
    return bodies


def assert_served(bodies: list[bytes], sent: list[dict], records: list[logging.LogRecord]) -> None:
    """Issue 26 item 7: each request answered once, by a result or an error that is no internal error and
    carries no traceback; nothing logged at error level, no traceback logged above debug level."""
    asked = [msg_id for msg_id in map(request_id, bodies) if msg_id is not None]
    answers = [m for m in sent if "method" not in m]
    assert sorted(map(str, asked)) == sorted(str(m.get("id")) for m in answers), answers
    for answer in answers:
        if "error" in answer:
            assert answer["error"]["code"] != -32603, answer
            clean_error(answer, answer["error"]["code"])
    said = [f"{r.name} {r.levelname}: {r.getMessage()}" for r in records if r.levelno > logging.DEBUG]
    assert not [r for r in records if r.levelno >= logging.ERROR], said
    assert not any("Traceback" in line or "\n" in line for line in said), said


FINDINGS = {
    "cancel_request_id_array.lsp":
        "ignored $/cancelRequest: invalid params: expected a string or an integer, found an array @ $.params.id",
    "language_id_true.lsp": "ignored textDocument/didOpen: invalid params: expected a string, found a boolean "
                            "@ $.params.text_document.language_id",
    "language_id_number_then_rename.lsp.gz": "ignored textDocument/didOpen: invalid params: expected a string, "
                                             "found an integer @ $.params.text_document.language_id",
    "lone_surrogate_in_text.lsp": None,
    "notification_with_an_id.lsp": "refused initialized (request 23): this method is a notification: send it "
                                   "without an id",
    "change_of_a_document_not_open.lsp": "ignored textDocument/didChange: file:///tmp/deckdsl-fuzz-skkmp2ux/lsp/"
                                         "%25ZZ.deck is not open",
    "uri_with_a_lone_surrogate.lsp": None,
    "uri_name_too_long.lsp": None,
}
"""Each finding, and the one warning it now logs: its bad message dropped or refused (None: nothing is bad)."""


@pytest.mark.parametrize("name", sorted(FINDINGS))
def test_a_fuzz_finding_is_answered_and_logs_no_error(name, caplog):
    caplog.set_level(logging.DEBUG, logger="deckdsl.lsp")
    bodies = found(name)
    sent = replay(*bodies)
    assert_served(bodies, sent, caplog.records)
    warnings = [r.getMessage() for r in caplog.records if r.name == "deckdsl.lsp" and r.levelno == logging.WARNING]
    assert warnings == ([FINDINGS[name]] if FINDINGS[name] else []), warnings


def test_a_cancel_for_an_array_is_dropped_and_the_document_before_it_is_checked():
    sent = replay(*found("cancel_request_id_array.lsp"))
    published = [m["params"] for m in sent if m.get("method") == "textDocument/publishDiagnostics"]
    assert len(published) == 1 and published[0]["version"] == 27 and published[0]["diagnostics"], published


def test_a_document_whose_language_id_is_not_a_string_is_not_opened():
    sent = replay(*found("language_id_number_then_rename.lsp.gz"))
    assert not [m for m in sent if m.get("method") == "textDocument/publishDiagnostics"]
    assert next(m for m in sent if m.get("id") == 58) == {"jsonrpc": "2.0", "id": 58, "result": None}


def test_a_lone_surrogate_counts_as_one_utf16_unit_and_the_document_is_checked():
    bodies = found("lone_surrogate_in_text.lsp")
    text = json.loads(bodies[1])["params"]["textDocument"]["text"]
    line = next(i for i, line in enumerate(text.split("\n")) if "\udc8a" in line)
    sent = replay(*bodies)
    published = [m["params"] for m in sent if m.get("method") == "textDocument/publishDiagnostics"]
    assert len(published) == 1 and published[0]["diagnostics"], published
    ends = [d["range"]["end"] for d in published[0]["diagnostics"] if d["range"]["end"]["line"] == line]
    assert {"line": line, "character": len("  game: janken-wars\udc8a")} in ends, published


@pytest.mark.parametrize(("encoding", "sizes"), [("utf-16", [1, 1, 2, 1]), ("utf-8", [1, 3, 4, 3]),
                                                 ("utf-32", [1, 1, 1, 1])])
def test_positions_on_a_line_with_lone_surrogates_round_trip(encoding, sizes):
    from deckdsl.editor.lsp_features import LineIndex, units

    characters = ["x", "\udc8a", "😀", "\ud83d"]  # a lone low surrogate, a pair, a lone high one
    assert [units(c, encoding) for c in characters] == sizes
    index = LineIndex("deck\n" + "".join(characters) + "\n")
    for offset in range(len(index.text) + 1):
        assert index.offset(index.position(offset, encoding), encoding) == offset


def test_a_document_whose_uri_is_percent_escaped_is_served_under_that_uri(tmp_path):
    """An editor writes `my%20deck.deck` for `my deck.deck`; pygls keeps the document by its unquoted URI."""
    uri = (tmp_path / "my deck.deck").as_uri()
    assert "%20" in uri
    sent = replay({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INITIALIZE},
                  opened(TEXT.replace("copies: 6", "copies: many", 1), uri),
                  {"jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol",
                   "params": {"textDocument": {"uri": uri}}},
                  {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": at(0, 2, uri=uri)})
    published = [m["params"] for m in sent if m.get("method") == "textDocument/publishDiagnostics"]
    assert [p["uri"] for p in published] == [uri] and published[0]["diagnostics"], published
    assert len(next(m for m in sent if m.get("id") == 1)["result"]) == 1 + TEXT.count('\ncard "')
    assert "**deck**" in next(m for m in sent if m.get("id") == 2)["result"]["contents"]["value"]


@pytest.mark.parametrize("game", ["file:///tmp/%00.game", "file:///tmp/\ud800/janken-wars.game"],
                         ids=["nul", "lone-surrogate"])  # an id that is no UTF-8 cannot cross to an xdist worker
def test_a_file_uri_that_names_no_possible_file_is_checked_as_unsaved(game, caplog):
    """A NUL, or a lone surrogate the file system cannot encode: the profile (and the decks checked against
    the open profiles) would fail to look up their files.  (A name too long: uri_name_too_long.lsp.)"""
    caplog.set_level(logging.DEBUG, logger="deckdsl.lsp")
    profile = (ROOT / "deckdsl" / "games" / "janken_wars" / "janken-wars.game").read_text(encoding="utf-8")
    bodies = [json.dumps(message).encode() for message in (
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INITIALIZE},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": game, "languageId": "deckdsl-game", "version": 1, "text": profile}}},
        opened(), {"jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol",
                   "params": {"textDocument": {"uri": game}}})]
    sent = replay(*bodies)
    assert_served(bodies, sent, caplog.records)
    assert next(m for m in sent if m.get("id") == 1)["result"]
    assert {m["params"]["uri"] for m in sent if m.get("method") == "textDocument/publishDiagnostics"} == {game, URI}


def test_notifications_about_a_closed_document_or_a_notebook_are_dropped_with_one_warning(caplog):
    caplog.set_level(logging.DEBUG, logger="deckdsl.lsp")

    def notice(method: str, params: dict) -> dict:
        return {"jsonrpc": "2.0", "method": method, "params": params}

    closed = {"textDocument": {"uri": URI}}
    messages = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INITIALIZE}, opened(),
                notice("textDocument/didClose", closed),
                notice("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                                  "contentChanges": [{"text": "deck"}]}),
                notice("textDocument/didSave", closed), notice("textDocument/didClose", closed),
                notice("notebookDocument/didChange", {"notebookDocument": {"uri": "nb:1", "version": 2}, "change": {}}),
                {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": at(0, 2)}]
    bodies = [json.dumps(message).encode() for message in messages]
    sent = replay(*bodies)
    assert_served(bodies, sent, caplog.records)
    assert next(m for m in sent if m.get("id") == 1)["result"] is None
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings == [f"ignored textDocument/{method}: {URI} is not open" for method in
                        ("didChange", "didSave", "didClose")] + \
        ["ignored notebookDocument/didChange: the server does not sync notebooks (it offers no notebookDocumentSync)"]


@pytest.mark.parametrize("name", sorted(FINDINGS))
def test_a_fuzz_finding_replayed_over_stdio_is_answered_with_warnings_only(name):
    data = (FOUND / name).read_bytes()
    proc = run_deckdsl("lsp", stdin=gzip.decompress(data) if name.endswith(".gz") else data, timeout=TIMEOUT)
    assert_clean(proc, 1)  # the input ends without a shutdown
    log = proc.stderr.decode()
    assert all(line.startswith("deckdsl lsp: WARNING: ") for line in log.splitlines()), log
    if FINDINGS[name]:
        assert FINDINGS[name] in log
    stream, answered = io.BytesIO(proc.stdout), set()
    while (message := read_framed(stream)) is not None:
        answered.add(message.get("id") if "method" not in message else None)
    assert {msg_id for msg_id in map(request_id, found(name)) if msg_id is not None} <= answered
