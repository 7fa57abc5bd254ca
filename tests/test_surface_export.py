"""`deckdsl export png` and the pictures a deck points at (issue 26): the pixels of an export bounded from its
options before anything is drawn (a usage error past them), memory for one card at a time under an
address-space limit, a picture over its bound refused from its header (DK310) by `check`, the renderer and
its fetcher, and the output folder swapped in whole — a real kill at any moment, a full disk, the files of
the folder that are not the export's.  Work and memory are counted, never timed."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from surfaces import ROOT, assert_clean, deckdsl, reproducer

import deckdsl as package
from deckdsl import folders
from deckdsl.check import pictures
from deckdsl.printing import export, render
from deckdsl.span import Span

MAX_CARD = "200x200"


def _png(path: Path, width: int, height: int, rows: bool = True) -> Path:
    """A black RGB PNG of `width` × `height`, compressed as it is made (a few MB for 12000×12000); without
    `rows`, only its header (what `Image.open` reads) and no pixel data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    body = b""
    if rows:
        compressor, row = zlib.compressobj(1), bytes(1 + 3 * width)
        body = b"".join(compressor.compress(row) for _ in range(height)) + compressor.flush()
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", body) + chunk(b"IEND", b""))
    return path


def _with_art(tmp_path: Path, art: str = "arte/enorme.png") -> Path:
    """The standard deck with `art:` on its first card (line 25, column 3)."""
    deck = reproducer("janken-wars.deck", tmp_path)
    first = "  condition: discarded first\n"
    deck.write_text(deck.read_text(encoding="utf-8").replace(first, f'{first}  art: "{art}"\n', 1), encoding="utf-8")
    (tmp_path / "arte").mkdir(exist_ok=True)
    return deck


def _files(folder: Path) -> dict[str, bytes]:
    """The files of `folder` by name, but the manifest of its last export (`folders.MANIFEST`)."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())
            if path.is_file() and path.name != folders.MANIFEST}


def _leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.parent.iterdir() if path.name.startswith(f".{folder.name}."))


# -------------------------------------------------------------------------------- the bounds ---


def test_the_documented_options_past_the_image_bound_are_a_usage_error(tmp_path):
    reproducer("janken-wars.deck", tmp_path)
    proc = deckdsl("export", "png", "janken-wars.deck", "--dpi", "1200", "--card-size", MAX_CARD, "--bleed-mm", "20",
                   cwd=tmp_path)
    assert_clean(proc, 2, "Usage:", "11,339×11,339 px", "128.6 million pixels", "at most 16.8 million",
                 "lower --dpi to 433 or less", "--card-size or --bleed-mm")
    assert not (tmp_path / "out").exists()


def test_the_bound_is_checked_before_the_render_and_its_suggested_dpi_fits(monkeypatch):
    result = package.load(ROOT / "decks" / "janken-wars.deck")
    monkeypatch.setattr(render, "print_pdf", lambda *args: pytest.fail("rendered before the bound was checked"))
    options = render.Options(card=(200.0, 200.0), bleed=20.0)
    with pytest.raises(export.TooLarge) as refused:
        export.png(result.deck, ROOT / "decks" / "janken-wars.deck", options, result.profile, 1200)
    suggested = int(str(refused.value).split("lower --dpi to ")[1].split()[0])
    export.check_size(result.deck, options, result.profile, suggested)  # fits
    with pytest.raises(export.TooLarge):
        export.check_size(result.deck, options, result.profile, suggested + 1)


def test_the_whole_export_is_bounded_too(tmp_path):
    """Many distinct cards at 1200 dpi: each image fits, all of them together do not."""
    deck = reproducer("janken-wars.deck", tmp_path)
    deck.write_text(deck.read_text(encoding="utf-8") + "".join(
        f'\ncard "Extra {n}" {{\n  type: pedra\n  rarity: simples\n  value: 1\n}}\n' for n in range(80)),
        encoding="utf-8")
    result = package.load(deck)
    export.check_size(result.deck, render.Options(), result.profile, 600)
    with pytest.raises(export.TooLarge) as refused:
        export.check_size(result.deck, render.Options(), result.profile, 1200)
    message = str(refused.value)
    assert "up to 184 images" in message and "million in all" in message and "export fewer cards" in message
    suggested = int(message.split("lower --dpi to ")[1].split()[0])
    export.check_size(result.deck, render.Options(), result.profile, suggested)
    with pytest.raises(export.TooLarge):
        export.check_size(result.deck, render.Options(), result.profile, suggested + 1)


MEMORY = """
import resource, sys
from pathlib import Path
import deckdsl
from deckdsl.printing import export, render

