"""The language server's connection: LSP messages read from stdin with bounds, and an answer for every
request, whatever the client sends.

pygls' own reader loop (`pygls.io_.run_async`) trusts the stream: it allocates whatever `Content-Length`
says (99,999,999,999,999 bytes: a MemoryError that ends the server), skips a line it cannot read, and
turns a body into typed objects inside `json.loads`, so a request whose params do not fit their type (a
position on line -1, a completion context without `triggerKind`) is logged with a traceback and never
answered.  `serve` replaces that loop, and `Protocol` extends pygls' protocol:

* **Framing** (`read_message`): header lines of at most `MAX_HEADER_BYTES`, a `Content-Length` of digits
  up to `MAX_MESSAGE_BYTES`, then exactly that many bytes.  A stream that breaks these cannot be read any
  further — where the next message starts is unknown — so the server ends with one line on stderr and
  status 1: the status LSP gives a server that ends without a `shutdown`, and not 2, which would say
  deckdsl failed.
* **One answer per request** (`Protocol.receive`): a body that is not JSON gets -32700, JSON that is no
  request -32600 (so does a notification of LSP's sent with an id), params that do not fit their type
  -32602, a handler's failure -32603; messages are one short line (no traceback, no `data`), and so is
  the log (the traceback is logged at debug level).
  Positions are clamped to LSP's range before they are typed (`Position.line` -1 → 0, 2^63 → 2^31 - 1)
  and then to the document by the handlers (`LineIndex.offset`); a completion context without
  `triggerKind` is an invoked completion.  A field typed as a string or an integer holds one
  (`strict_unions`), so no handler meets a `languageId` of `true`.
* **Bad notifications are dropped**: one that does not fit its type, that changes, saves or closes a
  document the client has not opened, or that is about a notebook (the server offers no notebook sync),
  is logged in one line (a warning) and not handled.
* **The lifecycle**: a request before `initialize` gets -32002 (notifications are dropped, `exit`
  excepted), a second `initialize` -32600 (the open documents stay), and a request after `shutdown`
  -32600, as the specification asks.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import BinaryIO, Union, get_args, get_origin
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import (FeatureRequestError, JsonRpcException, JsonRpcInternalError, JsonRpcInvalidParams,
                              JsonRpcInvalidRequest, JsonRpcParseError, JsonRpcServerNotInitialized)
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, RPCRequest

from ..files import MAX_FILE_BYTES

log = logging.getLogger("deckdsl.lsp")

MAX_MESSAGE_BYTES = 8 * MAX_FILE_BYTES
"""The largest message body read (64 MiB).  The biggest message a client sends carries a whole document
as a JSON string (`didOpen`, a full `didChange`), and a document is at most `MAX_FILE_BYTES` (8 MiB, the
deck file limit; `deckdsl.loads` refuses a longer text).  JSON escaping grows a byte at most six times (a
control character is `\\u0001`; a quote or a newline two; a client that escapes every non-ASCII
character writes é, two bytes, as six): 48 MiB, and the rest of the message is small."""

MAX_HEADER_BYTES = 1024
"""The longest header line read: LSP's are `Content-Length: N` and `Content-Type: …; charset=utf-8`."""

MAX_POSITION = 2**31 - 1
"""LSP's largest line or character (its `uinteger`): a larger one is past the end of any document."""

_TOKEN = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
"""A header's name (HTTP's token)."""


class FramingError(Exception):
    """The stream cannot be read as LSP messages any more."""


def read_message(stream: BinaryIO) -> bytes | None:
    """The body of the next message on `stream` (bytes, not yet parsed), None when the stream ends
    between two messages.  Raises `FramingError` when it cannot be read: a header line that is too long
    or is no header, a missing, malformed or too large `Content-Length`, or an end inside a message."""
    length, headers = None, 0
    while True:
        line = stream.readline(MAX_HEADER_BYTES + 1)
        if not line and not headers:
            return None
        if len(line) > MAX_HEADER_BYTES:
            raise FramingError(f"a header line is longer than {MAX_HEADER_BYTES:,} bytes: {_shown(line)}")
        if not line.endswith(b"\n"):
            raise FramingError("the input ended inside a message's headers")
        line = line.rstrip(b"\r\n")
        if not line:
            break
        headers += 1
        name, colon, value = line.partition(b":")
        if not colon or not _TOKEN.fullmatch(name):
            raise FramingError(f"expected a header such as `Content-Length: 42`, found {_shown(line)}")
        if name.lower() == b"content-length":
            length = _length(value.strip())
    if length is None:
        raise FramingError("a message has no Content-Length header")
    body = stream.read(length)
    if len(body) < length:
        raise FramingError(f"the input ended inside a message ({len(body):,} of its {length:,} bytes)")
    return body


