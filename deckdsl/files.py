"""Files: reading deck and profile files as text (or a diagnostic saying why they are not), writing
outputs atomically (a failed or interrupted run never replaces a good file), and deckdsl's cache folder."""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import os
import re
import stat
import tempfile
from pathlib import Path

from .diagnostics import Diagnostic
from .said import said
from .span import Span

MAX_FILE_BYTES = 8 * 1024 * 1024
"""Deck and profile files above this size are refused (DK006): the standard deck is 2 KB, 10,000 cards
~1.3 MB, a profile a few KB."""


MAX_LINKS = 40
"""Symbolic links followed on the way to one file before giving up (Linux's own limit, ELOOP)."""


def inside(root: str | Path, path: str | Path) -> Path | None:
    """The real path of `path` (absolute, or relative to `root`) when it, and every symbolic link on the way
    to it, stay inside the folder `root`; None when any step leads out.

    Deck folders arrive in pull requests, and a link is a file like any other to git: `leak.deck ->
    ~/.ssh/id_rsa`.  So the path is walked one name at a time, and only names inside `root` are looked at
    (`lstat`, `readlink`): a link's target is judged by what the link says, before anything is asked of
    it, and nothing outside `root` is opened, listed or even tested for existence.  `..` may climb back
    up to `root` but not past it.  A path that does not exist is returned as it would be (it is inside),
    so that the caller can say the file is missing.  `root` itself is taken as real (its own links are
    the choice of whoever named it)."""
    base = os.path.realpath(root)
    written = os.fspath(path)
    if os.path.isabs(written):
        written = _under(written, os.path.abspath(root))
        written = _under(os.fspath(path), base) if written is None else written
        if written is None:
            return None
    pending = [part for part in reversed(written.split(os.sep)) if part not in ("", ".")]
    reached: list[str] = []
    links = 0
    present = True
    while pending:
        part = pending.pop()
        if part == "..":
            if not reached:
                return None
            reached.pop()
            continue
        candidate = os.path.join(base, *reached, part)
        if present:
            try:
                mode = os.lstat(candidate).st_mode
            except OSError:  # no such name, or one the file system refuses (too long): nothing is there
                present = False
            else:
                if stat.S_ISLNK(mode):
                    links += 1
                    if links > MAX_LINKS:
                        return None
                    try:
                        target = os.readlink(candidate)
                    except OSError:
                        return None
                    if os.path.isabs(target):
                        target = _under(target, base)
                        if target is None:
                            return None
                        reached = []
                    pending.extend(p for p in reversed(target.split(os.sep)) if p not in ("", "."))
                    continue
        reached.append(part)
    return Path(base, *reached)


def folder_of(path: str | Path) -> Path:
    """The folder a deck file stands in — the folder of the name given, its own links resolved, not the folder
    of the file a link leads to: the folder its `art:`, theme and profile are looked up in and bounded by."""
    return Path(os.path.realpath(os.path.dirname(os.path.abspath(path))))


def link_out_of_folder() -> Diagnostic:
    """DK015, for a file `inside` refused: where the link leads is not said (that is what must not leak)."""
    return Diagnostic(
        "DK015", said("read-link-out", "the file is a symbolic link to a file outside its folder; it was not read"),
        Span.point("", 0), help=said("read-link-out-help", "copy the file into the folder instead of linking to it "
                                     "(deckdsl reads no file outside the folder it checks)"),
    )


def _under(path: str, folder: str) -> str | None:
    """`path` (absolute) relative to `folder`, by their names alone, or None when it is not under it."""
    path, folder = os.path.normpath(path), os.path.normpath(folder)
    if path == folder:
        return ""
    prefix = folder.rstrip(os.sep) + os.sep
    return path[len(prefix):] if path.startswith(prefix) else None


