"""The reproducers of issue 26 (tests/crashes/surfaces/, README.md there): each one is run by a test of
tests/test_surface_*.py, and the three shell scripts run here as they are written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from surfaces import ROOT, SURFACES

TESTS = ROOT / "tests"


def test_every_surface_reproducer_has_a_test():
    """A new reproducer needs a test that names it (its name without `.gz`)."""
    tests = "".join(path.read_text(encoding="utf-8") for path in sorted(TESTS.glob("test_surface*.py")))
    entries = [*SURFACES.iterdir(), *(SURFACES / "lsp").iterdir()]  # lsp/: a folder of reproducers, not one
    names = {path.name.removesuffix(".gz") for path in entries} - {"README.md", "lsp"}
    assert names and not {name for name in names if name not in tests}


def _script(name: str, tmp_path: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    """The script as its README says to run it, with `D` a small program running this checkout's deckdsl."""
    wrapper = tmp_path / "dd"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m deckdsl "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    return subprocess.run(["sh", str(SURFACES / name)], cwd=tmp_path, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "D": "dd", "PYTHONPATH": str(ROOT), **(env or {})})


def test_symlink_leak_script_prints_no_secret(tmp_path):
    wrapper = tmp_path / "dd"
    proc = _script("symlink_leak.sh", tmp_path, {"D": str(wrapper)})
    assert "SECRET_TOKEN" not in proc.stdout + proc.stderr and "root:" not in proc.stdout + proc.stderr


def test_perms_symlink_script_keeps_modes_and_the_link(tmp_path):
    proc = _script("perms_symlink.sh", tmp_path)
    listed = [line for line in proc.stdout.splitlines() if line.endswith((".deck", "v3.deck"))]
    modes = {line.split()[-1].split(" -> ")[0]: line.split()[0] for line in listed}
    assert modes.get("ro.deck") == "-r--r--r--", proc.stdout + proc.stderr  # refused, not widened
    assert modes.get("priv.deck") == "-rw-------", proc.stdout + proc.stderr
    assert any(line.startswith("l") and "current.deck -> v3.deck" in line for line in proc.stdout.splitlines()), \
        proc.stdout + proc.stderr


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mounts a tmpfs: needs root")
def test_disk_full_script_ends_in_io_errors_and_leaves_no_blocking_file(tmp_path):
    probe = subprocess.run(["sh", "-c", f"mkdir -p {tmp_path}/m && mount -t tmpfs -o size=16k tmpfs {tmp_path}/m "
                            f"&& umount {tmp_path}/m"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("this machine does not let a test mount a tmpfs")
    wrapper = tmp_path / "dd"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m deckdsl "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    proc = subprocess.run(["sh", str(SURFACES / "disk_full.sh")], cwd=tmp_path, capture_output=True, text=True,
                          timeout=900, env={**os.environ, "D": "dd", "PYTHONPATH": str(ROOT)})
    output = proc.stdout + proc.stderr
    assert "internal error" not in output and "Traceback" not in output, output[-3000:]
    assert "No space left on device" in output and "is not a sweep's results file" not in output, output[-3000:]
