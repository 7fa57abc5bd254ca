"""`deckdsl fmt`: the canonical layout (`deckdsl.lang.fmt`) and the command (`deckdsl.cli.formatting`).

Every formatted text is checked the same way (`formatted`): formatting it again changes nothing; it means
what the original meant (the AST deckdsl builds, positions stripped, or a profile's data — checked here
independently of the formatter's own check); it keeps every comment; its layout holds (no trailing
whitespace, one final newline, no two blank lines in a row).  On the shipped decks and profiles, every
deck and profile under tests/ that parses, texts generated from the two grammars (reusing the strategies
of test_property.py and test_profile_language.py, with comments added after code), and decks generated
here with their fields shuffled, comments everywhere and odd spacing.  Golden files in tests/fmt/: a
messy deck and profile with the text they must become, and `ok-*` files that must stay as they are.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from test_profile_language import EXPLICIT as PROFILE_TOKENS
from test_profile_language import reference_grammar as profile_grammar
from test_property import lark_strategy

import deckdsl
import deckdsl.lang.fmt as fmt_module
from deckdsl.cli import main
from deckdsl.cli.reading import _without_spans
from deckdsl.diagnostics import CODES, Diagnostic, Severity
from deckdsl.lang.fmt import FormatBug, FormatError, format_source, kind_for
from deckdsl.profiles import gamefile

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fmt"
SHIPPED = sorted([*(ROOT / "decks").rglob("*.deck"), *(ROOT / "deckdsl" / "games").glob("*/*.game")])
CORPUS = sorted(p for p in (ROOT / "tests").rglob("*") if p.suffix in (".deck", ".game") and p.is_file())
MESSY = FIXTURES / "messy.deck"
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])


# ------------------------------------------------------------------------------------ checks ---


def meaning(text: str, kind: str):
    """What the text means, positions stripped: the deck's AST with its header fields by name (their
    order is the formatter's business), and the parse diagnostics' codes; or a profile's data."""
    if kind == "game":
        file, problems = gamefile.read(text)
        assert file is not None
        blocks = [(b.kind, b.name, b.fields) for b in file.blocks]
        return file.title, file.game.fields, blocks, [p.code for p in problems]
    result = deckdsl.loads(text, check=False)
    data = _without_spans(result.deck.model_dump(mode="json"))
    data["meta"] = sorted(data["meta"], key=lambda meta: meta["name"])
    return data, sorted(d.code for d in result.diagnostics)


_COMMENTS = {
    "deck": re.compile(r'"(?:[^"\\\n]|\\.)*"|(#[^\n]*)'),
    "game": re.compile(r'"""(?:[^"]|"(?!""))*"""|"(?:[^"\\\n]|\\.)*"|(#[^\n]*)'),
}


def comments(text: str, kind: str) -> list[str]:
    return [m.group(1).rstrip() for m in _COMMENTS[kind].finditer(text.replace("\r\n", "\n")) if m.group(1)]


def assert_layout(out: str) -> None:
    if not out:
        return
    assert out.endswith("\n") and not out.endswith("\n\n") and not out.startswith("\n")
    assert "\r" not in out and "\n\n\n" not in out
    assert all(line == line.rstrip() for line in out.split("\n"))


def formatted(text: str, kind: str = "deck") -> str:
    out = format_source(text, kind)
    assert format_source(out, kind) == out, "not idempotent"
    assert meaning(out, kind) == meaning(text, kind)
    assert sorted(comments(out, kind)) == sorted(comments(text, kind))
    assert_layout(out)
    if kind == "deck":
        for line in out.split("\n"):
            indent = len(line) - len(line.lstrip(" "))
            assert indent % 2 == 0 and not line[indent:indent + 1].isspace(), line
    return out


def findings(text: str) -> list[tuple[str, str]]:
    return sorted((d.code, d.message) for d in deckdsl.loads(text, str(ROOT / "decks" / "x.deck")).diagnostics)


