"""Folders written whole: an export's files go into a new folder beside their target, which is swapped in
once complete, so that a failed run, a full disk or a kill at any moment leaves the old folder or the new
one, whole — never a mix of the two.

- The swap: on Linux the two folders are exchanged in one step (`renameat2` with `RENAME_EXCHANGE`), so
  the target's name always holds a whole folder.  Elsewhere (macOS, Windows, a file system without the
  exchange) it takes two renames, the old folder aside and the new one in; a kill between them leaves the
  old folder whole under its temporary name, and the next run puts it back (`recover`) before anything.
- Leftovers: the temporary names carry the writer's process id (`.NAME.PID-….tmp`, `.NAME.PID.old`), so
  the next run removes those of a writer that was killed (SIGKILL runs no cleanup), as `write_atomic`
  does for files.
- What is ours: exactly the files the last run wrote, as it wrote them.  Each run leaves a manifest in
  the folder (`MANIFEST`: every file's name and SHA-256); the next run replaces those of them that still
  hold the bytes it recorded, and nothing else.  Every other file of the old folder — the deck's own art,
  a README, Finder's `.DS_Store`, an image the designer edited after the export — is carried into the new
  one, hard-linked (no byte copied, the very same file), and so survives the swap, a failure or a kill.  A
  file the run would write under a name such a file already has is a `Conflict`, found as soon as the run
  comes to that name: nothing is replaced.  No name is trusted for what it looks like (`01-fogo.png` may
  be a card's art), and a manifest that does not read owns nothing.  A folder inside the target is refused
  before any work (`check_replaceable`): an export's folder holds files, and one that holds folders is
  more likely a wrong `--output` (`-o .`) than an export.  So is a read-only target, as `write_atomic`
  refuses a read-only file.
"""

from __future__ import annotations

import errno
import functools
import glob
import hashlib
import json
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from .files import alive, unwritten


@dataclass
class Replaced:
    """What `replace` did: the files it `written` (their names), and those of the old folder it `kept`
    because they are not the export's."""

    written: list[str]
    kept: list[str]


MANIFEST = ".deckdsl-export.json"
"""The file that tells which files of a folder the last run wrote (`replace`)."""

MAX_MANIFEST_BYTES = 4 << 20
"""A manifest larger than this is not read (a folder's manifest lists a few thousand files at most)."""


class Conflict(ValueError):
    """The run would write a file under the name of a file of the folder it did not write; said for a person."""


def check_replaceable(target: Path) -> None:
    """`ValueError`, said for a person, when `target` cannot be replaced whole: it is a file, it is
    read-only (as `write_atomic` refuses a read-only file), it holds a folder, or its parent cannot hold the
    new folder beside it.  Cheap, and changes nothing: called before a long run."""
    target = _through_link(target)
    if os.path.lexists(target) and not target.is_dir():
        raise ValueError(f"`{target}` is a file, not a folder")
    here, absolute = Path(os.getcwd()), Path(os.path.abspath(target))
    if absolute == here or absolute in here.parents:
        raise ValueError(f"`{target}` is the folder you are in (or holds it); an export swaps its folder whole, "
                         "which would leave you in a removed folder: give it a folder of its own")
    if target.is_dir():
        if not os.stat(target).st_mode & stat.S_IWUSR:
            raise ValueError(f"`{target}` is read-only (its mode says not to change it); it was left as it was")
        with os.scandir(target) as entries:
            inner = sorted(entry.name for entry in entries if entry.is_dir(follow_symlinks=False))
        if inner:
            raise ValueError(f"`{target}` holds folders ({', '.join(inner[:3])}{' …' if len(inner) > 3 else ''}); "
                             "an export replaces its folder whole: give it a folder of its own")
    existing = next(folder for folder in (target.parent, *target.parent.parents) if os.path.lexists(folder))
    if not existing.is_dir():
        raise ValueError(f"cannot create the folder `{target.parent}`: `{existing}` is a file")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"the folder `{existing}` is not writable (the new `{target.name}` is made beside the "
                         "old, then swapped in)")


def replace(target: Path, files: Iterable[tuple[str, bytes]]) -> Replaced:
    """Write `files` — (name, bytes), taken one at a time as they come — and their `MANIFEST` into a new
    folder beside `target`, carry into it the files of `target` the last run did not write, and swap it in
    for `target` (see the module docstring).  `ValueError` as `check_replaceable`, `Conflict` when a name
    is taken by a file that is not the last run's; any other failure is an `OSError` naming the target;
    each leaves it as it was."""
    target = _through_link(target)
    check_replaceable(target)
    new = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        recover(target)
        ours = owned(target)
        theirs = _entries(target) - ours
        new = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp"))
        digests: dict[str, str] = {}
        for name, data in files:
            if name in theirs or name == MANIFEST:
                raise Conflict(f"`{target}` holds `{name}`, which the export writes too, and deckdsl did not write "
                               f"it there (it is not in the folder's {MANIFEST}): move it away, or export to another "
                               "folder; nothing was replaced")
            digests[_write(new, name, data)] = hashlib.sha256(data).hexdigest()
        _write(new, MANIFEST, _manifest(digests))
        _settle(new, target)
        kept = _carry(target, new, ours)
        _sync(new)
        old = _swap(new, target)
    except BaseException as error:
        if new is not None:
            shutil.rmtree(new, ignore_errors=True)
        if isinstance(error, OSError):
            raise unwritten(error, target) from error
        raise
    _sync(target.parent)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return Replaced(list(digests), kept)