def _length(value: bytes) -> int:
    if not value.isdigit():
        raise FramingError(f"Content-Length is not a number of bytes: {_shown(value)}")
    length = int(value) if len(value) <= 20 else None
    if length is None or length > MAX_MESSAGE_BYTES:
        shown = _shown(value) if length is None else f"{length:,}"
        raise FramingError(f"a message of {shown} bytes is over the limit of {MAX_MESSAGE_BYTES:,}")
    return length


def _shown(data: bytes, most: int = 40) -> str:
    """`data` quoted for a log line, cut to `most` bytes."""
    return repr(data[:most].decode("utf-8", "replace")) + ("…" if len(data) > most else "")


def log_failure(what: str, error: BaseException) -> str:
    """Log that `what` failed, in one line (the traceback at debug level), and return that line's reason."""
    reason = f"{type(error).__name__}: {error}".splitlines()[0][:200] if str(error) else type(error).__name__
    log.error("%s failed: %s", what, reason)
    log.debug("%s", "".join(traceback.format_exception(error)))
    return reason


# ---------------------------------------------------------------------------------- messages ---


class Protocol(LanguageServerProtocol):
    """pygls' LSP protocol, answering every request (see the module's docstring).  `asked` maps a request
    being handled to its method, for the log."""

    def __init__(self, server, converter) -> None:
        super().__init__(server, strict_unions(converter))
        self.initialized = False
        self.shutting_down = False
        self.asked: dict = {}

    def receive(self, body: bytes) -> None:
        """Handle one message's body: parse it, check its form, type it and dispatch it."""
        try:
            data = json.loads(body, object_hook=_clamped)
        except (ValueError, RecursionError) as error:
            self.refuse(None, JsonRpcParseError(f"the message is not JSON: {error}"))
            return
        problem = _malformed(data)
        if problem is not None:
            self.refuse(data.get("id") if isinstance(data, dict) and _is_id(data.get("id")) else None,
                        JsonRpcInvalidRequest(problem))
            return
        _invoked_by_default(data)
        try:
            message = self.structure_message(data)
        except JsonRpcException as error:
            if "id" in data and "method" in data:
                self.refuse(data["id"], error, data["method"])
            else:
                log.warning("ignored %s: %s", data.get("method", "a response"), error.message)
            return
        self.handle_message(message)

    def structure_message(self, data: dict):
        """The message as lsprotocol's type for its method (a generic one for a method LSP does not
        define); `JsonRpcInvalidParams` with a short reason when its params do not fit, and
        `JsonRpcInvalidRequest` for a notification sent with an id (typed, it would lose the id, and the
        request its answer)."""
        if "method" not in data:  # a response to one of the server's requests
            return self._structured(data, types.ResponseErrorMessage) if "error" in data \
                else super().structure_message(data)
        kind = self.get_message_type(data["method"])
        if kind is None:
            data.setdefault("params", None)
            kind = JsonRPCRequestMessage if "id" in data else JsonRPCNotification
        elif "id" in data and self.get_result_type(data["method"]) is None:
            raise JsonRpcInvalidRequest("this method is a notification: send it without an id")
        return self._structured(data, kind)

    def _structured(self, data: dict, kind):
        try:
            return self._converter.structure(data, kind)
        except Exception as error:  # noqa: BLE001 — cattrs raises many kinds on arbitrary JSON
            raise JsonRpcInvalidParams(f"invalid params: {_why(error)}") from None

    def handle_message(self, message) -> None:
        """Dispatch a typed message, after the lifecycle's checks."""
        method = getattr(message, "method", None)
        if isinstance(message, RPCRequest):
            refusal = self._refusal(method)
            if refusal is not None:
                self.refuse(message.id, refusal, method)
                return
            self.initialized = True  # only initialize is let through before
            self.shutting_down = method == types.SHUTDOWN  # nothing is let through after
            if method in self.fm.features or method in self.fm.builtin_features:
                self.asked[message.id] = method
        elif method is not None and (unwanted := self._unwanted(method, message.params)) is not None:
            log.warning("ignored %s: %s", method, unwanted)
            return
        super().handle_message(message)

    def _unwanted(self, method: str, params) -> str | None:
        """Why the notification `method` is dropped (None: it is handled)."""
        if not self.initialized and method != types.EXIT:
            return "the client has not sent initialize"
        if method.startswith("notebookDocument/"):
            return "the server does not sync notebooks (it offers no notebookDocumentSync)"
        if method in _ABOUT_AN_OPEN_DOCUMENT and self._server.document(params.text_document.uri) is None:
            return f"{params.text_document.uri} is not open"
        return None

    def _refusal(self, method: str) -> JsonRpcException | None:
        if method == types.INITIALIZE and self.initialized:
            return JsonRpcInvalidRequest("the server is initialized already: initialize is sent once")
        if method != types.INITIALIZE and not self.initialized:
            return JsonRpcServerNotInitialized("the server is not initialized: send initialize first")
        if self.shutting_down:
            return JsonRpcInvalidRequest("the server is shutting down: only exit is expected")
        return None

    def refuse(self, msg_id, error: JsonRpcException, method: str | None = None) -> None:
        """Answer a request with `error`, and log it in one line."""
        log.warning("refused %s%s: %s", method or "a message", "" if msg_id is None else f" (request {msg_id})",
                    error.message)
        self.answer_error(msg_id, error)

    def answer_error(self, msg_id, error: JsonRpcException) -> None:
        """Send `error` as the answer to request `msg_id`: its code and message, never pygls' `data` (a
        traceback)."""
        self._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": error.code, "message": error.message}})

    def _send_handler_result(self, future, *, msg_id) -> None:
        """Send a request's result; a failure becomes a JSON-RPC error with a one-line message (pygls puts
        the traceback in the answer and the log)."""
        method = self.asked.pop(msg_id, "a request")
        error = None if future.cancelled() else future.exception()
        if error is None:
            super()._send_handler_result(future, msg_id=msg_id)
            return
        self._request_futures.pop(msg_id, None)
        if isinstance(error, JsonRpcException):
            log.info("%s (request %s): %s", method, msg_id, error.message)
        else:
            error = JsonRpcInternalError(f"{method} failed: {log_failure(f'{method} (request {msg_id})', error)}")
        self.answer_error(msg_id, error)


