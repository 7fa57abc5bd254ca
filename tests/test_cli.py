"""The command line: exit statuses, the four output formats, show / ast / schema / rule, help texts.

Most tests use click's CliRunner (fast, in process); the ones about the real program (`python -m
deckdsl`, exit statuses seen by a shell) run it as a subprocess from the repository root.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl
from deckdsl import build
from deckdsl.cli import main
from deckdsl.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent
STANDARD_REL = "decks/janken-wars.deck"
STANDARD = ROOT / STANDARD_REL
BAD = Path(__file__).resolve().parent / "bad"
TYPO = BAD / "06-effect-keyword-typo.deck"  # one DK004 at 13:11: `discrad` in an action
TYPO_LINE = "  action: discrad a card from the table"

CONCISE = re.compile(r"^(?P<path>.+):(?P<line>\d+):(?P<column>\d+): (?P<severity>error|warning|info)\[(?P<code>[A-Z]{2}\d{3})\] (?P<message>.+)$")


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """`python -m deckdsl ARGS` as a real process."""
    return subprocess.run(
        [sys.executable, "-m", "deckdsl", *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8",
        timeout=60, env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def broken(tmp_path) -> Path:
    path = tmp_path / "broken.deck"
    shutil.copy(TYPO, path)
    return path


# ------------------------------------------------------------------------ exit statuses (real) ---


def test_check_standard_deck_exits_0():
    proc = run("check", STANDARD_REL)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # One warning, the GDD's own: Muro Alto only really counters Estilete Afiado (JW105).
    assert "checked 1 file: 0 errors, 1 warning" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_check_broken_deck_exits_1(broken):
    proc = run("check", str(broken))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "error[DK004]" in proc.stdout


def test_check_missing_path_exits_2(tmp_path):
    proc = run("check", str(tmp_path / "no-such.deck"))
    assert proc.returncode == 2
    assert "no such file or folder" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_version():
    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"deckdsl, version {deckdsl.__version__} ({build.describe()})"
    assert re.fullmatch(r"compiled with mypyc [\d.]+, \d+ modules|pure Python(: .+)?", build.describe())


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read a chmod 000 file")
def test_unreadable_deck_exits_2(tmp_path):
    path = tmp_path / "secret.deck"
    shutil.copy(STANDARD, path)
    path.chmod(0)
    try:
        proc = run("check", str(path))
    finally:
        path.chmod(0o644)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "DK009" in proc.stdout


def test_unreadable_deck_exits_2_even_as_root(tmp_path, monkeypatch):
    """The same as chmod 000, for any user: opening the file fails with EACCES.  One unreadable file
    makes the whole run exit 2, even next to a good deck."""
    import builtins

    import deckdsl.files

    good, secret = tmp_path / "good.deck", tmp_path / "secret.deck"
    shutil.copy(STANDARD, good)
    shutil.copy(STANDARD, secret)

    def fake_open(file, *args, **kwargs):
        if Path(file) == secret:
            raise PermissionError(13, "Permission denied", str(file))
        return builtins.open(file, *args, **kwargs)

    monkeypatch.setattr(deckdsl.files, "open", fake_open, raising=False)
    result = invoke("check", str(good), str(secret), "--format", "concise")
    assert result.exit_code == 2
    (line,) = [line for line in result.stdout.splitlines() if line.startswith(str(secret))]
    assert line == f"{secret}:1:1: error[DK009] cannot read the file: Permission denied"


# ------------------------------------------------------------------------------------ folders ---


def test_check_folder_recurses_into_deck_files(tmp_path):
    shutil.copy(STANDARD, tmp_path / "a.deck")
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    shutil.copy(TYPO, tmp_path / "sub" / "b.deck")
    shutil.copy(STANDARD, tmp_path / "sub" / "deeper" / "c.deck")
    (tmp_path / "sub" / "notes.txt").write_text("not a deck { at all", encoding="utf-8")
    (tmp_path / "sub" / "d.deck.bak").write_text("nor this }", encoding="utf-8")

    result = invoke("check", str(tmp_path), "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["files"] == 3
    assert {Path(d["path"]).name for d in report["diagnostics"] if d["severity"] == "error"} == {"b.deck"}
    assert {Path(d["path"]).name for d in report["diagnostics"]} == {"a.deck", "b.deck", "c.deck"}

    text = invoke("check", str(tmp_path)).stdout
    errors, warnings = report["summary"]["error"], report["summary"]["warning"]
    assert f"checked 3 files: {errors} errors, {warnings} warnings" in text
    # JW105 on the two standard decks; the broken one is still checked, and says what it could not check
    codes = [d["code"] for d in report["diagnostics"]]
    assert codes.count("JW105") == 2 and "DK004" in codes and "DK131" in codes and "DK201" in codes


def test_check_folder_without_decks_is_a_usage_error(tmp_path):
    (tmp_path / "readme.txt").write_text("hi", encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 2
    assert "no *.deck or *.game files" in result.output


# ------------------------------------------------------------------------------------ formats ---


def _several_problems(tmp_path) -> Path:
    """A deck with errors and a warning on several lines."""
    text = (
        'deck "Vários" {\n  game: janken-wars\n  autor: "Ana"\n}\n\n'  # DK116 warning at 3:3
        'card "A" {\n  type: rock\n  rarity: simple\n  copies: 6\n  value: 2\n'
        "  action: discard a card from your hand\n}\n\n"  # DK110 at 11:31
        'card "B" {\n  type: pedra\n  rarity: comum\n  copies: 0\n  value: 2\n}\n'  # DK103, DK106
    )
    path = tmp_path / "several.deck"
    path.write_text(text, encoding="utf-8")
    return path


def test_concise_format(tmp_path):
    path = _several_problems(tmp_path)
    result = invoke("check", str(path), "--format", "concise")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines, result.output
    parsed = []
    for line in lines:
        match = CONCISE.match(line)
        assert match, f"not `path:line:col: severity[DKxxx] message`: {line!r}"
        assert match["path"] == str(path)
        assert match["code"] in CODES
        assert int(match["line"]) >= 1 and int(match["column"]) >= 1
        parsed.append((match["severity"], match["code"], int(match["line"]), int(match["column"])))
    assert ("warning", "DK116", 3, 3) in parsed
    assert ("error", "DK110", 11, 31) in parsed
    assert any(p[0] == "error" for p in parsed)
    assert "checked 1 file" in result.stderr  # the summary stays out of the parseable output


def test_json_format(tmp_path):
    path = _several_problems(tmp_path)
    result = invoke("check", str(path), "--format", "json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert isinstance(report["diagnostics"], list) and report["diagnostics"]
    keys = {"code", "severity", "message", "path", "line", "column", "end_line", "end_column", "help"}
    for item in report["diagnostics"]:
        assert keys <= set(item), item
        assert item["code"] in CODES
        assert item["severity"] in ("error", "warning", "info")
        assert item["path"] == str(path)
        assert item["line"] >= 1 and item["column"] >= 1
        assert (item["end_line"], item["end_column"]) >= (item["line"], item["column"])
        assert item["help"] is None or isinstance(item["help"], str)
    assert report["summary"]["error"] == sum(1 for d in report["diagnostics"] if d["severity"] == "error")
    assert report["summary"]["warning"] == sum(1 for d in report["diagnostics"] if d["severity"] == "warning")
    assert {"DK116", "DK131"} <= {d["code"] for d in report["diagnostics"] if d["severity"] == "warning"}


def test_github_format(broken):
    result = invoke("check", str(broken), "--format", "github", "--select", "DK0")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines
    for line in lines:
        assert line.startswith("::error file="), line
    assert lines[0].startswith(f"::error file={broken},line=13,col=11,endLine=13,endColumn=18,")
    assert "title=DK004 unknown-keyword::" in lines[0]
    assert "%0Ahelp: did you mean `discard`?" in lines[0]  # newlines escaped: one annotation, one line


def test_github_format_warnings_are_warnings(tmp_path):
    path = _several_problems(tmp_path)
    lines = invoke("check", str(path), "--format", "github").stdout.splitlines()
    assert any(line.startswith("::warning file=") and "DK116" in line for line in lines)
    assert all(line.startswith(("::error file=", "::warning file=", "::notice file=")) for line in lines)


def test_full_format(broken):
    result = invoke("check", str(broken), "--select", "DK0")
    assert result.exit_code == 1
    out = result.stdout
    assert "error[DK004]: unknown word `discrad`" in out
    assert f" --> {broken}:13:11" in out
    lines = out.splitlines()
    (source,) = [line for line in lines if line.endswith(TYPO_LINE)]
    assert re.fullmatch(r"13 \| " + re.escape(TYPO_LINE), source)
    carets = lines[lines.index(source) + 1]
    assert re.fullmatch(r"\s+\| +\^+", carets), carets
    # the carets sit under `discrad`, exactly
    column = source.index("discrad")
    assert carets.index("^") == column
    assert carets.count("^") == len("discrad")
    assert "= help: did you mean `discard`?" in out
    assert "checked 1 file: 1 error, 0 warnings" in out


def test_full_format_real_process(broken):
    proc = run("check", str(broken), "--format", "full")
    assert proc.returncode == 1
    assert "error[DK004]:" in proc.stdout and " --> " in proc.stdout and "^" in proc.stdout
    assert "= help:" in proc.stdout


def test_full_format_shows_the_right_line_after_a_unicode_line_separator(tmp_path):
    text = TYPO.read_text(encoding="utf-8").replace(TYPO_LINE, '  flavor: "um\u2028dois"\n' + TYPO_LINE)
    path = tmp_path / "separator.deck"
    path.write_text(text, encoding="utf-8")
    out = invoke("check", str(path)).stdout
    assert f" --> {path}:14:11" in out
    assert re.search(r"^14 \| " + re.escape(TYPO_LINE) + "$", out, re.M), out


def test_quiet_prints_nothing_for_a_clean_deck():
    result = invoke("check", "-q", "--ignore", "JW105", str(STANDARD))
    assert result.exit_code == 0
    assert result.output == ""


# ----------------------------------------------------------------------------- show, ast, schema ---


def test_show_prints_a_table_with_totals():
    """In the deck's language (issue 29): the standard deck is pt-BR, so its values are the profile's labels
    (`pedra simples`, not `rock simple`) and the table's own words Portuguese."""
    proc = run("show", STANDARD_REL)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert re.search(r"^nome\s+tipo\s+raridade\s+cópias\s+valor\s+custo\s+ação\s+condição$", out, re.M)
    assert re.search(r"^Estátua de Sucata\s+pedra\s+especial\s+2\s+\*\s+-\s+-\s+sim$", out, re.M)
    assert re.search(r"^Rolo Compressor\s+tesoura\s+especial\s+2\s+-2\s+-\s+sim\s+-$", out, re.M)
    assert re.search(r"^tipo\s+simples\s+avançada\s+especial\s+total$", out, re.M)
    for type_name in ("pedra", "papel", "tesoura"):
        assert re.search(rf"^{type_name}\s+6\s+4\s+2\s+12$", out, re.M), type_name
    assert re.search(r"^total\s+18\s+12\s+6\s+36$", out, re.M)
    for english in ("rock", "simple ", "copies", "yes"):
        assert english not in out, english


