"""docs/profiles.md runs as written: the tutorial's profile, built step by step, is its final profile;
every `deckdsl` command it shows prints what it says; its decks check; its reference table lists exactly
the blocks and fields the profile language has.

The tutorial marks its files with fenced blocks (the first word is the block's language, the rest are
attributes that GitHub does not show):

- ```` ```game-fragment new title="F" ```` the profile file F as it stands at the start;
- ```` ```game-fragment add ```` lines the reader adds before the profile's last `}`;
- ```` ```game title="F" ```` the finished profile F: it must be what the steps built;
- ```` ```deck title="F" ```` a whole deck file F; ```` ```deck-excerpt title="F" ```` the first lines of
  F as the last command wrote it; ```` ```diff title="F" from="G" ```` F is G with the `-` lines removed
  and the `+` lines added;
- ```` ```console ```` `$ deckdsl …` commands and what they print, run in the folder the files above are
  written to, in order; ```` ```console replace="A" by="B" ```` (or `delete="LINE"`) runs them on the
  profile (or on `file="F"`) with that mistake made, and undoes it afterwards.
"""

from __future__ import annotations

import os
import re
import shlex
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
import deckdsl.profiles.profile
from deckdsl.cli import main
from deckdsl.profiles.profile import _BLOCKS, _GAME_FIELDS

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "profiles.md"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
RENDER_SECONDS = 10
"""A render that takes longer is stopped (DK304) and its test skipped."""
DIAGNOSTIC = re.compile(r"^(error|warning|info)\[[A-Z]{2}\d{3}\]: ")


@dataclass
class Block:
    kind: str
    words: tuple[str, ...]
    attrs: dict[str, str]
    text: str
    line: int


def blocks(doc: str | None = None) -> list[Block]:
    """The fenced blocks of the tutorial, in order."""
    doc = DOC.read_text(encoding="utf-8") if doc is None else doc
    found = []
    for match in FENCE.finditer(doc):
        info = shlex.split(match.group(1))
        if not info:
            continue
        attrs = dict(word.split("=", 1) for word in info[1:] if "=" in word)
        words = tuple(word for word in info[1:] if "=" not in word)
        found.append(Block(info[0], words, attrs, match.group(2), doc.count("\n", 0, match.start()) + 1))
    return found


def add(profile: str, fragment: str) -> str:
    """The profile with `fragment` added before its last `}`, after a blank line."""
    head, _, _ = profile.rstrip("\n").rpartition("\n}")
    return f"{head}\n\n{fragment.rstrip()}\n}}\n"


def apply_diff(source: str, diff: str) -> str:
    """`source` with a context diff (lines ` `, `-`, `+`, no headers) applied once."""
    lines = [line or " " for line in diff.rstrip("\n").split("\n")]  # an editor may strip a lone " "
    before = "".join(line[1:] + "\n" for line in lines if line[:1] in (" ", "-"))
    after = "".join(line[1:] + "\n" for line in lines if line[:1] in (" ", "+"))
    assert source.count(before) == 1, f"the diff's lines are not once in the file:\n{before}"
    return source.replace(before, after)


@dataclass
class Run:
    """A command the tutorial shows: what it says it prints and what it printed."""

    command: str
    shown: str
    printed: str
    exit_code: int
    line: int


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    # A new mtime every time: the profile reader caches by (path, mtime, size), and a step's file can have
    # the size of the one before it.
    stamp = time.time_ns() + _write.count * 1_000_000
    _write.count += 1
    os.utime(path, ns=(stamp, stamp))


_write.count = 0


def mistake(text: str, block: Block) -> str:
    """`text` with the mistake a console block's attributes describe: `replace="A" by="B"` (A once in the
    file) or `delete="LINE"` (the one line that reads LINE, spaces aside)."""
    if "replace" in block.attrs:
        assert text.count(block.attrs["replace"]) == 1, f"line {block.line}: `replace` must occur once"
        return text.replace(block.attrs["replace"], block.attrs["by"])
    if "delete" in block.attrs:
        lines = text.split("\n")
        matches = [i for i, line in enumerate(lines) if line.strip() == block.attrs["delete"]]
        assert len(matches) == 1, f"line {block.line}: `delete` must match one line"
        del lines[matches[0]]
        return "\n".join(lines)
    return text


