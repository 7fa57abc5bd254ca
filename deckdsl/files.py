"""Writing output files: atomically, so a failed or interrupted run never replaces a good file."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def write_atomic(target: Path, data: bytes) -> None:
    """Write `data` to `target` through a temporary file in the same folder, renamed over the target
    only once complete.  The file gets the ordinary permissions of the umask (mkstemp's are private)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


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


def grammar_cache(grammar: str) -> str | None:
    """A cache file for the Lark parser of `grammar` (see `cache_folder`), or None."""
    folder = cache_folder()
    if folder is None:
        return None
    import lark

    digest = hashlib.sha256((grammar + lark.__version__).encode()).hexdigest()[:24]
    return os.path.join(folder, f"grammar-{digest}.lark-cache")
