"""Files and folders as untrusted input (issue 26): symbolic links out of a deck's folder are never followed,
stat'ed or printed (DK015); a check's memory is bounded by the file's size, whatever one token or one
repeated mistake costs; caches have a size; outputs on a full disk fail cleanly and keep the old file.

Nothing here reads a clock: work is counted (tracemalloc peaks, the paths the process touched, entries in
a cache), and subprocess timeouts are only a safety net."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from surfaces import ROOT, assert_clean, deckdsl, reproducer

import deckdsl as api
from deckdsl.diagnostics import MAX_LISTED
from deckdsl.files import MAX_CACHED, inside, remember, write_atomic
from deckdsl.lang.parse import MAX_LOST_BLOCKS

STANDARD = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")
SECRET = "SECRET_TOKEN=abc123"


@pytest.fixture
def leaky(tmp_path):
    """A deck folder beside a secret: links out of the folder to it (a deck, a profile, a nested deck, a
    folder), a link that stays inside, and the standard deck."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    (outside / "my-game.game").write_text(SECRET + "\n", encoding="utf-8")
    folder = tmp_path / "decks"
    (folder / "sub").mkdir(parents=True)
    (folder / "janken-wars.deck").write_text(STANDARD, encoding="utf-8")
    (folder / "leak.deck").symlink_to(outside / "secret.txt")
    (folder / "passwd.game").symlink_to("../outside/secret.txt")
    (folder / "sub" / "deep.deck").symlink_to("../../outside/secret.txt")
    (folder / "sub" / "up.deck").symlink_to("../janken-wars.deck")  # inside: read as usual
    (folder / "away").symlink_to(outside, target_is_directory=True)  # a folder out: not walked
    return folder


# ------------------------------------------------------------------------------ symlinks ---


@pytest.mark.parametrize("form", ["full", "concise", "json", "github", "sarif"])
def test_check_of_a_folder_reports_links_out_of_it_without_a_byte_of_their_targets(leaky, form):
    proc = deckdsl("check", "--format", form, leaky)
    output = assert_clean(proc, 1)
    assert SECRET not in output and "abc123" not in output
    for name in ("leak.deck", "passwd.game", "deep.deck"):
        assert re.search(rf"{name}\W.*DK015|DK015.*{name}", output, re.S), (name, output)
    assert output.count("DK015") >= 3 or form in ("json", "sarif")
    assert "away" not in output  # a link to a folder is not walked


def test_links_inside_the_folder_are_read_and_the_folder_given_is_the_bound(leaky):
    found = json.loads(deckdsl("check", "--format", "json", leaky).stdout)
    codes = {(Path(d["path"]).name, d["code"]) for d in found["diagnostics"]}
    assert ("up.deck", "DK015") not in codes and found["files"] == 5
    assert {("leak.deck", "DK015"), ("passwd.game", "DK015"), ("deep.deck", "DK015")} <= codes


def test_a_link_named_on_the_command_line_is_bound_by_its_own_folder(leaky):
    output = assert_clean(deckdsl("check", leaky / "leak.deck"), 1, "DK015", "leak.deck:1:1")
    assert SECRET not in output
    assert_clean(deckdsl("check", leaky / "sub" / "up.deck"), 1, "DK015")  # leads out of sub/
    for command in (["render", "-o", leaky.parent / "x.pdf"], ["show"], ["text"], ["fmt", "--check"]):
        output = deckdsl(*command[:1], leaky / "leak.deck", *command[1:]).stdout
        assert SECRET not in output


def test_a_profile_linked_from_outside_is_not_read(leaky):
    (leaky / "x.deck").write_text('deck "X" {\n  game: my-game\n}\n', encoding="utf-8")
    (leaky / "my-game.game").symlink_to(leaky.parent / "outside" / "my-game.game")
    output = assert_clean(deckdsl("check", leaky / "x.deck"), 1, "DK507")
    assert SECRET not in output
    result = api.load_game(leaky / "my-game.game")
    assert [d.code for d in result.diagnostics] == ["DK015"] and result.text == ""