def peak():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmPeak:"))

deck = Path(sys.argv[1])
result = deckdsl.load(deck)
for _ in export.png(result.deck, deck, render.Options(), result.profile, 30).made():
    pass  # every module loaded, the render's own memory reached once
limit = peak() + int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
made = export.png(result.deck, deck, render.Options(), result.profile, float(sys.argv[3]))
print(sum(1 for _ in made.made()), "files")
"""


def test_an_export_holds_one_card_in_memory_not_the_whole_export(tmp_path):
    """51 distinct cards at 400 dpi, each face and back 6.6 MB: drawn all at once they are 670 MB (the
    export before, killed here by a MemoryError); one at a time they fit in 200 MB over what the same
    export at 30 dpi reached."""
    deck = reproducer("janken-wars.deck", tmp_path)
    deck.write_text(deck.read_text(encoding="utf-8") + "".join(
        f'\ncard "Extra {n}" {{\n  type: pedra\n  rarity: simples\n  value: {n % 3 + 1}\n}}\n' for n in range(40)),
        encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", MEMORY, str(deck), str(200 * 2**20), "400"], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["52", "files"]


# ------------------------------------------------------------------------- the pictures ---


def test_a_picture_larger_than_any_card_needs_is_dk310_at_its_art_line(tmp_path):
    deck = _with_art(tmp_path)
    _png(tmp_path / "arte" / "enorme.png", 12000, 12000)
    for command in (("check", deck.name), ("render", deck.name, "-o", "x.pdf"),
                    ("export", "png", deck.name, "--dpi", "30", "-o", "png")):
        proc = deckdsl(*command, cwd=tmp_path)
        assert_clean(proc, 1, "error[DK310]", "janken-wars.deck:25:3", "12000×12000 px", "33,554,432 pixels")
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "png").exists()


def test_a_picture_past_pillows_own_bound_is_measured_from_its_header(tmp_path):
    bomb = _png(tmp_path / "bomba.png", 50000, 50000, rows=False)
    [problem] = pictures.oversize(bomb, "bomba.png", Span(1, 1, 1, 1, 0, 0))
    assert problem.code == "DK310" and "over 178,956,970 pixels" in problem.message
    small = _png(tmp_path / "ok.png", 1642, 2242, rows=False)
    assert list(pictures.oversize(small, "ok.png", Span(1, 1, 1, 1, 0, 0))) == []
    assert pictures.measure(ROOT / "README.md") is None  # not a picture: WeasyPrint decides


RENDERS = """
import resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
import deckdsl
from deckdsl.printing import render, themes

deck = Path(sys.argv[1])
result = deckdsl.load(deck)  # its check says DK310 too; the library renders anyway
print(sorted({p.code for p in render.render(result.deck, deck, deck.with_name("a.pdf"), render.Options(),
                                            result.profile)}), deck.with_name("a.pdf").exists())
plain = deck.with_name("plain.deck")
themed = render.Options(theme=themes.find(plain.parent, plain.parent / "tema"))
print(sorted({p.code for p in render.render(deckdsl.load(plain).deck, plain, deck.with_name("b.pdf"), themed,
                                            result.profile)}), deck.with_name("b.pdf").exists())