def walk(folder: Path, doc: str | None = None) -> tuple[list[Run], dict[str, str]]:
    """Do what the tutorial says in `folder` (the current directory): write its files, run its commands.
    Returns every command run and the profile the fragments built, by file name."""
    runner = CliRunner()
    profile_name = None
    runs: list[Run] = []
    built: dict[str, str] = {}
    for block in blocks(doc):
        if block.kind == "game-fragment":
            step = block.words[0]
            profile_name = block.attrs.get("title", profile_name)
            assert profile_name, f"line {block.line}: the first fragment needs a title"
            assert step in ("new", "add"), f"line {block.line}: unknown fragment step {step!r}"
            built[profile_name] = block.text if step == "new" else add(built[profile_name], block.text)
            _write(folder / profile_name, built[profile_name])
        elif block.kind == "deck" and "title" in block.attrs:
            _write(folder / block.attrs["title"], block.text)
        elif block.kind == "diff":
            source = (folder / block.attrs["from"]).read_text(encoding="utf-8")
            _write(folder / block.attrs["title"], apply_diff(source, block.text))
        elif block.kind == "console":
            changed = block.attrs.get("file", profile_name)
            original = (folder / changed).read_text(encoding="utf-8") if changed else ""
            if "replace" in block.attrs or "delete" in block.attrs:
                _write(folder / changed, mistake(original, block))
            for offset, (command, shown) in enumerate(_commands(block.text)):
                words = shlex.split(command)
                assert words[0] == "deckdsl", f"line {block.line}: only deckdsl commands can be replayed"
                if words[1] == "render":
                    words += ["--timeout", str(RENDER_SECONDS)]
                result = runner.invoke(main, words[1:], catch_exceptions=False)
                runs.append(Run(command, shown, result.output, result.exit_code, block.line + offset))
            if "replace" in block.attrs or "delete" in block.attrs:
                _write(folder / changed, original)  # the mistake lasts for one console block
    return runs, built


def _commands(text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, list[str]]] = []
    for line in text.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            found.append((line[2:], []))
        else:
            assert found, f"console output before any command: {line!r}"
            found[-1][1].append(line)
    return [(command, "\n".join(lines)) for command, lines in found]


def essentials(output: str) -> list[str]:
    """What a `deckdsl check` run must print the same: each diagnostic's line, where it is (the file by
    its name only), its help, and the count at the end."""
    kept = []
    for line in output.splitlines():
        stripped = line.strip()
        if DIAGNOSTIC.match(stripped) or stripped.startswith("= help:") or stripped.startswith("checked "):
            kept.append(stripped)
        elif stripped.startswith("--> "):
            kept.append("--> " + Path(stripped[4:]).name)
    return kept


# ------------------------------------------------------------------------------------- tests ---


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tutorial")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.chdir(folder)
        runs, built = walk(folder)
    return folder, runs, built


def _final(kind: str) -> list[Block]:
    return [b for b in blocks() if b.kind == kind and "title" in b.attrs and not b.words]


def test_the_doc_has_a_final_profile_a_deck_and_commands():
    assert len(_final("game")) == 1
    assert _final("deck")
    kinds = [b.kind for b in blocks()]
    assert "game-fragment" in kinds and "console" in kinds and "diff" in kinds


def test_the_steps_build_the_final_profile(tutorial):
    _, _, built = tutorial
    final = _final("game")[0]
    assert built[final.attrs["title"]] == final.text


def test_the_final_profile_reads_with_no_diagnostic(tmp_path):
    final = _final("game")[0]
    path = tmp_path / final.attrs["title"]
    path.write_text(final.text, encoding="utf-8")
    profile, problems, _ = deckdsl.profiles.profile.read(path)
    assert problems == []
    assert profile is not None and f"{profile.id}.game" == final.attrs["title"]


def test_the_decks_find_the_profile_next_to_them_and_check(tmp_path):
    final = _final("game")[0]
    (tmp_path / final.attrs["title"]).write_text(final.text, encoding="utf-8")
    for deck in _final("deck"):
        path = tmp_path / deck.attrs["title"]
        path.write_text(deck.text, encoding="utf-8")
        result = deckdsl.load(path)
        assert result.errors == [], f"{deck.attrs['title']}: {[d.message for d in result.errors]}"
        assert result.profile is not None and result.profile.source == str((tmp_path / final.attrs["title"]))


