"""No deck writes to a reviewer's terminal or CI log (issue 45, item 1): every command and format, driven with
a hostile deck, a hostile profile and a hostile file name — each text of them ending in terminal escapes (OSC
title and clipboard, a CSI, the 8-bit CSI, a right-to-left override) and a newline that would start a GitHub
Actions workflow command — prints no ESC, BEL, C1 or bidirectional control, and no line that starts with
`::` unless deckdsl wrote it (`check --format github`'s own annotations).  The reproducers of
tests/crashes/surfaces-2/ (terminal-escapes, ci-injection-full-format) are run as they were reported.

The runs are real: click's CliRunner over the whole command line (its output as bytes), and subprocesses
for what needs its own process (play over stdin, the language server, the preview)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from surfaces import ROOT

from deckdsl.cli import main

PAYLOAD = r"\x1b]0;pwned\x07\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x9b31m\u202e\n::error file=README.md,line=1::INJECTED"
"""What every hostile text ends in, as the deck language writes it (escapes, so the deck is clean and every
command runs): the characters a terminal or a log acts on, then a newline and a workflow command."""
RAW = "\x1b]0;pwned\x07\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x9b31m\u202e\n::error file=README.md,line=1::INJECTED"
"""The same characters as a value holds them (on the command line, in a file name)."""
NAME = "evil" + RAW.replace("/", "-")
"""The hostile decks' file name (without `.deck`): a file name is a text of the deck's too."""
INJECTED = "::error file=README.md"
EXCERPT = re.compile(r" *[0-9]+ \| ")
"""A line of a file shown under a finding: a spreadsheet's cell may hold a line break, and its next line is a line
of the file (and starts with its number, never with `::`)."""
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""What must not leave the process: every control but newline and tab, DEL, C1, the separators, bidi."""