def test_show_uses_the_games_attributes_and_properties():
    proc = run("show", "decks/queens-vs-kings.deck")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert re.search(r"^название\s+номинал\s+масть\s+colour\s+part\s+race\s+power\s+mana\s+копии$", out, re.M)
    assert re.search(r"^Король пик\s+Король\s+пики\s+чёрные\s+дополнительная колода\s+нежить\s+14\s+11\s+1$",
                     out, re.M)
    assert re.search(r"^Туз бубен\s+Туз\s+бубны\s+красные\s+основная колода\s+люди\s+14\s+0\s+1$", out, re.M)
    assert re.search(r"^colour\s+основная колода\s+дополнительная колода\s+всего$", out, re.M)
    assert re.search(r"^красные\s+20\s+6\s+26$", out, re.M) and re.search(r"^всего\s+40\s+12\s+52$", out, re.M)
    assert "значение" not in out.splitlines()[0] and "действие" not in out.splitlines()[0]


def test_check_takes_game_profiles(tmp_path):
    profile = tmp_path / "x.game"
    profile.write_text('game "X" {\n  id: x\n  atribute rank { values: [a] }\n}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert "error[DK502]: a game profile has no `atribute` block" in result.output
    assert "did you mean `attribute`?" in result.output
    clean = CliRunner().invoke(main, ["check", "deckdsl/games"])
    assert clean.exit_code == 0 and "checked 4 files: 0 errors" in clean.output


@pytest.fixture(scope="module")
def ast_json() -> dict:
    result = CliRunner().invoke(main, ["ast", str(STANDARD)], catch_exceptions=False)
    assert result.exit_code == 0
    return json.loads(result.stdout)


def test_ast_prints_the_cards(ast_json):
    cards = ast_json["cards"]
    assert len(cards) == 9
    for card in cards:
        assert {"name", "type", "rarity", "copies", "value", "action", "condition"} <= set(card)
        assert isinstance(card["name"], str) and card["name"]
        assert card["type"] in ("rock", "paper", "scissors")
        assert card["rarity"] in ("simple", "advanced", "special")
        assert isinstance(card["copies"], int) and card["copies"] >= 1
        assert card["value"] == "*" or (isinstance(card["value"], int) and not isinstance(card["value"], bool))
        assert card["action"] is None or card["action"]["kind"] == "Action"
        assert card["condition"] is None or card["condition"]["kind"] == "Condition"
    assert sum(card["copies"] for card in cards) == 36
    by_name = {card["name"]: card for card in cards}
    assert by_name["Silver Tape"]["value"] == "*"
    assert by_name["Rolo Compressor"]["value"] == -2
    assert by_name["Muro Alto"]["span"]["line"] >= 1 and by_name["Muro Alto"]["name_span"]["column"] == 6


def test_ast_no_spans():
    data = json.loads(invoke("ast", str(STANDARD), "--no-spans").stdout)

    def keys(value):
        if isinstance(value, dict):
            for key, item in value.items():
                yield key
                yield from keys(item)
        elif isinstance(value, list):
            for item in value:
                yield from keys(item)

    assert not [k for k in keys(data) if k == "span" or k.endswith("_span") or k == "field_spans"]
    assert len(data["cards"]) == 9


@pytest.fixture(scope="module")
def schema_json() -> dict:
    result = CliRunner().invoke(main, ["schema"], catch_exceptions=False)
    assert result.exit_code == 0
    return json.loads(result.stdout)


def test_schema_describes_the_ast(schema_json, ast_json):
    """Without jsonschema: the schema's required fields are in the output, and the output's fields are in
    the schema (it forbids extra ones)."""
    assert schema_json["type"] == "object"
    assert "cards" in schema_json["properties"]
    assert set(schema_json.get("required", [])) <= set(ast_json)
    assert set(ast_json) <= set(schema_json["properties"])
    card = schema_json["$defs"]["Card"]
    for item in ast_json["cards"]:
        assert set(card.get("required", [])) <= set(item)
        assert set(item) <= set(card["properties"])


def test_schema_validates_the_ast(schema_json, ast_json):
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.validators.validator_for(schema_json)
    validator.check_schema(schema_json)
    validator(schema_json).validate(ast_json)


def test_schema_rejects_a_wrong_ast(schema_json, ast_json):
    jsonschema = pytest.importorskip("jsonschema")
    wrong = json.loads(json.dumps(ast_json))
    wrong["cards"][0]["copies"] = "six"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, schema_json)