"""


def test_the_renderer_never_decodes_an_oversize_picture(tmp_path):
    """Under a 1 GB address space (the 12000×12000 picture took a render to 1.26 GB): a card's picture is
    a DK310 and no PDF; so is one a theme's style points at, which the fetcher refuses to serve."""
    deck = _with_art(tmp_path)
    _png(tmp_path / "arte" / "enorme.png", 12000, 12000)
    (tmp_path / "plain").mkdir()
    reproducer("janken-wars.deck", tmp_path / "plain").rename(tmp_path / "plain.deck")
    (tmp_path / "tema").mkdir()
    _png(tmp_path / "tema" / "fundo.png", 12000, 12000)
    (tmp_path / "tema" / "theme.html.j2").write_text(
        '{% extends "deck.html.j2" %}\n{% block style %}.card { background-image: url("{{ theme }}/fundo.png"); }'
        "{% endblock %}\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-c", RENDERS, str(deck)], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.splitlines() == ["['DK310'] False", "['DK310'] False"]


# -------------------------------------------------------------------------- written whole ---


KILLER = """
import os, signal, sys
from deckdsl.printing import export

original = export.png

def png(*args, **kwargs):
    exported = original(*args, **kwargs)
    made, at = exported.made, int(os.environ["KILL_AT"])

    def files():
        for number, item in enumerate(made(), 1):
            if number == at:
                os.kill(os.getpid(), signal.SIGKILL)
            yield item

    exported.made = files
    return exported

export.png = png
from deckdsl.cli import main
main(sys.argv[1:], prog_name="deckdsl")
"""


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """A folder with the standard deck exported (`png/`, the old export), the deck then changed (its
    version, printed on every face), and the new export made elsewhere to compare with."""
    folder = tmp_path_factory.mktemp("swap")
    deck = reproducer("janken-wars.deck", folder)
    assert_clean(deckdsl("export", "png", deck.name, "--dpi", "30", "-o", "png", cwd=folder), 0)
    old = _files(folder / "png")
    deck.write_text(deck.read_text(encoding="utf-8").replace('version: "1.0"', 'version: "1.1"'), encoding="utf-8")
    assert_clean(deckdsl("export", "png", deck.name, "--dpi", "30", "-o", "new", cwd=folder), 0)
    new = _files(folder / "new")
    assert len(old) == len(new) == 12 and all(old[name] != new[name] for name in old if name != "back.png")
    return folder, old, new