# ----------------------------------------------------------------------- files and fixtures ---


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_files_are_canonical(path):
    text = path.read_text(encoding="utf-8")
    assert formatted(text, kind_for(path)) == text


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_test_file_is_formatted_or_refused(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    kind = kind_for(path)
    try:
        out = formatted(text, kind)
    except FormatError as error:
        assert error.diagnostics and not isinstance(error, FormatBug)
        assert all(d.severity is Severity.ERROR for d in error.diagnostics)
        if kind == "deck":
            found = {(d.code, d.span) for d in deckdsl.loads(text, check=False).diagnostics}
            assert {(d.code, d.span) for d in error.diagnostics} <= found
        return
    if kind == "deck":
        assert findings(out) == findings(text), "the checks (suppressions included) read it differently"
    else:
        assert comments(out, kind) == comments(text, kind), "a profile's fields, and so its comments, keep their order"


@pytest.mark.parametrize("name", ["messy.deck", "messy.game"])
def test_messy_files_become_the_expected_text(name):
    source = FIXTURES / name
    expected = (FIXTURES / f"{name}.expected").read_text(encoding="utf-8")
    assert formatted(source.read_text(encoding="utf-8"), kind_for(source)) == expected
    assert format_source(expected, kind_for(source)) == expected


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("ok-*")), ids=lambda p: p.name)
def test_near_misses_stay_as_they_are(path):
    text = path.read_text(encoding="utf-8")
    assert formatted(text, kind_for(path)) == text


# ------------------------------------------------------------------------------- the rules ---


def test_kind_for_and_kinds():
    assert kind_for("a/b.game") == "game" and kind_for(Path("x.deck")) == "deck" and kind_for("-") == "deck"
    with pytest.raises(ValueError):
        format_source("", "yaml")


def test_fields_take_the_documented_order_and_their_comments_go_with_them():
    text = ('deck "D" {\n  rules { star_cost: 8 }\n  language: en\n  game: janken-wars\n}\n\n'
            'card "C" {\n  # why it acts\n  action: gain 1 star\n  value: 2   # two\n  rarity: simple\n'
            '  flavor: "f"\n  type: rock\n  copies: 3\n}\n\n'
            'addendum "A" {\n  order: "C" then "D"\n  text: "t"\n  order: "D" then "E"\n}\n')
    assert formatted(text) == (
        'deck "D" {\n  game: janken-wars\n  language: en\n  rules { star_cost: 8 }\n}\n\n'
        'card "C" {\n  rarity: simple\n  type: rock\n  copies: 3\n  value: 2   # two\n  # why it acts\n'
        '  action: gain 1 star\n  flavor: "f"\n}\n\n'
        'addendum "A" {\n  text: "t"\n  order: "C" then "D"\n  order: "D" then "E"\n}\n')


def test_any_other_name_in_a_card_is_an_attribute_and_an_unknown_header_field_keeps_its_place():
    text = 'card "C" {\n  copies: 2\n  valeu: 3\n  type: rock\n  value: 1\n}\n'
    assert formatted(text) == 'card "C" {\n  valeu: 3\n  type: rock\n  copies: 2\n  value: 1\n}\n'
    header = 'deck "D" {\n  language: en\n  edition: 2\n  game: janken-wars\n}\n'
    assert formatted(header) == 'deck "D" {\n  game: janken-wars\n  language: en\n  edition: 2\n}\n'


def test_trailing_comments_keep_their_column_or_the_authors_spacing():
    text = 'card "C" {\n      type:rock       # where it was\n  rarity: simple # one space\n}\n'
    out = formatted(text)
    assert out.split("\n")[1] == "  type: rock" + " " * 10 + "# where it was"
    assert out.split("\n")[1].index("#") == text.split("\n")[1].index("#")
    assert out.split("\n")[2] == "  rarity: simple # one space"
    grown = 'deck "D" {\n  game: janken-wars\n  rules {star_cost:8}  # grown\n}\n'
    assert formatted(grown).split("\n")[2] == "  rules { star_cost: 8 }  # grown"