class StdioServer(LanguageServer):
    """A pygls language server speaking through `Protocol`; `serve` runs it.  An error that answers no
    request (a notification's handler failed) is logged in one line, and shown in the editor as pygls
    shows it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, protocol_cls=Protocol, **kwargs)

    def document(self, uri: str):
        """The open document at `uri` (pygls' `TextDocument`), None when the client has not opened it.
        pygls keeps them by their unquoted URI: an editor writes `my%20deck.deck` for `my deck.deck`."""
        return self.workspace.text_documents.get(unquote(uri))

    def report_server_error(self, error: Exception, source) -> None:
        if source is not FeatureRequestError:  # a request's failure is its answer, logged by `Protocol`
            log.error("%s", str(error).splitlines()[0][:200] if str(error) else type(error).__name__)
        super().report_server_error(error, source)


def serve(server: StdioServer, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Serve `server` over binary streams until the client says `exit`, the input ends or cannot be read
    any further; the exit status: 0 after a `shutdown` request, else 1 (LSP's rule for `exit`)."""
    server.protocol.set_writer(StdoutWriter(stdout))
    try:
        return asyncio.run(_read(server.protocol, stdin))
    finally:
        server.shutdown()


async def _read(protocol: Protocol, stdin: BinaryIO) -> int:
    """Read and handle messages one at a time (reading on a thread: the event loop goes on answering)."""
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(_stray)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="deckdsl-stdin") as reader:
        while True:
            try:
                body = await loop.run_in_executor(reader, read_message, stdin)
            except (FramingError, OSError) as error:
                log.error("cannot read the client's messages, stopping: %s", error)
                return 1
            if body is None:
                return 0 if protocol.shutting_down else 1
            try:
                protocol.receive(body)
            except SystemExit as stop:  # `exit`: pygls ends the server so
                return stop.code if isinstance(stop.code, int) else 1
            except BrokenPipeError:
                log.error("the client closed the connection, stopping")
                return 1
            except Exception as error:  # noqa: BLE001 — a bug in pygls or here must not end the server
                log_failure("handling a message", error)