@pytest.mark.parametrize("kill_at", [1, 6, 12])
def test_a_kill_mid_export_leaves_the_old_export_whole_and_the_next_run_clears_it(exports, kill_at):
    folder, old, new = exports
    proc = subprocess.run([sys.executable, "-c", KILLER, "export", "png", "janken-wars.deck", "--dpi", "30",
                           "-o", "png"], cwd=folder, env={**os.environ, "KILL_AT": str(kill_at)},
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == -9, proc.stderr[-3000:]
    assert _files(folder / "png") == old
    [staging] = _leftovers(folder / "png")  # the killed run's new folder, with the images it had written
    assert len(list((folder / staging).iterdir())) == kill_at - 1


def test_the_run_after_a_kill_writes_the_new_export_whole_and_leaves_nothing_beside_it(exports):
    folder, old, new = exports
    proc = subprocess.run([sys.executable, "-c", KILLER, "export", "png", "janken-wars.deck", "--dpi", "30",
                           "-o", "png"], cwd=folder, env={**os.environ, "KILL_AT": "3"}, capture_output=True,
                          timeout=600)
    assert proc.returncode == -9 and _leftovers(folder / "png")
    assert_clean(deckdsl("export", "png", "janken-wars.deck", "--dpi", "30", "-o", "png", cwd=folder), 0,
                 "wrote 12 files")
    assert _files(folder / "png") == new and _leftovers(folder / "png") == []


SWAP = """
import os, shutil, signal, sys
from pathlib import Path
from deckdsl import folders

target, moment = Path(sys.argv[1]), sys.argv[2]
files = [(f"{n:02d}-nova.png", b"new %d" % n) for n in range(1, 6)]
if moment == "after-swap":  # the new folder is in place; the old one, beside it, not yet removed
    shutil.rmtree = lambda path, **kwargs: os.kill(os.getpid(), signal.SIGKILL)
else:  # no exchange: killed between the two renames, the old folder aside and the new one not yet in
    folders._exchange = lambda first, second: False
    rename = os.rename
    def renaming(source, destination):
        if moment == "between-renames" and Path(destination) == target:
            os.kill(os.getpid(), signal.SIGKILL)
        rename(source, destination)
    os.rename = renaming
print(folders.replace(target, files))
"""


def _swapped(tmp_path: Path, moment: str) -> tuple[Path, dict[str, bytes], subprocess.CompletedProcess]:
    """A folder that holds an export (three images and their manifest) and a file of the designer's."""
    target = tmp_path / "png"
    folders.replace(target, [(f"{n:02d}-velha.png", b"old %d" % n) for n in range(1, 4)])
    (target / "LEIA-ME.txt").write_bytes(b"notes")
    old = _files(target)
    proc = subprocess.run([sys.executable, "-c", SWAP, str(target), moment], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    return target, old, proc


NEW = {f"{n:02d}-nova.png": b"new %d" % n for n in range(1, 6)} | {"LEIA-ME.txt": b"notes"}


def test_a_kill_just_after_the_swap_leaves_the_new_folder_whole(tmp_path):
    target, _, proc = _swapped(tmp_path, "after-swap")
    assert proc.returncode == -9, proc.stderr
    assert _files(target) == NEW and len(_leftovers(target)) == 1  # the old folder, swapped out
    folders.recover(target)
    assert _files(target) == NEW and _leftovers(target) == []


def test_without_an_exchange_a_kill_between_the_renames_puts_the_old_folder_back(tmp_path):
    target, old, proc = _swapped(tmp_path, "between-renames")
    assert proc.returncode == -9, proc.stderr
    assert not target.exists() and sorted(name.rsplit(".", 1)[1] for name in _leftovers(target)) == ["old", "tmp"]
    folders.recover(target)
    assert _files(target) == old and _leftovers(target) == []


def test_without_an_exchange_two_renames_swap_the_folder(tmp_path):
    target, _, proc = _swapped(tmp_path, "renames")
    assert proc.returncode == 0, proc.stderr
    assert "kept=['LEIA-ME.txt']" in proc.stdout
    assert _files(target) == NEW and _leftovers(target) == []


def test_an_export_replaces_only_the_files_of_the_last_one(exports, tmp_path):
    """The last export's files go (an image of a card since removed among them, listed in its manifest);
    the designer's files stay — a README, Finder's file, a picture named like an export's."""
    folder, _, new = exports
    target = tmp_path / "png"
    shutil.copytree(folder / "png", target)
    listed = json.loads((target / folders.MANIFEST).read_text(encoding="utf-8"))
    (target / "13-carta-removida.png").write_bytes(b"old")
    listed["files"]["13-carta-removida.png"] = hashlib.sha256(b"old").hexdigest()
    (target / folders.MANIFEST).write_text(json.dumps(listed), encoding="utf-8")
    mine = {"README.md": "para a gráfica\n".encode(), ".DS_Store": b"\0finder", "2024-logo.png": b"logo"}
    for name, data in mine.items():
        (target / name).write_bytes(data)
    proc = deckdsl("export", "png", folder / "janken-wars.deck", "--dpi", "30", "-o", target, cwd=tmp_path)
    assert_clean(proc, 0, "wrote 12 files", "kept .DS_Store, 2024-logo.png, README.md: not the export's")
    assert _files(target) == new | mine
    manifest = json.loads((target / folders.MANIFEST).read_text(encoding="utf-8"))["files"]
    assert manifest == {name: hashlib.sha256(data).hexdigest() for name, data in new.items()}


def test_a_file_the_export_did_not_write_is_never_written_over(exports, tmp_path):
    """An image edited after the export is the designer's; a `back.png` of their own, in a folder no export
    wrote: the export would write the same names, so it refuses and changes nothing."""
    folder, old, _ = exports
    edited = tmp_path / "editada"
    shutil.copytree(folder / "png", edited)
    (edited / "01-muro-alto.png").write_bytes(b"retouched by hand")
    mine = tmp_path / "minha"
    mine.mkdir()
    (mine / "back.png").write_bytes(b"my own back")
    for target, taken in ((edited, "01-muro-alto.png"), (mine, "back.png")):
        before = {path.name: path.read_bytes() for path in target.iterdir()}
        proc = deckdsl("export", "png", folder / "janken-wars.deck", "--dpi", "30", "-o", target, cwd=tmp_path)
        assert_clean(proc, 2, f"holds `{taken}`, which the export writes too", "nothing was replaced")
        assert {path.name: path.read_bytes() for path in target.iterdir()} == before
        assert _leftovers(target) == []


def test_the_reported_export_keeps_the_deck_s_art_and_a_readme(tmp_path):
    """tests/crashes/surfaces-2/export-png-deletes-user-files: an export into the deck's own folder, which
    holds its art (`01-fogo.png`, used by a card), a README and an unrelated picture."""
    proc = subprocess.run(["sh", str(ROOT / "tests" / "crashes" / "surfaces-2" / "export-png-deletes-user-files" /
                                     "repro.sh")], cwd=ROOT, env={**os.environ, "TMPDIR": str(tmp_path),
                                                                  "D": f"{sys.executable} -m deckdsl"},
                          capture_output=True, text=True, timeout=600)
    assert "DEFECT" not in proc.stdout and "holds `back.png`, which the export writes too" in proc.stderr
    [folder] = tmp_path.iterdir()
    assert sorted(path.name for path in folder.iterdir()) == ["01-fogo.png", "2024-logo.png", "README", "back.png",
                                                              "d.deck"]


@pytest.fixture(scope="module")
def designers_folder(tmp_path_factory):
    """The deck's own folder, holding its art (a card's `art:`), a README and an unrelated picture — named
    as an export's images are — exported into once: the designer's files and their bytes, and the export's."""
    folder = tmp_path_factory.mktemp("own")
    deck = reproducer("janken-wars.deck", folder)
    first = "  condition: discarded first\n"
    deck.write_text(deck.read_text(encoding="utf-8").replace(first, f'{first}  art: "01-fogo.png"\n', 1),
                    encoding="utf-8")
    _png(folder / "01-fogo.png", 20, 30)
    (folder / "README").write_text("leia-me\n", encoding="utf-8")
    _png(folder / "2024-logo.png", 8, 8)
    mine = {path.name: path.read_bytes() for path in folder.iterdir()}
    assert_clean(deckdsl("export", "png", folder / deck.name, "--dpi", "30", "-o", folder), 0, "wrote 12 files",
                 "kept 01-fogo.png, 2024-logo.png, README …: not the export's")
    return folder, mine


def test_an_export_into_a_folder_with_the_designer_s_files_keeps_them_byte_for_byte(designers_folder):
    folder, mine = designers_folder
    assert {name: (folder / name).read_bytes() for name in mine} == mine
    assert len(_files(folder)) == len(mine) + 12 and (folder / folders.MANIFEST).is_file()


@pytest.mark.parametrize("kill_at", [1, 6, 12])
def test_a_killed_export_into_the_designer_s_folder_loses_nothing(designers_folder, kill_at):
    """Killed before the first image, in the middle, and at the last; then a whole run replaces the export's
    files and keeps the designer's (a kill during the swap itself: the tests of `folders` above)."""
    folder, mine = designers_folder
    before = _files(folder)
    proc = subprocess.run([sys.executable, "-c", KILLER, "export", "png", folder / "janken-wars.deck", "--dpi", "30",
                           "-o", folder], cwd=folder.parent, env={**os.environ, "KILL_AT": str(kill_at)},
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == -9, proc.stderr[-3000:]
    assert _files(folder) == before
    assert_clean(deckdsl("export", "png", folder / "janken-wars.deck", "--dpi", "30", "-o", folder,
                         cwd=folder.parent), 0, "wrote 12 files")
    assert _files(folder) == before and _leftovers(folder) == []


def test_an_output_folder_that_holds_folders_is_a_file_or_is_read_only_is_refused_before_any_work(exports, tmp_path):
    folder, _, _ = exports
    (tmp_path / "projeto" / "src").mkdir(parents=True)
    (tmp_path / "projeto" / "notes.txt").write_text("mine", encoding="utf-8")
    proc = deckdsl("export", "png", folder / "janken-wars.deck", "-o", tmp_path / "projeto", cwd=tmp_path)
    assert_clean(proc, 2, "--output:", "holds folders (src)", "a folder of its own")
    assert sorted(path.name for path in (tmp_path / "projeto").iterdir()) == ["notes.txt", "src"]
    (tmp_path / "arquivo").write_text("x", encoding="utf-8")
    proc = deckdsl("export", "png", folder / "janken-wars.deck", "-o", tmp_path / "arquivo", cwd=tmp_path)
    assert_clean(proc, 2, "is a file, not a folder")
    (tmp_path / "guardada").mkdir(mode=0o555)
    proc = deckdsl("export", "png", folder / "janken-wars.deck", "-o", tmp_path / "guardada", cwd=tmp_path)
    assert_clean(proc, 2, "is read-only")
    (tmp_path / "aqui").mkdir()
    for inside, output in (("aqui", "."), ("aqui", "..")):
        proc = deckdsl("export", "png", folder / "janken-wars.deck", "-o", output, cwd=tmp_path / inside)
        assert_clean(proc, 2, "is the folder you are in (or holds it)", "a folder of its own")


def test_an_output_folder_that_is_a_link_is_written_through(exports, tmp_path):
    folder, _, new = exports
    (tmp_path / "real").mkdir()
    (tmp_path / "png").symlink_to("real")
    assert_clean(deckdsl("export", "png", folder / "janken-wars.deck", "--dpi", "30", "-o", "png", cwd=tmp_path), 0)
    assert (tmp_path / "png").is_symlink() and _files(tmp_path / "real") == new


FULL = """
import resource, sys
from deckdsl.printing import export

original = export.png

def png(*args, **kwargs):
    exported = original(*args, **kwargs)
    made = exported.made

    def files():  # the disk fills up once the render is done: a write past 16 KB fails with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (16 * 1024, 16 * 1024))
        yield from made()

    exported.made = files
    return exported

export.png = png
from deckdsl.cli import main
main(sys.argv[1:], prog_name="deckdsl")
"""


def test_a_full_disk_is_an_io_error_and_leaves_the_old_export(exports):
    """A file-size limit stands for the full disk (it needs no root, and Python ignores SIGXFSZ, so the
    write fails with EFBIG as it would with ENOSPC)."""
    folder, _, _ = exports
    before = _files(folder / "png")
    proc = subprocess.run([sys.executable, "-c", FULL, "export", "png", "janken-wars.deck", "--dpi", "300", "-o",
                           "png"], cwd=folder, capture_output=True, text=True, timeout=600)
    assert_clean(proc, 2, "deckdsl: png: cannot write it (File too large); nothing was replaced")
    assert _files(folder / "png") == before and _leftovers(folder / "png") == []