def test_a_split_line_keeps_its_comment_on_its_first_part():
    text = 'card "C" { type: rock   # deckdsl: allow JW110\n  rarity: simple\n  value: 1 }   # last\n'
    out = formatted(text)
    lines = out.split("\n")
    assert lines[0] == 'card "C" {' + " " * 14 + "# deckdsl: allow JW110"
    assert lines[0].index("#") == text.index("#")
    assert lines[3] == "  value: 1" + " " * 5 + "# last" and lines[4] == "}"
    assert lines[3].index("#") == text.split("\n")[2].index("#")
    assert findings(out) == findings(text)


def test_one_line_blocks_stay_others_open_up():
    assert formatted('card "C" {type:rock}\n') == 'card "C" { type: rock }\n'
    assert formatted('card "C" {  }\n') == 'card "C" {}\n'
    assert formatted('card "C" { type: rock\n  value: 1 }\n') == 'card "C" {\n  type: rock\n  value: 1\n}\n'
    game = 'game "G" { id: g\n  zone deck {shared:yes;aliases:[baralho];}\n}\n'
    assert formatted(game, "game") == 'game "G" {\n  id: g\n  zone deck { shared: yes; aliases: [baralho] }\n}\n'


def test_maps_lists_and_texts_over_several_lines_survive():
    text = ('game "G" {\n  id: g\n  values: { a: [x,y],\n      b: [z] }\n  quote: """one   \n'
            '         two"""   # after\n  summary { en: [ "a"\n """b\n c""" ] }\n}\n')
    assert formatted(text, "game") == (
        'game "G" {\n  id: g\n  values: {\n    a: [x, y],\n    b: [z]\n  }\n  quote: """one\n'
        '         two"""   # after\n  summary {\n    en: [\n      "a"\n      """b\n c"""\n    ]\n  }\n}\n')


def test_blank_lines_and_line_ends():
    text = '\r\n\r\n# top\r\ncard "A" {\r\n\r\n  type: rock\r\n\r\n\r\n  value: 1\r\n\r\n}\r\ncard "B" { type: rock }'
    assert formatted(text) == '# top\ncard "A" {\n  type: rock\n\n  value: 1\n}\n\ncard "B" { type: rock }\n'
    assert formatted("") == "" and formatted("\n \n") == ""
    assert formatted("# only a comment   \n\n\n") == "# only a comment\n"


def test_spacing_never_joins_or_splits_a_token():
    text = ('card "C" {\n  type : rock\n  value :  *\n  condition: other cards in your domain get x  2 ;'
            ' value = count (your domain)\n'
            '  action: opponent discards a card from opponent\'s domain ,then gain 1 star\n}\n')
    out = formatted(text)
    assert "value: *" in out and "get x 2; value = count(your domain)" in out
    assert "opponent's domain, then gain 1 star" in out


@pytest.mark.parametrize("text, kind, code, line", [
    ('card "X" {\n  type: rock\n  value 3\n}\n', "deck", "DK001", 3),
    ('card "X" {\n  value: 1\n  type: rock\n  value: 2\n}\n', "deck", "DK102", 4),
    ('card "X" {\n  flavor: "open\n}\n', "deck", "DK003", 2),
    ('game "G" {\n  id: g\n  values: { a: [x }\n}\n', "game", "DK501", 3),
])
def test_a_text_that_does_not_parse_is_refused_with_its_diagnostics(text, kind, code, line):
    with pytest.raises(FormatError) as caught:
        format_source(text, kind)
    diagnostics = caught.value.diagnostics
    assert diagnostics and all(isinstance(d, Diagnostic) for d in diagnostics)
    assert (diagnostics[0].code, diagnostics[0].span.line) == (code, line)


def test_a_formatter_bug_is_caught_before_anything_is_written(monkeypatch, tmp_path):
    written = fmt_module._Writer.file
    monkeypatch.setattr(fmt_module._Writer, "file", lambda self, body: written(self, body).split("\ncard")[0] + "\n")
    text = MESSY.read_text(encoding="utf-8")
    with pytest.raises(FormatBug) as caught:
        format_source(text)
    assert isinstance(caught.value, FormatError) and caught.value.diagnostics == []
    deck = tmp_path / "messy.deck"
    deck.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(deck)])
    assert result.exit_code == 2 and "internal error formatting" in result.stderr and "Traceback" not in result.output
    assert deck.read_text(encoding="utf-8") == text