def _stray(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    """asyncio's handler of an error no task awaited (a result sent to a client that is gone): one line."""
    error = context.get("exception")
    if error is None:
        log.error("%s", context.get("message"))
    else:
        log_failure(context.get("message", "a callback"), error)


_ABOUT_AN_OPEN_DOCUMENT = {types.TEXT_DOCUMENT_DID_CHANGE, types.TEXT_DOCUMENT_DID_SAVE, types.TEXT_DOCUMENT_DID_CLOSE}
"""The notifications LSP sends only about a document it opened (pygls' `didChange` fails on another)."""


def strict_unions(converter):
    """`converter` with a field typed as strings or integers (`Union[int, str]`, `Union[LanguageKind, str]`,
    `Union[CodeActionKind, str]` …) holding one.  lsprotocol passes any JSON value through such a field
    unchecked, so a handler met `languageId: true` or `$/cancelRequest` for the request `[]`, and failed;
    now the message does not fit its type, and is refused as any other."""
    converter.register_structure_hook_func(_texts_or_integers, _text_or_integer)
    return converter


def _texts_or_integers(kind) -> bool:
    """Whether `kind` is a union of texts or integers and their enums (`Union[LanguageKind, str]`), optional
    or not: each enum's values are of a type the union holds."""
    choices = [choice for choice in get_args(kind) if choice is not type(None)]
    return get_origin(kind) is Union and len(choices) > 1 and all(
        isinstance(choice, type) and issubclass(choice, (int, str)) and choice is not bool
        and _plain(choice) in choices for choice in choices)


def _text_or_integer(value, kind):
    if type(value) not in get_args(kind):
        expected = {_JSON_NAMES[_plain(choice)] for choice in get_args(kind)}
        raise ValueError(f"expected {' or '.join(sorted(expected))}, found {_JSON_NAMES.get(type(value), 'a value')}")
    return value


def _plain(choice: type) -> type:
    return choice if choice is type(None) else int if issubclass(choice, int) else str


_JSON_NAMES = {int: "an integer", str: "a string", bool: "a boolean", float: "a number", list: "an array",
               dict: "an object", type(None): "null"}


def _clamped(data: dict) -> dict:
    """A JSON object as read, with a position's line and character (integers) clamped to LSP's range."""
    if len(data) == 2 and "line" in data and "character" in data:
        for key in ("line", "character"):
            if type(data[key]) is int:
                data[key] = min(max(data[key], 0), MAX_POSITION)
    return data


def _invoked_by_default(data: dict) -> None:
    """A completion request whose context has no `triggerKind` (which LSP requires) was invoked."""
    params = data.get("params")
    if data.get("method") == types.TEXT_DOCUMENT_COMPLETION and isinstance(params, dict) \
            and isinstance(params.get("context"), dict):
        params["context"].setdefault("triggerKind", types.CompletionTriggerKind.Invoked.value)


def _is_id(value) -> bool:
    return type(value) in (int, str)


def _malformed(data) -> str | None:
    """Why `data` is no JSON-RPC message of LSP's (None when it is one)."""
    if isinstance(data, list):
        return "a batch of messages is not part of LSP: send them one by one"
    if not isinstance(data, dict):
        return "a message is a JSON object"
    if data.get("jsonrpc") != "2.0":
        return 'a message has "jsonrpc": "2.0"'
    if "id" in data and not _is_id(data["id"]):
        return "a message's id is an integer or a string"
    if "method" in data:
        return None if isinstance(data["method"], str) else "a message's method is a string"
    if "id" not in data or ("result" in data) == ("error" in data):
        return "a message is a request, a notification or a response (an id with a result or an error)"
    return None


def _why(error: Exception) -> str:
    """cattrs' reasons, in one line (`required field missing @ $.params.position`)."""
    from cattrs import transform_error
    from cattrs.v import format_exception

    def reason(error: BaseException, kind) -> str:  # cattrs would say "expected Union"
        return str(error) if kind is not None and _texts_or_integers(kind) else format_exception(error, kind)

    try:
        reasons = transform_error(error, format_exception=reason)
    except Exception:  # noqa: BLE001 — not one of cattrs' validation errors
        reasons = [f"{type(error).__name__}: {error}"]
    return "; ".join(reasons).splitlines()[0][:300]