def _touched(work) -> set[str]:
    """Every path the process opened, listed, stat'ed or whose link it read while `work()` ran: an audit
    hook for opening and listing, and wrappers of `os.stat`/`os.lstat`/`os.readlink` (which raise no
    audit event), the functions pathlib and os.path go through."""
    seen: set[str] = set()
    watching = [True]

    def hook(event, args):
        if watching[0] and event in ("open", "os.listdir", "os.scandir") and args and args[0] is not None:
            seen.add(os.fsdecode(args[0]) if isinstance(args[0], (str, bytes, os.PathLike)) else "")

    sys.addaudithook(hook)
    originals = {name: getattr(os, name) for name in ("stat", "lstat", "readlink")}

    def spy(name):
        def call(path, *args, **kwargs):
            if isinstance(path, (str, bytes, os.PathLike)):
                seen.add(os.fsdecode(path))
            return originals[name](path, *args, **kwargs)
        return call

    try:
        for name in originals:
            setattr(os, name, spy(name))
        work()
    finally:
        for name, original in originals.items():
            setattr(os, name, original)
        watching[0] = False
    return seen


def test_nothing_outside_the_folder_is_opened_listed_or_stated(leaky, tmp_path):
    """In process, the checker's own code: the links' targets are judged by what the links say."""
    (leaky / "x.deck").write_text('deck "X" {\n  game: my-game\n}\n' + STANDARD[STANDARD.index("card "):]
                                  .replace("  value: 2\n", '  value: 2\n  art: "away/secret.txt"\n', 1)
                                  .replace("  value: 4\n", '  value: 4\n  art: "../outside/secret.txt"\n', 1),
                                  encoding="utf-8")
    (leaky / "my-game.game").symlink_to(leaky.parent / "outside" / "my-game.game")
    outside = str(leaky.parent / "outside")

    def work():
        for name in ("leak.deck", "sub/deep.deck", "x.deck"):
            api.load(leaky / name, root=leaky)
        api.load_game(leaky / "passwd.game", root=leaky)

    touched = _touched(work)
    assert touched, "the spy saw nothing: it does not work"
    assert not [path for path in touched if path.startswith(outside)], sorted(touched)
    assert any(path.endswith("leak.deck") for path in touched)  # the link itself was looked at


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed (.ci/run installs it)")
def test_strace_sees_no_system_call_on_a_path_outside_the_folder(leaky, tmp_path):
    """The whole command, C libraries included: every file system call of `check DIR/`."""
    log = tmp_path / "strace.log"
    subprocess.run(["strace", "-f", "-e", "trace=%file", "-o", str(log), sys.executable, "-m", "deckdsl", "check",
                    str(leaky)], capture_output=True, timeout=300, cwd=ROOT)
    calls = log.read_text(encoding="utf-8", errors="replace")
    paths = [_absolute(m.group(1)) for m in re.finditer(r'^\d+ +\w+\((?:AT_FDCWD, )?"([^"]*)"', calls, re.M)]
    assert str(leaky / "leak.deck") in paths and "readlink" in calls
    outside = str(leaky.parent / "outside")
    assert not [path for path in paths if path.startswith(outside) or "secret.txt" in path], calls[-3000:]


def _absolute(path: str) -> str:
    return os.path.normpath(path if os.path.isabs(path) else os.path.join(ROOT, path))


def test_inside_follows_links_by_what_they_say():
    """`deckdsl.files.inside`, the one walk every reader of the deck's folder uses."""
    import tempfile

    with tempfile.TemporaryDirectory() as top:
        top = Path(top)
        root = top / "d"
        (root / "sub").mkdir(parents=True)
        (root / "a.deck").write_text("x", encoding="utf-8")
        (top / "s").write_text("s", encoding="utf-8")
        links = {"out": top / "s", "out_rel": "../s", "in": "a.deck", "sub/in_up": "../a.deck",
                 "sub/up": "..", "loop": "loop", "abs_in": root / "a.deck"}
        for name, target in links.items():
            (root / name).symlink_to(target)
        real = root.resolve()
        expected = {"a.deck": real / "a.deck", "out": None, "out_rel": None, "in": real / "a.deck",
                    "sub/in_up": real / "a.deck", "sub/up/a.deck": real / "a.deck", "sub/up/../s": None,
                    "loop": None, "abs_in": real / "a.deck", "missing.png": real / "missing.png",
                    "sub/../a.deck": real / "a.deck", "..": None, str(top / "s"): None,
                    str(root / "a.deck"): real / "a.deck"}
        for path, want in expected.items():
            assert inside(root, path) == want, path