def test_deckdsl_new_writes_a_deck_that_checks(tmp_path, monkeypatch):
    final = _final("game")[0]
    (tmp_path / final.attrs["title"]).write_text(final.text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    game = final.attrs["title"].removesuffix(".game")
    result = CliRunner().invoke(main, ["new", "--game", game, "-o", "scaffold.deck"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    checked = deckdsl.load(tmp_path / "scaffold.deck")
    assert checked.errors == []
    assert checked.deck is not None and sum(card.copies for card in checked.deck.cards) == 24


def test_every_check_the_tutorial_shows_prints_what_it_shows(tutorial):
    _, runs, _ = tutorial
    checks = [run for run in runs if run.command.split()[1] == "check"]
    assert len(checks) >= 10
    for run in checks:
        assert essentials(run.printed) == essentials(run.shown), (
            f"docs/profiles.md line {run.line}: `{run.command}` printed\n{run.printed}")
        assert run.exit_code == (1 if "error[" in run.shown else 0), run.command


def test_the_broken_deck_gives_the_diagnostics_shown(tutorial):
    folder, runs, _ = tutorial
    diff = next(b for b in blocks() if b.kind == "diff")
    broken = diff.attrs["title"]
    shown = next(run for run in runs if run.command == f"deckdsl check {broken}")
    result = deckdsl.load(folder / broken)
    expected = [(m.group(1), int(m.group(2))) for m in
                re.finditer(r"^\w+\[(\w+)\]: .*\n\s*--> [^:\n]+:(\d+):\d+", shown.shown, re.M)]
    assert [(d.code, d.span.line) for d in result.diagnostics] == expected
    assert {code for code, _ in expected} == {"DK201", "DK202"}


def test_other_commands_print_what_the_tutorial_shows(tutorial):
    _, runs, _ = tutorial
    others = [run for run in runs if run.command.split()[1] not in ("check", "render")]
    assert any(run.command.startswith("deckdsl new") for run in others)
    for run in others:
        assert run.exit_code == 0, run.printed
        assert run.printed.rstrip("\n") == run.shown, f"docs/profiles.md line {run.line}: `{run.command}`"


def test_deckdsl_new_writes_the_excerpt_shown(tmp_path, monkeypatch):
    final = _final("game")[0]
    (tmp_path / final.attrs["title"]).write_text(final.text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    console = next(b for b in blocks() if b.kind == "console" and "$ deckdsl new" in b.text)
    command = next(c for c, _ in _commands(console.text) if c.startswith("deckdsl new"))
    result = CliRunner().invoke(main, shlex.split(command)[1:], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    excerpts = [b for b in blocks() if b.kind == "deck-excerpt"]
    assert excerpts
    for excerpt in excerpts:
        assert (tmp_path / excerpt.attrs["title"]).read_text(encoding="utf-8").startswith(excerpt.text)


def test_render_prints_the_tutorial_deck(tutorial):
    folder, runs, _ = tutorial
    renders = [run for run in runs if run.command.split()[1] == "render"]
    assert renders, "the tutorial shows `deckdsl render`"
    for run in renders:
        if run.exit_code != 0 and "TemplateNotFound" in run.printed:
            pytest.skip("this deckdsl cannot render the profile's face yet: " + run.printed.strip())
        if "DK304" in run.printed:
            pytest.skip(f"rendering took more than {RENDER_SECONDS} s")
        assert run.exit_code == 0, run.printed
        assert run.printed.rstrip("\n") == run.shown
        output = shlex.split(run.command)[shlex.split(run.command).index("-o") + 1]
        assert (folder / output).read_bytes().startswith(b"%PDF")


# ---------------------------------------------------------------------------- the reference ---

ROW = re.compile(r"^\|\s*`([^`]+)`[^|]*\|\s*(.*?)\s*\|", re.M)


def reference_rows() -> dict[str, list[str]]:
    """The reference section's rows: block → its fields, in order (pattern rows such as
    `count per ATTRIBUTES` or `LANGUAGE` are left out: they stand for fields the designer names)."""
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("\n## Reference"):]
    rows: dict[str, list[str]] = {}
    for block, field in ROW.findall(section):
        names = re.findall(r"`([^`]+)`", field)
        if not names:
            continue
        if not re.fullmatch(r"[a-z][a-z ]*", names[0]):
            rows.setdefault(block.split()[0], [])
            continue
        rows.setdefault(block.split()[0], []).append(names[0])
    return rows


def test_the_reference_lists_every_block_and_field():
    rows = reference_rows()
    assert rows.pop("game") == list(_GAME_FIELDS)
    assert rows == {kind: list(fields) for kind, fields in _BLOCKS.items()}