def _hostile_strings(text: str, payload: str) -> str:
    """Every text in double quotes of a deck or profile with `payload` at its end (a `\"\"\"` text too),
    but a profile's other spellings (`aliases`), which the deck writes as they are."""
    text = re.sub(r'"""((?:[^"]|"(?!""))*)"""', lambda m: f'"""{m.group(1)}{payload}"""', text)
    return "\n".join(line if "aliases:" in line else re.sub(
        r'(?<!")"((?:[^"\\\n]|\\.)*)"(?!")', lambda m: f'"{m.group(1)}{payload}"', line) for line in text.split("\n"))


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """A folder with the standard deck and the Janken Wars profile beside it (so the deck reads it), every
    text of both hostile; the deck given a card's own text, a missing picture and an addendum; a broken
    copy with findings of every stage (a misspelt field, an unknown card, a duplicate name, a name that
    differs by a zero-width space); a variant for `compare`; and its CSV export to import."""
    folder = tmp_path_factory.mktemp("hostile")
    deck = _hostile_strings((ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8"), PAYLOAD)
    deck = deck.replace("  copies: 6\n  value: 2\n", f'  copies: 6\n  value: 2\n  text: "Muralha{PAYLOAD}"\n'
                        f'  art: "missing{PAYLOAD}.png"\n', 1)
    name = f"Muro Alto{PAYLOAD}"
    deck += (f'\naddendum "Ordem{PAYLOAD}" {{\n  text: "Primeiro{PAYLOAD}"\n  order: "{name}" then '
             f'"Silver Tape{PAYLOAD}"\n}}\n')
    (folder / f"{NAME}.deck").write_text(deck, encoding="utf-8")
    broken = deck.replace("  rarity: simples\n  copies: 6\n  value: 2\n", "  rarity: simples\n  copies: 6\n"
                          "  valeu: 2\n", 1)
    broken += (f'\ncard "Muro\\u200bAlto{PAYLOAD}" {{\n  type: pedra\n  rarity: simples\n  copies: 1\n  value: 1\n'
               f'  action: gain a card named "Nada{PAYLOAD}" from the table\n}}\n'
               f'\ncard "{name}" {{\n  type: pedra\n  rarity: simples\n  copies: 1\n  value: 1\n}}\n')
    (folder / f"{NAME}-broken.deck").write_text(broken, encoding="utf-8")
    (folder / f"{NAME}-variant.deck").write_text(deck.replace("star_cost: 8", "star_cost: 7"), encoding="utf-8")
    profile = (ROOT / "deckdsl" / "games" / "janken_wars" / "janken-wars.game").read_text(encoding="utf-8")
    (folder / "janken-wars.game").write_text(_hostile_strings(profile, PAYLOAD), encoding="utf-8")
    origami = (ROOT / "decks" / "examples" / "origami-5.deck").read_text(encoding="utf-8")
    (folder / f"{NAME}-origami.deck").write_text(_hostile_strings(origami, PAYLOAD), encoding="utf-8")
    (folder / "duelo.game").write_text(DUELO.replace(" X", PAYLOAD), encoding="utf-8")
    cards = "".join(f'card "{rank} de {name}{PAYLOAD}" {{\n  elemento: {element}\n  nivel: {rank}\n'
                    f'  flavor: "F{PAYLOAD}"\n}}\n' for element, name in (("fire", "Fogo"), ("water", "Água"))
                    for rank in (1, 2))
    (folder / f"{NAME}-duelo.deck").write_text(f'deck "Duelo{PAYLOAD}" {{\n  game: duelo\n}}\n' + cards,
                                               encoding="utf-8")
    for game in OTHER_GAMES:
        shipped = (ROOT / "decks" / f"{game}.deck").read_text(encoding="utf-8")
        (folder / game).mkdir()
        (folder / game / f"{NAME}.deck").write_text(_hostile_strings(shipped, PAYLOAD), encoding="utf-8")
    return folder


DUELO = """game "Duelo X" {
  id: duelo
  players: 2
  language: pt-BR
  card name: "{rank} de {element} X"
  attribute element {
    aliases: [elemento]
    values: [fire, water]
    labels: { fire: "Fogo X", water: "Água X" }
  }
  attribute rank {
    aliases: [nivel]
    values: [1, 2]
  }
  property points {
    rank: { 1: 1, 2: 2 }
  }
  structure {
    count per element rank: 1
  }
  component token {
    name: "Ficha X"
    count: 3
  }
}
"""
"""A designer's own game (no engine): its name, labels, card names and component hostile (` X`)."""
OTHER_GAMES = ("embate-dos-guardioes", "cooperativo", "queens-vs-kings")
"""The shipped games but Janken Wars, each with its deck made hostile (their screens and reports are their own)."""


def _runs(folder: Path) -> dict[str, tuple[list[str], str | None]]:
    """Every command and format: its arguments and its input."""
    deck, broken = str(folder / f"{NAME}.deck"), str(folder / f"{NAME}-broken.deck")
    variant = str(folder / f"{NAME}-variant.deck")
    out = folder / "out"
    card = f"Muro Alto{RAW}"
    runs: dict[str, tuple[list[str], str | None]] = {}
    for file, which in ((deck, "clean"), (broken, "broken")):
        for output in ("full", "concise", "json", "github", "sarif"):
            runs[f"check {which} {output}"] = (["check", file, "--format", output], None)
        runs[f"check {which} pt-BR"] = (["check", file, "--lang", "pt-BR"], None)
        runs[f"check {which} ru"] = (["check", file, "--lang", "ru"], None)
    runs["check folder"] = (["check", str(folder)], None)
    runs["check fix diff"] = (["check", broken, "--fix", "--diff", "--unsafe-fixes"], None)
    runs["check evidence"] = (["check", str(folder / f"{NAME}-origami.deck"), "--evidence", "--evidence-games",
                               "20"], None)
    runs["check render-lint"] = (["check", deck, "--render-lint"], None)
    runs["explain"] = (["explain", deck], None)
    runs["explain card"] = (["explain", deck, card], None)
    runs["explain unknown card"] = (["explain", deck, f"Nada{RAW}"], None)
    runs["explain broken"] = (["explain", broken], None)
    runs["rule"] = (["rule", "DK018"], None)
    runs["rules"] = (["rules"], None)
    runs["show"] = (["show", deck], None)
    runs["show broken"] = (["show", broken], None)
    for language in ("en", "pt-BR", "ru"):
        runs[f"text {language}"] = (["text", deck, "--lang", language], None)
    runs["text generated"] = (["text", deck, "--generated"], None)
    runs["ast"] = (["ast", deck], None)
    runs["ast no spans"] = (["ast", broken, "--no-spans"], None)
    runs["schema"] = (["schema"], None)
    runs["render"] = (["render", deck, "-o", str(out / "deck.pdf")], None)
    runs["export png"] = (["export", "png", deck, "--dpi", "30", "-o", str(out / "png")], None)
    runs["export tts"] = (["export", "tts", deck, "--dpi", "30", "-o", str(out / "tts")], None)
    runs["export csv"] = (["export", "csv", deck, "-o", str(out / f"{NAME}.csv")], None)
    runs["import"] = (["import", "csv", str(out / f"{NAME}.csv"), "--game", "janken-wars", "-o",
                       str(out / f"{NAME}-imported.deck"), "--title", f"Importado{RAW}", "--force"], None)
    runs["simulate"] = (["simulate", deck, "-n", "20"], None)
    runs["simulate json"] = (["simulate", deck, "-n", "20", "--format", "json"], None)
    runs["simulate matchups"] = (["simulate", deck, "-n", "5", "--matchups", "random,greedy"], None)
    runs["simulate report"] = (["simulate", deck, "-n", "10", "--report", str(out / "report.html")], None)
    runs["simulate broken"] = (["simulate", broken, "-n", "5"], None)
    runs["compare"] = (["compare", deck, variant, "-n", "20"], None)
    runs["compare json"] = (["compare", deck, variant, "-n", "20", "--format", "json"], None)
    runs["sweep"] = (["sweep", deck, "--set", "star_cost=6,8", "-n", "10", "--results", str(out / "s.jsonl")], None)
    runs["sweep json"] = (["sweep", deck, "--set", "table_size=4,5", "-n", "10", "--format", "json",
                           "--results", str(out / "j.jsonl")], None)
    runs["sweep vary"] = (["sweep", deck, "--vary", f"{card}.value=1..2", "-n", "10"], None)
    runs["tune"] = (["tune", deck, "--target", "first_player_win_rate=0..1", "--set", "star_cost=6,8",
                     "-n", "10", "--confirm-games", "10", "--top", "1", "--results", str(out / "t.jsonl"),
                     "-o", str(out / f"{NAME}-tuned.deck")], None)
    runs["play"] = (["play", deck, "--seed", "1", "--bot", "random"], "1\n" * 40 + "q\n")
    runs["new"] = (["new", "--game", "janken-wars", "-o", str(out / f"{NAME}-new.deck"), "--title",
                    f"Novo{RAW}", "--force"], None)
    runs["fmt check"] = (["fmt", deck, "--check"], None)
    runs["fmt diff"] = (["fmt", broken, "--diff"], None)
    runs["fmt stdin"] = (["fmt", "-", "--stdin-filename", deck], (folder / f"{NAME}.deck").read_text("utf-8"))
    duelo = str(folder / f"{NAME}-duelo.deck")
    for command in (["check"], ["check", "--format", "github"], ["show"], ["text"], ["explain"], ["ast"],
                    ["export", "csv", "-o", str(out / "duelo.csv")], ["render", "-o", str(out / "duelo.pdf")]):
        at = 2 if command[0] == "export" else 1
        runs[f"duelo {' '.join(command[:at + 2])}"] = ([*command[:at], duelo, *command[at:]], None)
    runs["duelo new"] = (["new", "--game", "duelo", "-o", str(out / "duelo-new.deck"), "--force"], None)
    runs["duelo profile"] = (["check", str(folder / "duelo.game")], None)
    for game in OTHER_GAMES:
        other = str(folder / game / f"{NAME}.deck")
        for command in (["show"], ["text"], ["explain"], ["simulate", "-n", "5"], ["simulate", "-n", "5", "--format",
                                                                                       "json"]):
            runs[f"{game} {' '.join(command)}"] = ([command[0], other, *command[1:]], None)
        runs[f"{game} play"] = (["play", other, "--seed", "2", "--bot", "random"], "1\n" * 80 + "q\n")
    return runs


@pytest.fixture(scope="module")
def outputs(hostile, tmp_path_factory) -> dict[str, tuple[int, bytes]]:
    """Every run's exit status and output (stdout, then stderr), in the hostile folder."""
    runner = CliRunner()
    found = {}
    here = os.getcwd()
    os.chdir(hostile)
    try:
        for key, (args, given) in _runs(hostile).items():
            result = runner.invoke(main, args, input=given, catch_exceptions=True)
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                raise AssertionError(f"{key}: {result.exception!r}") from result.exception
            found[key] = (result.exit_code, result.stdout_bytes + b"\n" + result.stderr_bytes)
    finally:
        os.chdir(here)
    return found


def _violations(output: bytes, annotations: bool = False) -> list[str]:
    """What in `output` a deck wrote to the terminal or the log: a forbidden character, or a line that starts
    with `::` (after white space) that is not one of deckdsl's annotations (`annotations`: the run was
    `--format github`, whose lines are `::error file=<the deck>…`)."""
    text = output.decode("utf-8")
    problems = [f"raw {match.group()!r} at {match.start()}: …{text[max(0, match.start() - 40):match.start()]!r}"
                for match in FORBIDDEN.finditer(text)][:3]
    for line in text.split("\n"):
        if line.lstrip().startswith("::") and not (annotations and re.match(r"::(error|warning|notice) file=/", line)):
            problems.append(f"a line of its own: {line[:120]!r}")
    at = 0
    while (at := text.find(INJECTED, at + 1)) > 0:
        line = text[text.rfind("\n", 0, at) + 1:at]
        if text[at - 2:at] != "\\n" and not EXCERPT.match(line):
            problems.append(f"`{INJECTED}` after {text[max(0, at - 30):at]!r}")
    return problems


REFUSED = {"explain unknown card", "sweep vary"}
"""The runs that are usage errors (exit 2), said with the hostile text in them (a card's name that holds `.` and
`=` cannot be named in `--vary`)."""


def test_every_command_and_format_runs_on_the_hostile_decks(outputs):
    assert len(outputs) >= 50
    for key, (status, output) in outputs.items():
        assert status in ((2,) if key in REFUSED else (0, 1)), (key, status, output.decode()[-2000:])
        assert b"internal error" not in output and b"Traceback" not in output, (key, output.decode()[-2000:])


def test_no_command_writes_a_deck_s_control_characters_or_a_line_of_its_own(outputs):
    found = {key: problems for key, (_, output) in outputs.items()
             if (problems := _violations(output, annotations="github" in key))}
    assert not found, "\n".join(f"{key}: {len(problems)}: {problems[:2]}" for key, problems in found.items())


def test_the_hostile_texts_are_shown_escaped_not_dropped(outputs):
    """The escapes are seen where the name is printed: the reviewer can tell what the deck holds."""
    for key in ("check broken full", "show", "text en", "explain", "simulate", "play"):
        assert rb"\x1b]0;pwned\x07" in outputs[key][1] and rb"\u202e\n::error" in outputs[key][1], key


def test_the_decks_deckdsl_writes_hold_the_texts_as_escapes(outputs, hostile):
    """`new`, `import` and `tune` write a deck: its names and title are quoted texts with escapes, and the
    tune's comment keeps the file name on its line — the deck reads back with the very same texts."""
    import deckdsl

    out = hostile / "out"
    names = {card.name for card in deckdsl.load(hostile / f"{NAME}.deck").deck.cards}
    for written in (f"{NAME}-new.deck", f"{NAME}-imported.deck", f"{NAME}-tuned.deck"):
        text = (out / written).read_text(encoding="utf-8")
        assert FORBIDDEN.search(text) is None, written
        assert not [line for line in text.split("\n") if line.lstrip().startswith("::")], written
        result = deckdsl.load(out / written)
        assert not [d for d in result.errors if d.code < "DK100"], (written, result.errors[:3])
        if written != f"{NAME}-new.deck":
            assert {card.name for card in result.deck.cards} == names, written
    assert deckdsl.load(out / f"{NAME}-new.deck").deck.title == f"Novo{RAW}"


def _subprocess(args: list[str], stdin: bytes | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckdsl", *args], input=stdin, capture_output=True, cwd=cwd,
                          timeout=600)


def test_a_real_process_writes_no_escape_either(hostile):
    """Outside CliRunner: the process's own stdout and stderr, `play` reading a real pipe."""
    deck = str(hostile / f"{NAME}.deck")
    for args, given in ((["check", str(hostile / f"{NAME}-broken.deck")], None), (["show", deck], None),
                        (["play", deck, "--seed", "3", "--bot", "random"], ("1\n" * 60).encode())):
        proc = _subprocess(args, given, hostile)
        assert proc.returncode in (0, 1) and b"Traceback" not in proc.stderr, (args, proc.stderr[-2000:])
        assert not _violations(proc.stdout + b"\n" + proc.stderr), (args, _violations(proc.stdout + proc.stderr))


def test_the_language_server_and_the_preview_write_no_escape(hostile):
    """The language server's stdout is its protocol (JSON, every hidden character a `\\u` escape there) and its
    stderr a log; the preview's first line names the deck."""
    deck = hostile / f"{NAME}-broken.deck"
    text = deck.read_text(encoding="utf-8")

    def frame(message: dict) -> bytes:
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    process = subprocess.Popen([sys.executable, "-m", "deckdsl", "lsp"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=hostile)
    watchdog = threading.Timer(300, process.kill)  # only so that a hung server fails the test
    watchdog.start()
    received = []

    def send(message: dict) -> None:
        process.stdin.write(frame({"jsonrpc": "2.0", **message}))
        process.stdin.flush()

    def until(found: bytes) -> None:
        for _ in range(200):
            length = None
            while (line := process.stdout.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            assert length is not None, b"".join(received)[-2000:]
            received.append(process.stdout.read(length))
            if found in received[-1]:
                return
        raise AssertionError(f"no {found!r} among 200 messages")

    try:
        send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        until(b'"id": 1')
        send({"method": "initialized", "params": {}})
        send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": deck.as_uri(), "languageId": "deckdsl", "version": 1, "text": text}}})
        until(b"publishDiagnostics")
        send({"id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": deck.as_uri()},
                                                                 "position": {"line": 18, "character": 8}}})
        until(b'"id": 2')
        send({"id": 3, "method": "shutdown"})
        until(b'"id": 3')
        send({"method": "exit"})
        _, log = process.communicate(timeout=300)
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, log[-2000:]
    protocol = b"".join(received)
    assert b"pwned" in protocol and not _violations(protocol + b"\n" + log)
    process = subprocess.Popen([sys.executable, "-m", "deckdsl", "preview", str(deck), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=hostile)
    try:
        line = process.stdout.readline()
    finally:
        process.kill()
        process.wait()
    assert b"previewing" in line and b"pwned" in line and not _violations(line)


def test_the_guard_escapes_what_a_command_prints_raw():
    """The second line of defence: a command that forgot to make a text visible still prints no escape."""
    import click

    @click.command("leaky")
    def leaky():
        click.echo("a \x1b]52;c;cHduZWQ=\x07 b\x9b\u202e\ttab")
        print("\x1b[2J", file=sys.stderr)

    main.add_command(leaky)
    try:
        result = CliRunner().invoke(main, ["leaky"], color=True)
    finally:
        main._commands.pop("leaky")
    assert result.stdout == "a \\x1b]52;c;cHduZWQ=\\x07 b\\x9b\\u202e\ttab\n"
    assert result.stderr == "\\x1b[2J\n"


SURFACES_2 = ROOT / "tests" / "crashes" / "surfaces-2"


@pytest.mark.parametrize("reproducer", ["terminal-escapes/esc.deck", "ci-injection-full-format/nl.deck"])
def test_the_reported_decks_reach_no_terminal(reproducer, tmp_path):
    """The reproducers as they were reported (a raw ESC, BEL and OSC in a name; a `\\n` escape and a workflow
    command in one): every command that printed them raw."""
    deck = tmp_path / Path(reproducer).name
    shutil.copyfile(SURFACES_2 / reproducer, deck)
    runner = CliRunner()
    for args in (["check", str(deck)], ["check", str(deck), "--format", "github"], ["check", str(deck), "--format",
                 "concise"], ["show", str(deck)], ["text", str(deck)], ["explain", str(deck)],
                 ["simulate", str(deck), "-n", "10"], ["ast", str(deck)]):
        result = runner.invoke(main, args, color=True)
        assert result.exit_code in (0, 1), (args, result.output[-2000:])
        output = result.stdout_bytes + b"\n" + result.stderr_bytes
        assert not _violations(output, annotations="github" in args), (args, _violations(output))