# ------------------------------------------------------------------------------- rule and help ---


def test_rule_prints_its_documentation():
    proc = run("rule", "DK202")
    assert proc.returncode == 0
    assert proc.stdout.startswith("group-size (DK202)")
    for section in ("## What it does", "## Why", "## Example", "## Use instead"):
        assert section in proc.stdout


def test_rule_lowercase_and_codes_without_a_rule_module():
    assert invoke("rule", "dk202").stdout.startswith("group-size (DK202)")
    out = invoke("rule", "DK105").stdout
    assert "duplicate-card-name (DK105)" in out and CODES["DK105"].summary in out


def test_rules_lists_every_code():
    out = invoke("rules").stdout
    for code in CODES:
        assert re.search(rf"^{code}\s", out, re.M), code


def test_rule_unknown_code_is_a_usage_error():
    result = CliRunner().invoke(main, ["rule", "DK999"])
    assert result.exit_code == 2
    assert "unknown code DK999" in result.output
    assert CliRunner().invoke(main, ["rule"]).exit_code == 2


@pytest.mark.parametrize("command", [None, *sorted(main.commands)])
def test_every_help_has_an_example(command):
    args = ["--help"] if command is None else [command, "--help"]
    result = invoke(*args)
    assert result.exit_code == 0
    assert "Example" in result.stdout