# ------------------------------------------------------------------------- generated texts ---

_NEWLINES = re.compile(r'"""(?:[^"]|"(?!""))*"""|"(?:[^"\\\n\r]|\\.)*"|#[^\n\r]*|(\r?\n)')


def with_trailing_comments(text: str, picks: list[int]) -> str:
    """`text` with `# tail N` comments after the code of some lines (never inside a text)."""
    spots = [m.start(1) for m in _NEWLINES.finditer(text) if m.group(1)]
    for number, at in enumerate(sorted({spots[p % len(spots)] for p in picks} if spots else (), reverse=True)):
        text = f"{text[:at]}{' ' * (1 + number % 3)}# tail {number} {{ ["  + text[at:]
    return text


@SETTINGS
@given(lark_strategy("start"), st.lists(st.integers(0, 1000), max_size=5))
def test_generated_decks(text, picks):
    text = with_trailing_comments(text, picks)
    try:
        formatted(text)
    except FormatError as error:
        if isinstance(error, FormatBug):
            raise
        reject()


@SETTINGS
@given(from_lark(profile_grammar(), explicit=PROFILE_TOKENS), st.lists(st.integers(0, 1000), max_size=5))
def test_generated_profiles(text, picks):
    text = with_trailing_comments(text, picks)
    try:
        formatted(text, "game")
    except FormatError as error:
        if isinstance(error, FormatBug):
            raise
        reject()


SPELLINGS = {
    "type": ["type", "tipo"], "rarity": ["rarity", "raridade"], "copies": ["copies", "cópias", "copias"],
    "value": ["value", "valor"], "cost": ["cost", "custo"], "action": ["action", "ação", "acao"],
    "condition": ["condition", "condição", "condicao"], "flavor": ["flavor", "sabor"], "art": ["art", "arte"],
    "text": ["text", "texto"],
}
VALUES = {
    "type": ["pedra", "papel", "tesoura", "rock"], "rarity": ["simples", "avançada", "special"],
    "copies": ["1", "2", "6"], "value": ["0", "3", "-2", "*"], "cost": ["discard a card from your domain"],
    "action": ["gain top 2 cards of the deck", "discard a card from the table ;gain 1 star",
               "opponent discards a card from opponent's domain chosen by you",
               "if count ( your domain ) >= 3 : gain 1 star"],
    "condition": ["value = count(your domain)", "discarded first",
                  "whenever opponent gains a card from the table : cancel its action",
                  "another card in your domain , chosen by you when this card enters it , gets x2"],
    "flavor": ['"Um \\"texto\\" # sem comentário"'], "art": ['"art/x.png"'], "text": ['"Texto { com chaves }"'],
}
RANK = {"type": 0, "rarity": 0, **{name: rank for rank, name in enumerate(list(SPELLINGS)[2:], start=1)}}
HEADER = {"game": "janken-wars", "version": '"1.0"', "authors": '[ "Ana" ,"Bruno" ]', "license": '"CC-BY-SA-4.0"',
          "language": "pt-BR", "rules": "{ star_cost: 8 }"}
space = st.sampled_from(["", " ", "  ", "\t"])
colon = st.sampled_from([":", ": ", " : ", ":   ", "\u00a0:\u00a0"])