def read_file(path: str | Path, limit: int = MAX_FILE_BYTES, root: str | Path | None = None) -> tuple[
    str | None, Diagnostic | None
]:
    """The text of the deck or profile file at `path`, or a diagnostic saying why it cannot be read.

    `root`: the folder the file must stay inside (`inside`), by default the folder it is in: a file that is
    a link leading out of it is DK015 and is not opened."""
    root = os.path.dirname(os.path.abspath(path)) if root is None else root
    real = inside(root, os.path.abspath(path))
    if real is None:
        return None, link_out_of_folder()
    path = real
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device would block or never end
            return None, Diagnostic("DK009", said("read-not-regular", "cannot read the file: it is not a regular file"),
                                    Span.point("", 0))
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
            total_size = os.fstat(handle.fileno()).st_size
    except OSError as error:
        return None, Diagnostic("DK009", said("read-cannot-read", "cannot read the file: {reason}",
                                              reason=error.strerror or str(error)), Span.point("", 0))
    return decode(data, total_size, limit)


def decode(data: bytes, total_size: int | None = None, limit: int = MAX_FILE_BYTES) -> tuple[
    str | None, Diagnostic | None
]:
    """The text of a deck or profile file's bytes, or a DK005/DK006 diagnostic explaining why it is not
    text.  A byte order mark becomes a space (columns stay right); a lone CR becomes LF."""
    if len(data) > limit:
        size = (said("read-file-size", "the file is {size:,} bytes; files like it are limited to {limit:,}",
                     size=total_size, limit=limit) if total_size else
                said("read-file-over", "the file is more than {limit:,} bytes; files like it are limited to {limit:,}",
                     limit=limit))
        return None, Diagnostic(
            "DK006", size, Span.point("", 0), help=said("read-file-size-help", "a 10,000-card deck is about 1.3 MB and "
                                                        "a game profile a few KB: is this the right file?"),
        )
    if b"\x00" in data[:8192] or b"\x00" in data:
        offset = data.index(b"\x00")
        text = data[:offset].decode("utf-8", errors="replace")
        return None, Diagnostic(
            "DK005", said("read-binary", "the file is binary, not text (it contains a NUL byte)"),
            Span.point(text, len(text)), help=said("read-binary-help", "deck and profile files are UTF-8 text"),
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        prefix = data[: error.start].decode("utf-8", errors="replace")
        return None, Diagnostic(
            "DK005", said("read-not-utf8", "the file is not valid UTF-8 (byte {byte} at offset {offset})",
                          byte=f"0x{data[error.start]:02x}", offset=error.start),
            Span.point(prefix, len(prefix)), help=said("read-not-utf8-help", "save the file as UTF-8"),
        )
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    # A lone CR ends a line for the grammar; make it LF (same length) so positions count it too.
    return _LONE_CR.sub("\n", text), None


_LONE_CR = re.compile(r"\r(?!\n)")


def write_atomic(target: Path, data: bytes) -> None:
    """Write `data` to `target` through a temporary file in the same folder, synced, then renamed over the
    target only once complete: a full disk or a kill leaves the old file whole.

    A target that is a symbolic link is written through, to the file it names (the link stays a link), and
    an existing file keeps its permissions and, where the writer may set them, its owner; a new file gets
    the ordinary permissions of the umask (mkstemp's are private).  A read-only file is not replaced: its
    mode says "do not change me", as an editor or `ruff format` run by its owner would find.  Failures are
    `OSError`s naming the target.

    The temporary file's name carries the writer's process id, so one left by a writer that was killed
    between the write and the rename (SIGKILL runs no cleanup) is removed by the next write."""
    target = Path(os.path.realpath(target)) if os.path.islink(target) else Path(target)
    try:
        before = os.stat(target)
    except FileNotFoundError:
        before = None
    except OSError as error:
        raise unwritten(error, target) from error
    if before is not None and not before.st_mode & stat.S_IWUSR:
        raise OSError(errno.EACCES, "the file is read-only (its mode says not to change it); it was left as it was",
                      str(target))
    temporary = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(target)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.{os.getpid()}-",
                                             suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if before is None:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        else:
            os.chmod(temporary, stat.S_IMODE(before.st_mode))
            with contextlib.suppress(OSError):
                os.chown(temporary, before.st_uid, before.st_gid)
        os.replace(temporary, target)
    except BaseException as error:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise unwritten(error, target) from error
        raise


def unwritten(error: OSError, target: Path) -> OSError:
    """The `OSError` a failed write raises: the system's reason, the target it concerns, and that the old
    file (or folder) is still there."""
    reason = error.strerror or str(error)
    return OSError(error.errno, f"cannot write it ({reason}); nothing was replaced", str(target))


def describe_os_error(error: OSError) -> str:
    """An `OSError` as one line for a person: the file it concerns, then the system's reason."""
    reason = error.strerror or str(error) or type(error).__name__
    return f"{error.filename}: {reason}" if error.filename else f"input/output error: {reason}"


def _remove_stale_temporaries(target: Path) -> None:
    prefix = f".{target.name}."
    for leftover in target.parent.glob(f"{glob.escape(prefix)}*.tmp"):
        pid = leftover.name[len(prefix):].partition("-")[0]
        if pid.isascii() and pid.isdigit() and not alive(int(pid)):
            leftover.unlink(missing_ok=True)


def alive(pid: int) -> bool:
    """Whether the process `pid` may still be running (the writer of a temporary file or folder)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def cache_folder() -> str | None:
    """deckdsl's folder in the user's own cache folder (never a shared temp folder, whose files another
    user could plant: the caches are pickles), or None when there is no such folder we own."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "deckdsl")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if os.stat(folder).st_uid != os.getuid() or not os.access(folder, os.W_OK):
            return None
    except OSError:
        return None
    return folder


MAX_CACHED = 256
"""Built profiles kept in the cache folder (a profile's pickle is a few KB): an editor that rebuilds a
profile on every save, or a folder of thousands of profiles, must not fill the disk."""


def remember(cached: str, data: bytes) -> None:
    """Write `data` to the cache file `cached` (a path `cache_folder` gave), then forget the least recently
    used files of its kind (the part of the name before its first `-`) past `MAX_CACHED`.  A cache that
    cannot be written is only slower: errors are swallowed."""
    folder, name = os.path.split(cached)
    kind = name.partition("-")[0] + "-"
    try:
        write_atomic(Path(cached), data)
        with os.scandir(folder) as found:
            kept = [(entry.stat().st_mtime_ns, entry.path) for entry in found
                    if entry.name.startswith(kind) and entry.is_file(follow_symlinks=False)]
        for _, stale in sorted(kept)[: max(0, len(kept) - MAX_CACHED)]:
            os.unlink(stale)
    except OSError:
        pass


def recall(cached: str) -> bytes | None:
    """The bytes of the cache file `cached`, marked as just used; None when there is none."""
    try:
        with open(cached, "rb") as handle:
            data = handle.read()
        os.utime(cached)
    except OSError:
        return None
    return data


def grammar_cache(grammar: str) -> str | None:
    """A cache file for the Lark parser of `grammar` (see `cache_folder`), or None."""
    folder = cache_folder()
    if folder is None:
        return None
    import lark

    digest = hashlib.sha256((grammar + lark.__version__).encode()).hexdigest()[:24]
    return os.path.join(folder, f"grammar-{digest}.lark-cache")


PREBUILT = Path(__file__).parent / "grammars"
"""The grammars (`<name>.lark`), and the parsers built from them that ship with deckdsl (`<name>.parser`, see
`lark_parser`; `deckdsl.lang.parse.prebuild` writes them)."""

PARSER_FORMAT = "deckdsl-parser 2"
"""The first words of a pickled parser's file (`lark_parser`): a parser pickled another way is not read."""


def lark_parser(grammar: str, name: str, *, transformer: object = None, code: str = "", **options: object):
    """The Lark parser of the grammar text `grammar` (`grammars/<name>.lark`) with Lark's `options` and
    `transformer`: unpickled when a pickle of it is current, else built (and pickled in the cache folder).

    Lark's own cache (`grammar-<digest>.lark-cache`) spares the half second of building the LALR tables and
    checking every pair of terminals for collisions, but still takes ~35 ms of every run to turn into a
    parser; an unpickled parser takes a few.  A pickle is read only when the first line of its file is
    `PARSER_FORMAT` and its key (`parser_key`: the grammar, the options, `code` — the source of the
    transformer, whose methods the parser calls — and the versions of Lark and Python); one that cannot be
    unpickled is ignored (and replaced).  Never an error: at worst the parser is built as Lark builds it.

    Where the pickles are: the one shipped in `grammars/<name>.parser` (for the Lark and Python it was
    built with: a first run needs no cache), then `parser-<key>.pickle` in the cache folder.  `transformer`,
    modules and the objects Lark's modules define (its `Shift` and `Reduce`, which it compares by identity)
    are pickled by name and found again, not copied.
    """
    from lark import Lark

    key = parser_key(grammar, code, options)
    shipped = PREBUILT / f"{name}.parser"
    parser = _unpickle_parser(_read_if_current(shipped, key), transformer)
    if parser is not None:
        return parser
    folder = cache_folder()
    pickled = None if folder is None else os.path.join(folder, f"parser-{key[:24]}.pickle")
    if pickled is not None:
        parser = _unpickle_parser(_read_if_current(pickled, key, recall), transformer)
        if parser is not None:
            return parser
    cache = grammar_cache(grammar)
    try:
        parser = Lark(grammar, cache=cache or False, transformer=transformer, **options)
    except OSError:
        parser = Lark(grammar, transformer=transformer, **options)
    if pickled is not None:
        data = pickle_parser(parser, key, transformer)
        if data is not None:
            remember(pickled, data)
    return parser


def parser_key(grammar: str, code: str, options: dict) -> str:
    """What a pickled parser must have been built from to be used (see `lark_parser`)."""
    parts = (PARSER_FORMAT, grammar, code, repr(sorted(options.items())), _versions())
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _versions() -> str:
    import sys

    import lark

    return f"lark={lark.__version__} python={sys.version_info[0]}.{sys.version_info[1]}"


def _read_if_current(path: str | Path, key: str, read=None) -> bytes | None:
    """The pickle in the parser file `path` when its first line names `key`; None otherwise."""
    try:
        data = read(path) if read is not None else Path(path).read_bytes()
    except OSError:
        return None
    if data is None:
        return None
    head, _, packed = data.partition(b"\n")
    words = head.decode("ascii", "replace").split(" ")
    if " ".join(words[:2]) != PARSER_FORMAT or words[2:3] != [key]:
        return None
    import zlib

    try:
        return zlib.decompress(packed)
    except zlib.error:
        return None


def parser_file_versions(path: str | Path) -> str | None:
    """The versions of Lark and Python the parser file `path` was built with (as `_versions` writes them)."""
    try:
        with open(path, "rb") as handle:
            head = handle.readline().decode("ascii", "replace").split(" ")
    except OSError:
        return None
    return " ".join(head[3:]).strip() or None


def pickle_parser(parser, key: str, transformer: object = None) -> bytes | None:
    """The file of a pickled parser (see `lark_parser`): a line naming the format, `key` and the versions, then
    the pickle, compressed (a sixth of its size: the shipped ones are in git); None when it cannot be pickled."""
    import importlib
    import io
    import pickle
    import sys
    import zlib
    from types import BuiltinFunctionType, FunctionType, ModuleType

    plain = (type, FunctionType, BuiltinFunctionType, ModuleType, str, bytes, int, float, bool, tuple, frozenset,
             type(None))
    named = {id(value): (module, attribute)
             for module_name, module in list(sys.modules.items())
             if module is not None and (module_name == "lark" or module_name.startswith("lark."))
             for attribute, value in vars(module).items()
             if not attribute.startswith("__") and not isinstance(value, plain)}

    class Pickler(pickle.Pickler):
        def persistent_id(self, obj):
            return "transformer" if transformer is not None and obj is transformer else None

        def reducer_override(self, obj):
            # by name, once each (pickle keeps what a reduction made): a module, a module-level object of Lark
            if isinstance(obj, ModuleType):
                return importlib.import_module, (obj.__name__,)
            if isinstance(obj, re.Pattern):
                return _pattern_reduction(obj)
            found = named.get(id(obj))
            return NotImplemented if found is None else (getattr, found)

    _build_scanners(parser)
    buffer = io.BytesIO()
    try:
        Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(parser)
    except Exception:  # noqa: BLE001 — a parser Lark made unpicklable is only slower to load
        return None
    return f"{PARSER_FORMAT} {key} {_versions()}\n".encode("ascii") + zlib.compress(buffer.getvalue())


def _build_scanners(parser) -> None:
    """Build the scanner of every state of the parser's contextual lexer, which Lark builds on first use: some
    fifty regular expressions compiled in a check of the standard deck (~15 ms, more than the check itself).
    Pickled with their compiled code (`_pattern_reduction`), a loaded parser has them at once."""
    lexer = getattr(getattr(parser, "parser", None), "lexer", None)
    for basic in (*getattr(lexer, "lexers", {}).values(), getattr(lexer, "root_lexer", None)):
        if basic is not None and hasattr(basic, "scanner"):
            basic.scanner  # noqa: B018 — a property that builds it


def _pattern_reduction(pattern: re.Pattern):
    """How to pickle a compiled regular expression with its compiled code, so that loading it does not parse and
    compile it again (what `re.compile` spends its time on): the code `re` made for it, checked to be the same
    pattern when rebuilt; `NotImplemented` (pickled as `re` does, by its text) when it cannot be."""
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]

    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
        code = [int(word) for word in _compiler._code(parsed, pattern.flags)]  # opcodes are int subclasses
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        arguments = (pattern.pattern, pattern.flags | parsed.state.flags, code, parsed.state.groups - 1,
                     groupindex, tuple(indexgroup), _sre.MAGIC)
        if _compiled_pattern(*arguments) != pattern:
            return NotImplemented
    except Exception:  # noqa: BLE001 — `re`'s internals differ in this Python: pickle it as `re` does
        return NotImplemented
    return _compiled_pattern, arguments


def _compiled_pattern(text, flags, code, groups, groupindex, indexgroup, magic) -> re.Pattern:
    """A pattern pickled by `_pattern_reduction`: built from its code, or compiled again by another `re`."""
    import _sre

    if magic != _sre.MAGIC:
        return re.compile(text, flags)
    return _sre.compile(text, flags, code, groups, groupindex, indexgroup)


def _unpickle_parser(data: bytes | None, transformer: object = None):
    """The parser pickled in `data` (see `pickle_parser`), or None when there is none or it is broken."""
    if data is None:
        return None
    import io
    import pickle

    from lark import Lark

    class Unpickler(pickle.Unpickler):
        def persistent_load(self, pid):
            if pid == "transformer" and transformer is not None:
                return transformer
            raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")

    try:
        parser = Unpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 — a truncated, corrupt or foreign file: build the parser instead
        return None
    return parser if isinstance(parser, Lark) else None


def lossy_text(path: str | Path) -> str:
    """The file's text with undecodable bytes replaced (to show the lines of a DK005 diagnostic)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_FILE_BYTES).decode("utf-8", errors="replace").replace("\x00", "\ufffd")
    except OSError:
        return ""