# -------------------------------------------------------------------------------- memory ---

FLOOR = 16_000_000
"""Bytes any check may use whatever its size: the grammar's tables, the profile, the rules' own data, and
the scanner's table of a file's blocks, which stops at `MAX_BLOCKS` (100,000 blocks, about 15 MB)."""

SHAPES = {
    "one long word": lambda n: "x" * n,
    "a long word in a card": lambda n: f'card "A" {{\n  type: {"x" * n}\n}}\n',
    "hyphenated": lambda n: f'card "A" {{\n  type: {"x-" * (n // 2)}x\n}}\n',
    "a long string": lambda n: f'card "A" {{\n  flavor: "{"x" * n}"\n}}\n',
    "an unterminated string": lambda n: f'card "A" {{\n  flavor: "{"x" * n}\n}}\n',
    "escapes": lambda n: f'card "A" {{\n  flavor: "{chr(92) * 2 * (n // 2)}"\n}}\n',
    "a long comment": lambda n: "#" + "x" * n + "\n",
    "blank lines": lambda n: "\n" * n,
    "comment lines": lambda n: "#\n" * (n // 2),
    "digits": lambda n: f'card "A" {{\n  value: {"9" * n}\n}}\n',
    "an effect's word": lambda n: f'card "A" {{\n  action: gain {"x" * n}\n}}\n',
    "stray braces": lambda n: "}" * n,
    "unclosed cards": lambda n: 'card "Estilete Afiado" {\n' * (n // 25),
    "the standard deck's cards, renamed": lambda n: "".join(
        re.sub(r'card "([^"]+)"', rf'card "\1 {i}"', STANDARD[STANDARD.index("card "):])
        for i in range(n // 1800)),
}
"""Decks of about N characters, each the worst of one kind: one long token, one mistake repeated."""

HEADER = 'deck "X" {\n  game: janken-wars\n}\n'


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_check_takes_at_most_fifty_times_the_file_in_memory(shape):
    api.loads(HEADER + STANDARD[STANDARD.index("card "):])  # the grammar, the profile and the rules, loaded
    text = HEADER + SHAPES[shape](300_000)
    tracemalloc.start()
    try:
        api.loads(text, "shape.deck")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 50 * len(text) + FLOOR, f"{peak / len(text):.0f}× the file"


def test_the_reproducers_check_within_a_small_address_space(tmp_path):
    """The 600 KB word (1.13 GB once) through the CLI, under a 1 GB address-space limit."""
    deck = reproducer("long_word_600KB.deck", tmp_path)

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    proc = subprocess.run([sys.executable, "-m", "deckdsl", "check", str(deck)], capture_output=True, text=True,
                          timeout=300, preexec_fn=cap, cwd=ROOT)
    output = assert_clean(proc, 1, "DK001", "600,000 characters")
    assert len(output) < 10_000  # the word is shown by its start, not whole


def test_a_mistake_repeated_is_listed_a_thousand_times_and_counted():
    text = HEADER + "".join(f'card "C{i}" {{}}\n' for i in range(MAX_LISTED + 500))
    found = api.loads(text, "many.deck").diagnostics
    assert sum(d.code == "DK104" for d in found) == MAX_LISTED
    notes = [d for d in found if d.code == "DK016"]
    assert any("more `DK104` findings" in d.message and f"{3 * (MAX_LISTED + 500) - MAX_LISTED:,}" in d.message
               for d in notes), [d.message for d in notes]
    assert found[-1].code in ("DK016", "DK131")  # afterwords, after the findings


def test_reading_stops_after_a_thousand_blocks_with_syntax_errors():
    text = HEADER + 'card "Estilete Afiado" {\n' * (MAX_LOST_BLOCKS + 200)
    found = api.loads(text, "unclosed.deck").diagnostics
    assert sum(d.code == "DK002" for d in found) == MAX_LOST_BLOCKS
    assert [d.code for d in found if d.code == "DK014"] == ["DK014"]


def test_a_long_quote_in_a_message_is_shown_by_its_start():
    found = api.loads(HEADER + f'card "A" {{\n  {"x" * 5000}: 1\n}}\n').diagnostics
    assert found and all(len(d.message) < 600 and len(d.help or "") < 600 for d in found)
    assert any("5,000 characters" in d.message for d in found)


# -------------------------------------------------------------------------------- caches ---


def test_a_profile_saved_again_and_again_is_not_kept_again_and_again(tmp_path, monkeypatch):
    """`preview` and `lsp` re-read a profile on every save: the built profiles kept in memory are bounded."""
    from deckdsl.profiles import profile

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    game = tmp_path / "janken-wars.game"
    text = (ROOT / "deckdsl" / "games" / "janken_wars" / "janken-wars.game").read_text(encoding="utf-8")
    for save in range(200):
        game.write_text(text + f"\n# save {save}\n", encoding="utf-8")
        os.utime(game, ns=(save, save))
        assert profile.read(game)[0] is not None
    assert profile._read.cache_info().currsize <= profile._read.cache_info().maxsize <= 64


def test_the_cache_folder_keeps_the_recently_used_files_of_each_kind(tmp_path):
    for number in range(MAX_CACHED + 40):
        path = tmp_path / f"profile-{number:04}.pickle"
        remember(str(path), b"x")
        os.utime(path, ns=(number, number))  # each newer than the last
    remember(str(tmp_path / "grammar-1.lark-cache"), b"g")
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("profile-"))
    assert len(kept) == MAX_CACHED and kept[0] == f"profile-{40:04}.pickle"
    assert (tmp_path / "grammar-1.lark-cache").exists()  # another kind, its own count


# ------------------------------------------------------------------- writing, full disks ---


def test_write_atomic_keeps_mode_writes_through_a_link_and_refuses_a_read_only_file(tmp_path):
    private = tmp_path / "private.deck"
    private.write_text("old", encoding="utf-8")
    private.chmod(0o600)
    write_atomic(private, b"new")
    assert private.read_bytes() == b"new" and (private.stat().st_mode & 0o777) == 0o600
    target = tmp_path / "v3.deck"
    target.write_text("v3", encoding="utf-8")
    link = tmp_path / "current.deck"
    link.symlink_to("v3.deck")
    write_atomic(link, b"v4")
    assert link.is_symlink() and target.read_bytes() == b"v4"
    frozen = tmp_path / "frozen.deck"
    frozen.write_text("keep", encoding="utf-8")
    frozen.chmod(0o444)
    with pytest.raises(OSError, match="read-only") as raised:
        write_atomic(frozen, b"lost")
    assert raised.value.filename == str(frozen) and frozen.read_text(encoding="utf-8") == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.deck", "frozen.deck", "private.deck", "v3.deck"]


def _limited(args, cwd: Path, limit: int) -> subprocess.CompletedProcess:
    """The CLI with every file it writes limited to `limit` bytes (RLIMIT_FSIZE: a write past it fails
    with EFBIG, as a full disk fails with ENOSPC), its caches in a folder of their own."""
    def cap():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "deckdsl", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=300, preexec_fn=cap,
                          env={**os.environ, "XDG_CACHE_HOME": str(cwd / "cache")})


@pytest.mark.parametrize("command, output", [
    (["export", "csv", "base.deck", "-o", "out.csv"], "out.csv"),
    (["new", "--game", "janken-wars", "-o", "out.deck", "--force"], "out.deck"),
    (["import", "csv", "sheet.csv", "--game", "janken-wars", "-o", "out.deck", "--force"], "out.deck"),
])
def test_a_full_disk_is_an_io_error_and_the_old_file_stays(tmp_path, command, output):
    (tmp_path / "base.deck").write_text(STANDARD, encoding="utf-8")
    assert_clean(deckdsl("export", "csv", "base.deck", "-o", "sheet.csv", cwd=tmp_path), 0)
    old = tmp_path / output
    old.write_bytes(b"the good file of yesterday")
    proc = _limited(command, tmp_path, 256)
    output_text = assert_clean(proc, 2, output)
    assert "File too large" in output_text or "No space left" in output_text
    assert old.read_bytes() == b"the good file of yesterday"
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_render_on_a_full_disk_is_an_io_error_and_the_old_pdf_stays(tmp_path, monkeypatch):
    """The PDF is complete in memory, then its write fails (WeasyPrint's own font files, written first,
    are larger than a PDF, so a limit on file sizes stops them first: here the disk fills at the PDF)."""
    from click.testing import CliRunner

    from deckdsl.cli import main

    (tmp_path / "base.deck").write_text(STANDARD, encoding="utf-8")
    old = tmp_path / "out.pdf"
    old.write_bytes(b"%PDF of yesterday")

    def full(descriptor):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    result = CliRunner().invoke(main, ["render", str(tmp_path / "base.deck"), "-o", str(old)])
    assert result.exit_code == 2, result.output
    assert "out.pdf: cannot write it (No space left on device); nothing was replaced" in result.output
    assert "internal error" not in result.output
    assert old.read_bytes() == b"%PDF of yesterday"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base.deck", "out.pdf"]


@pytest.fixture
def printed(leaky):
    """The standard deck beside links out of its folder: its theme, one card's art through a link to a
    folder, another's through a link to a file."""
    outside = leaky.parent / "outside"
    (outside / "pic.png").write_bytes(b"\x89PNG SECRET_TOKEN=abc123")
    (outside / "theme.html.j2").write_text(SECRET + "\n", encoding="utf-8")
    (leaky / "theme.html.j2").symlink_to(outside / "theme.html.j2")
    (leaky / "pic.png").symlink_to("../outside/pic.png")
    deck = leaky / "janken-wars.deck"
    deck.write_text(STANDARD.replace("  value: 2\n", '  value: 2\n  art: "away/pic.png"\n', 1)
                    .replace("  value: 4\n", '  value: 4\n  art: "pic.png"\n', 1), encoding="utf-8")
    return deck


@pytest.mark.parametrize("command", [["check", "--render-lint", "DECK"], ["render", "DECK", "-o", "OUT/x.pdf"],
                                     ["export", "png", "DECK", "--dpi", "30", "-o", "OUT/png"]])
def test_printing_reads_no_theme_nor_art_through_a_link_out(printed, command):
    args = [str(printed) if a == "DECK" else str(printed.parent.parent / a[4:]) if a.startswith("OUT/") else a
            for a in command]
    output = assert_clean(deckdsl(*args), 1)
    assert SECRET not in output and "abc123" not in output
    assert "DK301" in output and "away/pic.png" in output
    assert not (printed.parent.parent / "x.pdf").exists() and not (printed.parent.parent / "png").exists()


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed (.ci/run installs it)")
def test_strace_sees_no_render_call_on_a_path_outside_the_folder(printed, tmp_path):
    log = tmp_path / "strace.log"
    subprocess.run(["strace", "-f", "-e", "trace=%file", "-o", str(log), sys.executable, "-m", "deckdsl", "check",
                    "--render-lint", str(printed)], capture_output=True, timeout=600, cwd=ROOT)
    calls = log.read_text(encoding="utf-8", errors="replace")
    paths = [_absolute(m.group(1)) for m in re.finditer(r'^\d+ +\w+\((?:AT_FDCWD, )?"([^"]*)"', calls, re.M)]
    assert str(printed) in paths
    outside = str(printed.parent.parent / "outside")
    assert not [path for path in paths if path.startswith(outside)], calls[-3000:]


def test_the_preview_serves_no_file_through_a_link_out(printed):
    from deckdsl.editor import preview

    types = {".png": "image/png"}
    assert preview.served(printed.parent, "pic.png", types) is None
    assert preview.served(printed.parent, "away/pic.png", types) is None
    (printed.parent / "own.png").write_bytes(b"\x89PNG")
    assert preview.served(printed.parent, "own.png", types) == (printed.parent / "own.png").resolve()
    outside = str(printed.parent.parent / "outside")
    touched = _touched(lambda: preview.served(printed.parent, "pic.png", types))
    assert not [path for path in touched if path.startswith(outside)], sorted(touched)
