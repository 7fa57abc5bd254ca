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
- What is not ours: a file of the old folder that the export does not write (a README, Finder's
  `.DS_Store`) is carried into the new one — hard-linked, no byte copied — and so survives the swap.  A
  folder inside the target is refused before any work (`check_replaceable`): an export's folder holds
  files, and one that holds folders is more likely a wrong `--output` (`-o .`) than an export.  So is a
  read-only target, as `write_atomic` refuses a read-only file.
"""

from __future__ import annotations

import errno
import functools
import glob
import os
import re
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
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


def check_replaceable(target: Path) -> None:
    """`ValueError`, said for a person, when `target` cannot be replaced whole: it is a file, it is
    read-only (as `write_atomic` refuses a read-only file), it holds a folder, or its parent cannot hold the
    new folder beside it.  Cheap, and changes nothing: called before a long run."""
    target = _through_link(target)
    if os.path.lexists(target) and not target.is_dir():
        raise ValueError(f"`{target}` is a file, not a folder")
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


def replace(target: Path, files: Iterable[tuple[str, bytes]], ours: Callable[[str], object]) -> Replaced:
    """Write `files` — (name, bytes), taken one at a time as they come — into a new folder beside `target`,
    carry into it the files of `target` that are not `ours`, and swap it in for `target` (see the module
    docstring).  `ValueError` as `check_replaceable`; any other failure is an `OSError` naming the target,
    and leaves it as it was."""
    target = _through_link(target)
    check_replaceable(target)
    new = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        recover(target)
        new = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp"))
        written = [_write(new, name, data) for name, data in files]
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
    return Replaced(written, kept)


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


def _carry(old: Path, new: Path, ours: Callable[[str], object]) -> list[str]:
    """Link into `new` each entry of `old` that is not an export's file; their names."""
    if not old.is_dir():
        return []
    kept = []
    with os.scandir(old) as entries:
        for entry in entries:
            if ours(entry.name) and entry.is_file(follow_symlinks=False):
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