@st.composite
def generated_decks(draw):
    """A deck that parses, written badly: fields in any order and spelling, odd indentation and spacing,
    blank lines, a comment `# about C/F` on the line before a field and `# on C/F` after one, first
    fields on the `{` line and `}` after last ones.  Returns the text and what it wrote where."""
    parts, written = [], []
    if draw(st.booleans()):
        keys = draw(st.permutations(list(HEADER)))
        parts.append('deck "Gerado" {\n' + "".join(
            f"{draw(space)}{key}{' ' if key == 'rules' else draw(colon)}{HEADER[key]}\n" for key in keys) + "}")
    for number in range(draw(st.integers(1, 4))):
        name = f"C{number}"
        keys = draw(st.lists(st.sampled_from(list(SPELLINGS)), unique=True, min_size=1, max_size=10))
        on_head, on_close = draw(st.booleans()), draw(st.booleans())
        lines = [f'card{draw(st.sampled_from([" ", "   "]))}"{name}"{draw(space)}{{']
        for index, key in enumerate(keys):
            spelled = draw(st.sampled_from(SPELLINGS[key]))
            line = f"{draw(space)}{spelled}{draw(colon)}{draw(st.sampled_from(VALUES[key]))}"
            if on_close and index == len(keys) - 1:
                line += draw(st.sampled_from([" }", "}"]))
            head = index == 0 and on_head
            trailing = draw(st.booleans())
            if trailing:
                line += " " * draw(st.integers(1, 12)) + f"# on {name}/{key}"
            written.append((name, key, spelled, head, trailing))
            if head:
                lines[0] += " " + line.lstrip()
                continue
            lines.extend([""] * draw(st.integers(0, 2)))
            if draw(st.booleans()):
                lines.append(f"{draw(space)}# about {name}/{key}")
                written.append((name, key, spelled, "about", True))
            lines.append(line)
        if not on_close:
            lines.append("}")
        parts.append("\n".join(lines))
    if draw(st.booleans()):
        fields = draw(st.permutations(['text: "Ordem."', 'order: "C0" then "C1"']))
        parts.append('addendum "A" {\n  ' + "\n  ".join(fields) + "\n}")
    glue = st.sampled_from(["\n", "\n\n", "\n\n\n", "\n# between\n", "\n\n# between\n\n"])
    text = parts[0]
    for part in parts[1:]:
        text += draw(glue) + part
    return text + draw(st.sampled_from(["", "\n", "\n\n"])), written


@SETTINGS
@given(generated_decks())
def test_generated_decks_take_the_canonical_layout(deck):
    text, written = deck
    out = formatted(text)
    before = findings(text)
    if not any(code < "DK200" and CODES[code].severity is Severity.ERROR for code, _ in before):
        # (with an error in a card, the checks' coverage takes a field on the line of the card's name for
        # the field at fault, so `card "C" { type: rock` reads differently from the same card laid out)
        assert findings(out) == before
    lines = out.split("\n")
    blocks: dict[str, list[str]] = {}
    for number, line in enumerate(lines):
        found = re.match(r'card "(C\d)" \{', line)
        if found:
            end = number if line.endswith("}") or " }" in line.split("#")[0] else lines.index("}", number)
            blocks[found.group(1)] = lines[number:end + 1]
            assert end + 1 == len(lines) - 1 or lines[end + 1] == "", "top-level blocks are one blank line apart"
    for name, block in blocks.items():
        one_line = re.match(r'card "C\d" \{ (\S+?):', block[0])
        keys = [one_line] if one_line else [key for key in (re.match(r"\s+(\S+?):", line) for line in block[1:]) if key]
        ours = [next(k for n, k, s, *_ in written if n == name and s == key.group(1)) for key in keys]
        assert [RANK[k] for k in ours] == sorted(RANK[k] for k in ours), block
        before = [k for n, k, *_ in written if n == name and k in ("type", "rarity")]
        assert [k for k in ours if k in ("type", "rarity")] == list(dict.fromkeys(before))
    for name, key, spelled, where, has_comment in written:
        if not has_comment:
            continue
        block = blocks[name]
        if where == "about":
            at = block.index(next(line for line in block if line.strip() == f"# about {name}/{key}"))
            assert block[at + 1].lstrip().startswith(f"{spelled}:")
        else:
            line = next(line for line in block if line.endswith(f"# on {name}/{key}"))
            assert line.startswith(f'card "{name}"') if where else line.lstrip().startswith(f"{spelled}:")


# --------------------------------------------------------------------------- the command ---