def _rule_examples():
    from deckdsl.check.registry import RULES

    for rule in RULES:
        example = rule.doc.split("## Example", 1)[1].split("##", 1)[0]
        cards = "\n".join(line.strip() for line in example.splitlines() if line.strip())
        yield pytest.param(cards, id=rule.code.code)


@pytest.mark.parametrize("cards", list(_rule_examples()))
def test_rule_documentation_examples_parse(cards):
    """`deckdsl rule CODE` shows an example deck fragment; it should be valid deck syntax."""
    text = 'deck "Exemplo" {\n  game: janken-wars\n}\n\n' + cards + "\n"
    result = deckdsl.loads(text)
    syntax = [(d.code, d.span.line, d.span.column, d.message) for d in result.diagnostics if d.code < "DK100"]
    assert syntax == []


def test_a_closed_pipe_is_not_an_internal_error(tmp_path):
    # Enough cards that `show` outgrows the pipe's buffer after `head` has gone.
    card = 'card "Carta {n}" {{\n  type: rock\n  rarity: simple\n  value: 1\n}}\n'
    path = tmp_path / "many.deck"
    path.write_text("".join(card.format(n=n) for n in range(3000)), encoding="utf-8")
    proc = subprocess.run(
        f'"{sys.executable}" -m deckdsl show "{path}" | head -n 2',
        shell=True, capture_output=True, text=True, cwd=ROOT,
    )
    assert "internal error" not in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout.startswith("nome")  # a deck that names no language speaks its game's (pt-BR)