def owned(folder: Path) -> set[str]:
    """The names of `folder`'s files that its `MANIFEST` lists and that still hold the bytes it recorded (a
    file edited since is the designer's now), the manifest's own name among them when it is there; none
    when the manifest is missing, too large or not one deckdsl writes."""
    path = folder / MANIFEST
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_MANIFEST_BYTES:
            return set()
        listed = json.loads(path.read_bytes()).get("files")
    except (OSError, ValueError, AttributeError):
        return set()
    if not isinstance(listed, dict):
        return set()
    found = {MANIFEST}
    for name, digest in listed.items():
        file = folder / name
        if (isinstance(name, str) and isinstance(digest, str) and name == Path(name).name and name != MANIFEST
                and file.is_file() and not file.is_symlink() and _digest(file) == digest):
            found.add(name)
    return found


def _manifest(digests: dict[str, str]) -> bytes:
    """The manifest of a run's files: the same files give the same bytes."""
    about = ("The files deckdsl wrote in this folder, with their SHA-256: the next export replaces these "
             "(while they are unchanged) and leaves every other file as it is.")
    return (json.dumps({"about": about, "files": dict(sorted(digests.items()))}, ensure_ascii=False, indent=2)
            + "\n").encode("utf-8")


def _digest(path: Path) -> str:
    found = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            found.update(block)
    return found.hexdigest()


def _entries(folder: Path) -> set[str]:
    """The names in `folder` (none when it does not exist)."""
    try:
        with os.scandir(folder) as entries:
            return {entry.name for entry in entries}
    except (FileNotFoundError, NotADirectoryError):
        return set()


_LEFTOVER = re.compile(r"(?P<pid>[0-9]+)(?:-[^/\\]*\.tmp|(?P<old>\.old))")


def recover(target: Path) -> None:
    """Clear what killed writers left beside `target`: a new folder, half-written or already swapped out
    (then it holds an old export); and when a kill came between the two renames of a swap without an
    exchange, leaving no `target`, put the old folder back where it was."""
    prefix = f".{target.name}."
    for leftover in sorted(target.parent.glob(f"{glob.escape(prefix)}*")):
        found = _LEFTOVER.fullmatch(leftover.name[len(prefix):])
        if found is None or not leftover.is_dir() or leftover.is_symlink() or alive(int(found["pid"])):
            continue
        if found["old"] and not os.path.lexists(target):
            os.rename(leftover, target)
        else:
            shutil.rmtree(leftover, ignore_errors=True)


def _through_link(target: Path) -> Path:
    """A target that is a symbolic link is written through, to the folder it names (as `write_atomic`)."""
    return Path(os.path.realpath(target)) if os.path.islink(target) else Path(target)


def _write(folder: Path, name: str, data: bytes) -> str:
    with open(folder / name, "xb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    return name


def _settle(new: Path, target: Path) -> None:
    """Give the new folder the old one's permissions and, where the writer may, its owner; a first one the
    ordinary permissions of the umask (mkdtemp's are private)."""
    try:
        before = os.stat(target)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(new, 0o777 & ~umask)
        return
    os.chmod(new, stat.S_IMODE(before.st_mode))
    with suppress(OSError):
        os.chown(new, before.st_uid, before.st_gid)


def _carry(old: Path, new: Path, ours: set[str]) -> list[str]:
    """Link into `new` each entry of `old` that is not the last run's file; their names."""
    if not old.is_dir():
        return []
    kept = []
    with os.scandir(old) as entries:
        for entry in entries:
            if entry.name in ours:
                continue
            try:
                os.link(entry.path, new / entry.name, follow_symlinks=False)
            except OSError:  # a file system without hard links
                shutil.copy2(entry.path, new / entry.name, follow_symlinks=False)
            kept.append(entry.name)
    return sorted(kept)


def _swap(new: Path, target: Path) -> Path | None:
    """Put `new` in place of `target`; where the old folder now is (to remove), or None when there was none."""
    if not os.path.lexists(target):
        os.rename(new, target)
        return None
    if _exchange(new, target):
        return new
    aside = target.with_name(f".{target.name}.{os.getpid()}.old")
    os.rename(target, aside)
    try:
        os.rename(new, target)
    except BaseException:
        os.rename(aside, target)
        raise
    return aside


_AT_FDCWD, _RENAME_EXCHANGE = -100, 2


def _exchange(first: Path, second: Path) -> bool:
    """Swap two folders in one step (Linux's `renameat2` with `RENAME_EXCHANGE`); False where the system,
    its C library or the file system has no such step."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    import ctypes

    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


@functools.cache
def _renameat2():
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    function = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if function is not None:
        function.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
        function.restype = ctypes.c_int
    return function


def _sync(folder: Path) -> None:
    """Make a folder's entries durable (a power cut after the swap keeps the new files); POSIX only, where
    a folder can be opened."""
    if hasattr(os, "O_DIRECTORY"):
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