def _folder(tmp_path: Path) -> tuple[Path, Path, Path]:
    messy = tmp_path / "messy.deck"
    messy.write_text(MESSY.read_text(encoding="utf-8"), encoding="utf-8")
    clean = tmp_path / "sub" / "clean.game"
    clean.parent.mkdir()
    clean.write_text((ROOT / "deckdsl" / "games" / "janken_wars" / "janken-wars.game").read_text(encoding="utf-8"), encoding="utf-8")
    hidden = tmp_path / ".hidden" / "skipped.deck"
    hidden.parent.mkdir()
    hidden.write_text(MESSY.read_text(encoding="utf-8"), encoding="utf-8")
    return messy, clean, hidden


def test_check_lists_the_files_that_would_change_and_writes_nothing(tmp_path):
    messy, clean, hidden = _folder(tmp_path)
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (messy, clean, hidden)}
    result = CliRunner().invoke(main, ["fmt", "--check", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stdout == f"would reformat {messy}\n"
    assert "1 file would be reformatted, 1 left unchanged" in result.stderr
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in before} == before
    clean_only = CliRunner().invoke(main, ["fmt", "--check", str(clean)])
    assert clean_only.exit_code == 0 and clean_only.stdout == ""


def test_diff_prints_unified_diffs_and_writes_nothing(tmp_path):
    messy, clean, _ = _folder(tmp_path)
    text = messy.read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", "--diff", str(messy), str(clean)])
    assert result.exit_code == 1 and messy.read_text(encoding="utf-8") == text
    out = result.stdout
    assert out.startswith(f"--- {messy}\n+++ {messy}\n@@ ")
    assert "-deck   \"Escritório\"{language:pt-BR\n" in out and '+deck "Escritório" {\n' in out
    assert str(clean) not in out
    expected = (FIXTURES / "messy.deck.expected").read_text(encoding="utf-8").split("\n")[:-1]
    kept_or_added = [line[1:] for line in out.split("\n")[3:] if line[:1] in (" ", "+")]
    assert kept_or_added == expected
    unchanged = CliRunner().invoke(main, ["fmt", "--diff", str(clean)])
    assert unchanged.exit_code == 0 and unchanged.stdout == ""


def test_writes_changed_files_atomically_and_leaves_the_others_alone(tmp_path, monkeypatch):
    messy, clean, hidden = _folder(tmp_path)
    messy_inode = messy.stat().st_ino
    clean_stat = (clean.stat().st_ino, clean.stat().st_mtime_ns)
    hidden_text = hidden.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["fmt"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "reformatted messy.deck\n" and "1 file reformatted, 1 left unchanged" in result.stderr
    assert messy.read_text(encoding="utf-8") == (FIXTURES / "messy.deck.expected").read_text(encoding="utf-8")
    assert messy.stat().st_ino != messy_inode, "written through a new file renamed over the old one"
    assert (clean.stat().st_ino, clean.stat().st_mtime_ns) == clean_stat
    assert hidden.read_text(encoding="utf-8") == hidden_text
    assert sorted(p.name for p in tmp_path.rglob("*")) == [".hidden", "clean.game", "messy.deck", "skipped.deck", "sub"]
    again = CliRunner().invoke(main, ["fmt", "--check"])
    assert again.exit_code == 0 and "0 files would be reformatted, 2 left unchanged" in again.stderr


def test_a_file_that_does_not_parse_is_reported_like_check_and_the_others_are_formatted(tmp_path):
    messy, clean, _ = _folder(tmp_path)
    broken = tmp_path / "broken.deck"
    broken.write_text('deck "B" { game: janken-wars }\n\ncard "X" {\n  type: rock\n  value 3\n}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(tmp_path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert broken.read_text(encoding="utf-8").endswith("value 3\n}\n")
    assert messy.read_text(encoding="utf-8") == (FIXTURES / "messy.deck.expected").read_text(encoding="utf-8")
    checked = CliRunner().invoke(main, ["check", "--no-config", str(broken)]).stdout
    block = checked[checked.index("error[DK001]"):]
    block = block[: block.index("\n\n") + 1]
    assert f"--> {broken}:5:9" in block and "5 |   value 3" in block and "^" in block
    assert block in result.stderr
    assert "1 could not be formatted" in result.stderr
    assert CliRunner().invoke(main, ["fmt", "--check", str(broken)]).exit_code == 2


def test_stdin_to_stdout(tmp_path):
    runner = CliRunner()
    messy = MESSY.read_text(encoding="utf-8")
    result = runner.invoke(main, ["fmt", "-"], input=messy)
    assert result.exit_code == 0 and result.stdout == (FIXTURES / "messy.deck.expected").read_text(encoding="utf-8")
    game = (FIXTURES / "messy.game").read_text(encoding="utf-8")
    as_game = runner.invoke(main, ["fmt", "-", "--stdin-filename", "x.game"], input=game)
    assert as_game.exit_code == 0 and as_game.stdout == (FIXTURES / "messy.game.expected").read_text(encoding="utf-8")
    checked = runner.invoke(main, ["fmt", "--check", "-"], input=messy)
    assert checked.exit_code == 1 and checked.stdout == "would reformat -\n"
    diffed = runner.invoke(main, ["fmt", "--diff", "-"], input=messy)
    assert diffed.exit_code == 1 and diffed.stdout.startswith("--- -\n+++ -\n")
    broken = runner.invoke(main, ["fmt", "-", "--stdin-filename", "mine.deck"], input='card "X" {\n  value 3\n}\n')
    assert broken.exit_code == 2 and broken.stdout == "" and "--> mine.deck:2:9" in broken.stderr
    binary = runner.invoke(main, ["fmt", "-"], input=b"\xff\xfe")
    assert binary.exit_code == 2 and "DK005" in binary.stderr


def test_usage_and_io_errors(tmp_path, monkeypatch):
    runner = CliRunner()
    missing = runner.invoke(main, ["fmt", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "no such file or folder" in missing.output
    mixed = runner.invoke(main, ["fmt", "-", str(tmp_path)])
    assert mixed.exit_code == 2
    empty = runner.invoke(main, ["fmt", str(tmp_path)])
    assert empty.exit_code == 0 and "nothing to format" in empty.stderr
    messy, _, _ = _folder(tmp_path)
    text = messy.read_text(encoding="utf-8")
    import deckdsl.files

    def refuse(target, data):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(deckdsl.files, "write_atomic", refuse)
    denied = runner.invoke(main, ["fmt", str(messy)])
    assert denied.exit_code == 2 and f"cannot write {messy}: Permission denied" in denied.stderr
    assert messy.read_text(encoding="utf-8") == text and "Traceback" not in denied.output
    unreadable = tmp_path / "binary.deck"
    unreadable.write_bytes(b"card \x00")
    assert runner.invoke(main, ["fmt", "--check", str(unreadable)]).exit_code == 2


def test_the_command_in_a_real_process_on_the_shipped_files():
    done = subprocess.run([sys.executable, "-m", "deckdsl", "fmt", "--check", "decks", "deckdsl/games"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == "" and f"0 files would be reformatted, {len(SHIPPED)} left unchanged" in done.stderr


def test_fmt_does_not_import_weasyprint():
    code = ("import sys\nfrom deckdsl.cli import main\ntry:\n    main(['fmt', '--check', 'decks'])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint', 'jinja2')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip().split("\n")[-1] == "[]"


def test_the_pre_commit_hook():
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    hook = text[text.index("\n- id: deckdsl-fmt\n") + 1:].split("\n- ")[0]
    fields = dict(re.findall(r"^[ -]*(\w+): (.*)$", hook, re.M))
    assert fields["entry"] == "deckdsl fmt" and fields["language"] == "python"
    files = re.compile(fields["files"])
    assert files.search("decks/a.deck") and files.search("my.game")
    assert not files.search("a.deck.bak") and not files.search("game.py")


def test_header_blocks_keep_the_unknown_fields_that_follow_them_in_order():
    """Found by `test_generated_decks`: a `print` and a `rules` block each followed by an unknown field of the
    same name — moving one block past the other would swap the two fields, and the later one wins."""
    formatted('deck "Muro Alto"{print{}\nrock :"Silver Tape"\nrules {}\nrock :"Muro Alto"\n}')
