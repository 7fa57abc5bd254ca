"""Bad game profiles (`*.game`): every one gives the right diagnostic at the right place, and nothing crashes.

(1) The corpus `tests/profiles/NN-short-name.game`, each stating in its leading comment block what it must
produce, as the deck corpus `tests/bad/*.deck` does (see tests/test_bad_input.py):

    # expect: DK505 9:28             a diagnostic with this code at line 9, column 28 (1-based)
    # expect: DK506|DK502 9:3        either code is acceptable
    # message: `diamonds`            the diagnostic of the `expect:` line above has this in its message
    # help: did you mean `suit`?     ... and this in its help
    # caret: diamonds                ... and `report.full` puts its caret under this text
    # xfail: BUG: …                  a known deckdsl bug: the case is a strict xfail

The expected diagnostics must be exactly the ones found.  Inputs that cannot be committed as text (empty,
binary, not UTF-8, a byte order mark, 2 MB, 10,000 braces) are generated below.
(2) Decks against a profile next to them (or in a folder above), broken or misspelt.
(3) Precise structure errors for a broken deck of each shipped game.
(4) Fuzzing: texts generated from grammars/game.lark, and mutations of the shipped profiles.
(5) Round trip: the shipped profiles are clean, and `deckdsl new` writes decks that check clean.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from lark.exceptions import LarkError

import deckdsl
from deckdsl.check import report
from deckdsl.cli import main
from deckdsl.diagnostics import CODES, Diagnostic
from deckdsl.profiles import profile as profiles
from deckdsl.span import Span
from budget import per_character, within  # noqa: E402 — tests/budget.py
from expectations import Expect, fixture_param, match_all, read_expectations  # noqa: E402 — tests/expectations.py

ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = Path(__file__).resolve().parent / "profiles"
CORPUS = sorted(CORPUS_DIR.glob("*.game"))
SHIPPED = sorted(profiles.find(game_id) for game_id in profiles.available())
SHIPPED_IDS = [p.stem for p in SHIPPED]
PROFILE_CODES = {f"DK50{n}" for n in range(1, 7)}

SETTINGS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)


# ------------------------------------------------------------------------------- invariants ---


def assert_sound(diagnostics: list[Diagnostic], text: str) -> None:
    """Every diagnostic is registered, 1-based, inside `text` (line:column agreeing with its offset), and
    renders with `report.full`."""
    lines = text.count("\n") + 1
    for d in diagnostics:
        assert d.code in CODES, d
        span = d.span
        assert 1 <= span.line <= lines and span.column >= 1, d
        assert span.end_line >= span.line and span.end_column >= 1, d
        assert 0 <= span.start <= span.end <= len(text), d
        point = Span.point(text, span.start)
        assert (point.line, point.column) == (span.line, span.column), (d, point)
        rendered = report.full(d, text)
        assert f":{span.line}:{span.column}" in rendered
        if d.help:
            assert f"= help: {d.help}" in rendered


def assert_reads_well(diagnostics: list[Diagnostic], text: str) -> None:
    """`assert_sound`, and every message and help reads well: no trailing period, no control characters,
    no parser internals, no empty enumerations, no "unexpected the end of …"."""
    assert_sound(diagnostics, text)
    for d in diagnostics:
        assert d.message and not d.message.endswith("."), d
        for words in (d.message, d.help or ""):
            assert all(ch.isprintable() for ch in words), f"a control character in {words!r}"
            assert not re.search(r"<END-OF-FILE>|\$END|__ANON|_NL\b", words), f"parser internals in {words!r}"
            assert not re.search(r"\b(are|is one of|are:)\s*$", words), f"an empty enumeration in {words!r}"
        assert "unexpected the end" not in d.message, d.message


def caret_text(diagnostic: Diagnostic, text: str) -> str:
    """The source text `report.full` puts the primary caret under (from the caret to the end of the line)."""
    rows = report.full(diagnostic, text).splitlines()
    for index, row in enumerate(rows):
        match = re.match(rf"\s*{diagnostic.span.line} \| (.*)$", row)
        if match and index + 1 < len(rows) and "^" in rows[index + 1]:
            marks = rows[index + 1]
            bar = marks.index("|")
            return match.group(1)[marks.index("^") - bar - 2:]
    return ""


# ---------------------------------------------------------------------------- expectations ---




def assert_expected(diagnostics: list[Diagnostic], text: str, expects: list[Expect]) -> None:
    assert_reads_well(diagnostics, text)
    described = "\n".join(
        f"  {d.code} {d.span.line}:{d.span.column} {d.message} | help: {d.help} | caret: {caret_text(d, text)!r}"
        for d in diagnostics
    )
    def carets(expect, hit):
        for caret in expect.carets:
            assert caret_text(hit, text).startswith(caret), f"caret not under {caret!r}:\n{report.full(hit, text)}"

    match_all(expects, list(diagnostics), described, carets)


# ------------------------------------------------------------------------------ (1) corpus ---


def test_corpus_is_large_and_well_named():
    assert len(CORPUS) >= 25
    numbers = []
    for path in CORPUS:
        assert re.fullmatch(r"\d\d-[a-z0-9]+(-[a-z0-9]+)*\.game", path.name), path.name
        numbers.append(int(path.name[:2]))
    assert len(numbers) == len(set(numbers)), "two fixtures share a number"


def test_corpus_covers_every_profile_code():
    covered = {c for path in CORPUS for e in read_expectations(path)[0] for c in e.codes}
    assert PROFILE_CODES - covered == set()


@pytest.mark.parametrize("path", [fixture_param(p) for p in CORPUS])
def test_bad_profile(path: Path):
    expects, _ = read_expectations(path)
    with within(per_character(path.stat().st_size)):
        result = deckdsl.load_game(path)
    assert result.profile is None, "a broken profile gives no profile"
    assert result.errors, "a bad profile must be reported"
    assert_expected(result.diagnostics, result.text, expects)
    # the string API says the same
    profile, found = profiles.loads(path.read_text(encoding="utf-8"), str(path))
    assert profile is None
    assert sorted((d.code, d.span.start, d.message) for d in found) == sorted(
        (d.code, d.span.start, d.message) for d in result.diagnostics)


def test_check_command_on_the_corpus():
    import json

    result = CliRunner().invoke(main, ["check", "--format", "json", str(CORPUS_DIR)])
    assert result.exit_code == 1, result.output
    assert not result.exception or isinstance(result.exception, SystemExit)
    data = json.loads(result.output)
    assert data["files"] == len(CORPUS)
    assert {Path(d["path"]).name for d in data["diagnostics"]} == {p.name for p in CORPUS}


# ---------------------------------------------------------------------- generated byte inputs ---


def _load_bytes(tmp_path: Path, data: bytes, name: str = "x.game") -> deckdsl.Result:
    """Load `data` as a profile file (named after the id `x` the generated profiles use)."""
    path = tmp_path / name
    path.write_bytes(data)
    result = deckdsl.load_game(path)
    assert_reads_well(result.diagnostics, result.text)
    return result


def _codes_at(result: deckdsl.Result) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics]


def _check_exit(path: Path) -> int:
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result.exit_code


def test_empty_file(tmp_path):
    result = _load_bytes(tmp_path, b"")
    assert _codes_at(result) == [("DK501", 1, 1)]
    (diagnostic,) = result.diagnostics
    assert "game" in (diagnostic.help or ""), "the help says how a profile starts, not that a `{` is open"


def test_blank_lines_only(tmp_path):
    result = _load_bytes(tmp_path, b"\n\n   \n\t\n")
    assert _codes_at(result) == [("DK501", 1, 1)]


def test_binary_garbage_with_nul(tmp_path):
    path = tmp_path / "x.game"
    result = _load_bytes(tmp_path, b'game "X" {\n  id: x\n  players: \x00\x01\x02 garbage\n}\n')
    assert result.profile is None
    # at the NUL byte, and the message shows no raw control character (assert_reads_well)
    assert _codes_at(result) in ([("DK005", 3, 12)], [("DK501", 3, 12)]), _codes_at(result)
    assert _check_exit(path) == 1


def test_binary_garbage_at_start(tmp_path):
    path = tmp_path / "x.game"
    result = _load_bytes(tmp_path, b"\x00" + bytes(range(256)) * 16)
    assert result.profile is None
    assert _codes_at(result) in ([("DK005", 1, 1)], [("DK501", 1, 1)]), _codes_at(result)
    assert _check_exit(path) == 1, "a binary file is a finding (exit 1), not an I/O error (exit 2)"


def test_invalid_utf8(tmp_path):
    path = tmp_path / "x.game"
    data = 'game "X" {\n  id: x\n  card name: "Á'.encode() + b"\xff\xfe" + b'"\n}\n'
    result = _load_bytes(tmp_path, data)
    assert result.profile is None
    # the bad byte follows `card name: "Á` on line 3: column 16 counts characters, not bytes
    assert _codes_at(result) in ([("DK005", 3, 16)], [("DK501", 3, 16)]), _codes_at(result)
    assert "0xff" in result.diagnostics[0].message
    assert _check_exit(path) == 1, "a file that is not UTF-8 is a finding (exit 1), not an I/O error (exit 2)"


def test_latin1_file_is_not_utf8(tmp_path):
    result = _load_bytes(tmp_path, 'game "Clássico" {\n  id: x\n}\n'.encode("latin-1"))
    assert _codes_at(result) in ([("DK005", 1, 9)], [("DK501", 1, 9)]), _codes_at(result)


def test_byte_order_mark_keeps_columns(tmp_path):
    data = b"\xef\xbb\xbf" + b'game "X" {\n  id: x\n  atribute rank { values: [a] }\n}\n'
    result = _load_bytes(tmp_path, data)
    assert _codes_at(result) == [("DK502", 3, 3)], "a UTF-8 byte order mark is not a syntax error"


@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["crlf", "cr"])
def test_other_line_endings_keep_positions(tmp_path, newline):
    text = 'game "X" {\n  id: x\n  atribute rank { values: [a] }\n}\n'.replace("\n", newline)
    result = _load_bytes(tmp_path, text.encode())
    assert _codes_at(result) == [("DK502", 3, 3)]


@pytest.mark.parametrize("where", ["players", "count", "map-key"])
def test_a_number_with_5000_digits_is_not_a_crash(where):
    big = "9" * 5000
    text = {
        "players": f'game "X" {{\n  id: x\n  players: {big}\n}}\n',
        "count": f'game "X" {{\n  id: x\n  attribute r {{ values: [a] }}\n  structure {{\n    count: {big}\n  }}\n}}\n',
        "map-key": f'game "X" {{\n  id: x\n  attribute r {{ values: {{ {big}: [a] }} }}\n}}\n',
    }[where]
    line = next(n for n, row in enumerate(text.split("\n"), 1) if big in row)
    profile, found = profiles.loads(text)  # must not raise
    assert_reads_well(found, text)
    assert all(d.span.line == line for d in found), [(d.code, d.span.line, d.message) for d in found]
    if where != "map-key":  # a value may be called 99…9; a count or a number of players cannot be that
        assert profile is None and found


def _in_child(text: str) -> list[tuple[str, int, int, str]]:
    """`profiles.loads(text)`'s findings as tuples.  In this process: a forked child would inherit the
    threads other tests leave running (a preview's file watcher) and can deadlock; how the work grows is
    counted, not timed (`test_profile_work_grows_linearly`)."""
    _, found = profiles.loads(text)
    return [(d.code, d.span.line, d.span.column, d.message) for d in found[:100]]


def _two_megabytes(kind: str, size: int = 2 * 1024 * 1024) -> tuple[str, int]:
    """A profile of about `size` characters (2 MB) with one mistake (`zonee`) near its end, and its line."""
    head = 'game "Grande" {\n  id: grande\n  attribute rank { values: [J, Q, K] }\n'
    if kind == "comments":
        body = ("  # " + "x" * 96 + "\n") * (size // 101)
    elif kind == "summary":
        body = "  summary {\n    en: [\n" + ('      "' + "y" * 90 + '"\n') * (size // 98) + "    ]\n  }\n"
    elif kind == "one-long-line":
        body = '  card name: "' + "z" * size + '"\n'
    else:  # many small blocks
        body = "".join(f"  zone z{i} {{ aliases: [a{i}, b{i}] }}\n" for i in range(size // 36))
    text = head + body + "  zonee hand { aliases: [mão] }\n}\n"
    return text, text.count("\n") - 1


@pytest.mark.parametrize("kind", ["comments", "summary", "one-long-line", "blocks"])
def test_two_megabyte_profile_is_refused_unread(kind):
    """Profiles are limited to 512 KB (a real one is a few KB): a 2 MB one is refused at once."""
    text, _ = _two_megabytes(kind)
    assert len(text) >= 2 * 1024 * 1024
    found = _in_child(text)
    assert [(c, ln, col) for c, ln, col, _ in found] == [("DK006", 1, 1)], found


@pytest.mark.parametrize("kind", ["comments", "summary", "one-long-line", "blocks"])
def test_profile_just_below_the_limit_is_read_to_its_end(kind):
    from deckdsl.profiles.profile import MAX_PROFILE_BYTES

    text, line = _two_megabytes(kind)
    head, tail = text[: MAX_PROFILE_BYTES - 2000], text[text.rindex("  zonee"):]
    if kind == "one-long-line":
        text = head + '"\n' + tail
    elif kind == "summary":
        text = head[: head.rindex("\n") + 1] + "    ]\n  }\n" + tail
    else:
        text = head[: head.rindex("\n") + 1] + tail
    assert len(text) > MAX_PROFILE_BYTES // 2
    found = _in_child(text)
    line = text.count("\n") - 1
    assert ("DK502", line, 3) in [(c, ln, col) for c, ln, col, _ in found], found


@pytest.mark.parametrize("kind", ["comments", "summary", "one-long-line", "blocks"])
def test_profile_work_grows_linearly(kind):
    """Twice the text, at most about twice the work (calls counted, not timed): no quadratic corner."""

    def calls(size: int) -> int:
        text, _ = _two_megabytes(kind, size)
        with within(10**9) as count:
            profiles.loads(text)
        return count.calls

    small, large = calls(40_000), calls(80_000)
    assert large <= 2.3 * small + 5_000, (small, large)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param('game "X" {\n  id: x\n  attribute rank {\n    values: ' + "{" * 10_000 + "\n  }\n}\n", id="map"),
        pytest.param('game "X" {\n  id: x\n  aliases: ' + "[" * 10_000 + "\n}\n", id="list"),
        pytest.param('game "X" ' + "{" * 10_000 + "}" * 10_000 + "\n", id="game-block"),
        pytest.param("{" * 10_000, id="alone"),
    ],
)
def test_ten_thousand_nested_brackets(text):
    brackets = next(n for n, row in enumerate(text.split("\n"), 1) if "{" * 100 in row or "[" * 100 in row)
    found = _in_child(text)
    assert [(c, ln) for c, ln, _, _ in found] == [("DK501", brackets)], found


# ------------------------------------------------------------ (2) decks against local profiles ---

MY_GAME = '''\
game "My Game" {
  id: my-game
  players: 2
  attribute colour {
    aliases: [cor]
    values: { red: [vermelho], blue: [azul] }
  }
  attribute size { values: [small, big] }
  zone hand { aliases: [mão] }
  structure {
    count: 4
    count per colour size: 1
  }
}
'''

MY_DECK = '''\
deck "Mine" {
  game: my-game
}

card "Red Small" {
  colour: red
  size: small
}

card "Red Big" {
  cor: vermelho
  size: big
}

card "Blue Small" {
  colour: blue
  size: small
}

card "Blue Big" {
  colour: azul
  size: big
}
'''

BROKEN = {
    "unknown-block": MY_GAME.replace("attribute size", "atribute size"),
    "syntax": MY_GAME.replace("  players: 2\n", "  players 2\n"),
    "unclosed": MY_GAME.rstrip().removesuffix("}"),
}


def _codes(result: deckdsl.Result) -> list[tuple[str, int, int]]:
    return [(d.code, d.span.line, d.span.column) for d in result.diagnostics]


def test_deck_with_a_local_profile_checks_clean(tmp_path):
    (tmp_path / "my-game.game").write_text(MY_GAME, encoding="utf-8")
    (tmp_path / "mine.deck").write_text(MY_DECK, encoding="utf-8")
    result = deckdsl.load(tmp_path / "mine.deck")
    assert result.profile is not None and result.profile.id == "my-game"
    assert result.diagnostics == []


def test_deck_in_a_subfolder_finds_the_profile_above(tmp_path):
    (tmp_path / "my-game.game").write_text(MY_GAME, encoding="utf-8")
    (tmp_path / "decks" / "more").mkdir(parents=True)
    (tmp_path / "decks" / "more" / "mine.deck").write_text(MY_DECK, encoding="utf-8")
    result = deckdsl.load(tmp_path / "decks" / "more" / "mine.deck")
    assert result.profile is not None and result.profile.id == "my-game"
    assert result.diagnostics == []


def test_the_nearest_profile_wins(tmp_path):
    (tmp_path / "my-game.game").write_text(BROKEN["unknown-block"], encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "my-game.game").write_text(MY_GAME, encoding="utf-8")
    (tmp_path / "sub" / "mine.deck").write_text(MY_DECK, encoding="utf-8")
    assert deckdsl.load(tmp_path / "sub" / "mine.deck").diagnostics == []


@pytest.mark.parametrize("broken", [*BROKEN, "not-utf8"])
@pytest.mark.parametrize("where", [".", "sub"])
def test_deck_with_a_broken_local_profile_gets_one_dk507(tmp_path, broken, where):
    data = b"\xff" + MY_GAME.encode() if broken == "not-utf8" else BROKEN[broken].encode()
    (tmp_path / "my-game.game").write_bytes(data)
    folder = tmp_path / where
    folder.mkdir(exist_ok=True)
    deck = folder / "mine.deck"
    deck.write_text(MY_DECK, encoding="utf-8")
    result = deckdsl.load(deck)
    assert_reads_well(result.diagnostics, result.text)
    assert _codes(result) == [("DK507", 2, 3)], "one finding at `game:`, no cascade"
    (diagnostic,) = result.diagnostics
    assert "`my-game`" in diagnostic.message
    assert "my-game.game" in (diagnostic.help or "")
    assert caret_text(diagnostic, result.text).startswith("game: my-game")


def test_broken_local_profile_shadowing_a_shipped_one(tmp_path):
    (tmp_path / "janken-wars.game").write_text('game "JW" {\n  id: janken-wars\n  atribute x { values: [a] }\n}\n',
                                                encoding="utf-8")
    deck = tmp_path / "jw.deck"
    deck.write_text((ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8"), encoding="utf-8")
    result = deckdsl.load(deck)  # must not raise ProfileError: this profile is the user's, not deckdsl's
    assert [d.code for d in result.diagnostics] == ["DK507"]


def test_misspelt_local_game_suggests_it(tmp_path):
    (tmp_path / "my-game.game").write_text(MY_GAME, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    deck = tmp_path / "sub" / "mine.deck"
    deck.write_text(MY_DECK.replace("game: my-game", "game: my-gmae"), encoding="utf-8")
    result = deckdsl.load(deck)
    assert_reads_well(result.diagnostics, result.text)
    assert _codes(result) == [("DK114", 2, 3)]
    assert "`my-gmae`" in result.diagnostics[0].message
    assert "did you mean `my-game`" in (result.diagnostics[0].help or "")


def test_check_command_on_decks_with_local_profiles(tmp_path):
    (tmp_path / "my-game.game").write_text(BROKEN["unknown-block"], encoding="utf-8")
    (tmp_path / "mine.deck").write_text(MY_DECK, encoding="utf-8")
    (tmp_path / "typo.deck").write_text(MY_DECK.replace("game: my-game", "game: my-gmae"), encoding="utf-8")
    runner = CliRunner()
    for args, codes in [
        ([str(tmp_path / "mine.deck")], {"DK507"}),
        ([str(tmp_path / "typo.deck")], {"DK114"}),
        ([str(tmp_path)], {"DK507", "DK114", "DK502"}),  # the folder: the profile's own findings too
    ]:
        result = runner.invoke(main, ["check", "--format", "concise", *args])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert "Traceback" not in result.output and "internal error" not in result.output
        assert codes <= set(re.findall(r"\[(DK\d{3})\]", result.output)) <= codes | {"DK505"}, result.output
    (tmp_path / "my-game.game").write_text(MY_GAME, encoding="utf-8")
    assert runner.invoke(main, ["check", str(tmp_path / "mine.deck")]).exit_code == 0


# --------------------------------------------------------- (3) broken decks of the shipped games ---


def _edited(tmp_path: Path, deck: str, old: str, new: str) -> deckdsl.Result:
    text = (ROOT / "decks" / deck).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{deck} no longer holds {old!r}"
    path = tmp_path / deck
    path.write_text(text.replace(old, new), encoding="utf-8")
    result = deckdsl.load(path)
    assert_reads_well(result.diagnostics, result.text)
    return result


def _line_of(result: deckdsl.Result, needle: str) -> int:
    return next(n for n, row in enumerate(result.text.split("\n"), 1) if needle in row)


def test_embate_without_the_queen(tmp_path):
    queen = 'card "Dama de Espadas" {\n  rank: Q\n  suit: espadas\n}\n\n'
    result = _edited(tmp_path, "embate-dos-guardioes.deck", queen, "")
    assert [d.code for d in result.diagnostics] == ["DK201", "DK202"], _codes(result)
    size, group = result.diagnostics
    assert "12" in size.message and "13" in size.message
    assert "`Q`" in group.message and not re.search(r"`(?!Q`)[^`]+`", group.message), group.message
    assert group.help == "add 1 card with rank: Q"
    assert (group.span.line, size.span.line) == (_line_of(result, "deck \""),) * 2


def test_queens_vs_kings_with_a_red_jack_turned_black(tmp_path):
    result = _edited(tmp_path, "queens-vs-kings.deck", 'card "Валет червей" {\n  rank: J\n  suit: черви',
                     'card "Валет пик второй" {\n  rank: J\n  suit: пики')
    # The deck still has 52 cards.  The moved Jack is reported (and the one it duplicates); the colour and
    # half-deck counts it upsets (25 red / 27 black, 5 / 7 court cards) are explained by those two and are
    # not reported again (deckdsl/check/rules/group_size.py).
    assert [d.code for d in result.diagnostics] == ["DK202", "DK202"], _codes(result)
    for d in result.diagnostics:
        assert "`J`" in d.message and not re.search(r"`(red|black|main|extra)`", d.message), d.message
    missing = next(d for d in result.diagnostics if "`hearts`" in d.message)
    double = next(d for d in result.diagnostics if "`spades`" in d.message)
    assert "rank: J" in (missing.help or "") and re.search(r"suit: (hearts|черви)", missing.help or ""), missing.help
    assert "2 cards" in double.message
    assert double.span.line == _line_of(result, "Валет пик второй")
    assert [label.span.line for label in double.labels] == [_line_of(result, 'card "Валет пик" {')]
    assert "`Валет пик второй`" in double.help and "`Валет пик`" in double.help


def test_cooperative_deck_with_a_duplicated_card(tmp_path):
    card = 'card "Sete de Ouros" {\n  rank: 7\n  suit: ouros\n}\n'
    copy = '\ncard "Sete de Ouros (outra)" {\n  rank: 7\n  suit: ouros\n}\n'
    result = _edited(tmp_path, "cooperativo.deck", card, card + copy)
    # 53 cards; the 7 of diamonds twice (the rank 7 and the suit's counts it upsets are explained by it)
    assert [d.code for d in result.diagnostics] == ["DK201", "DK202"], _codes(result)
    size, group = result.diagnostics
    assert "53" in size.message and "52" in size.message
    assert "`7`" in group.message and "`diamonds`" in group.message and "2 cards" in group.message
    assert group.span.line == _line_of(result, 'card "Sete de Ouros" {')
    assert [label.span.line for label in group.labels] == [_line_of(result, "Sete de Ouros (outra)")]


def test_cooperative_deck_with_an_unknown_suit_spelling(tmp_path):
    result = _edited(tmp_path, "cooperativo.deck", 'card "Ás de Copas" {\n  rank: A\n  suit: copas',
                     'card "Ás de Copas" {\n  rank: A\n  suit: copa')
    line = _line_of(result, "suit: copa")
    unknown = [d for d in result.diagnostics if d.code == "DK103"]
    assert [(d.span.line, d.span.column) for d in unknown] == [(line, 9)]
    assert "`copa`" in unknown[0].message
    assert unknown[0].help == "did you mean `copas`?"
    assert caret_text(unknown[0], result.text) == "copa"
    # One root cause, one error: the card with no known suit is not counted into the suit groups, so
    # DK202 does not report the groups it upsets; DK131 says the group counts were skipped.
    assert {d.code for d in result.diagnostics} == {"DK103", "DK131"}
    notice = next(d for d in result.diagnostics if d.code == "DK131")
    assert any("DK202 group-size" in note and "Ás de Copas" in note for note in notice.notes)


# --------------------------------------------------------------------------------- (4) fuzzing ---


@cache
def reference_grammar() -> Lark:
    """The profile grammar as documented (grammars/game.lark), for generation and as the reference."""
    return Lark((ROOT / "grammars" / "game.lark").read_text(encoding="utf-8"), parser="lalr")


def test_reference_grammar_is_the_one_deckdsl_reads():
    from deckdsl.profiles import gamefile

    assert (ROOT / "grammars" / "game.lark").read_text(encoding="utf-8") == gamefile.GRAMMAR.read_text(encoding="utf-8")


# Words of the profile language (and near misses), so generated texts reach the meaning checks too.
WORDS = [
    "id", "players", "language", "value", "card", "name", "attribute", "rank", "suit", "aliases", "required",
    "values", "labels", "symbols", "derived", "from", "groups", "property", "zone", "shared", "structure",
    "count", "per", "component", "rule", "default", "min", "max", "choices", "group", "description", "quote",
    "decision", "reading", "dispute", "beats", "relation", "title", "note", "summary", "print", "face",
    "corners", "show", "theme", "back", "yes", "no", "red", "black", "hearts", "spades", "J", "Q", "K", "A",
    "en", "pt-BR", "playing-card", "janken", "at", "least", "names", "text", "colour", "power", "atribute",
    "type", "rock", "paper", "scissors", "option", "ás", "копья",
]


def _spaced(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Tokens with blanks around them, so two generated words do not run together into one."""
    return st.tuples(st.sampled_from([" ", "  ", "\t", "\u00a0"]), strategy).map(lambda p: p[0] + p[1] + " ")


EXPLICIT = {
    "GAME": _spaced(st.sampled_from(["game", "jogo"])),
    "WORD": _spaced(st.one_of(
        st.sampled_from(WORDS),
        st.from_regex(r"[A-Za-zÀ-ÿ_][\w]{0,6}(-[\w]{1,4})?", fullmatch=True),
    )),
    "NUMBER": _spaced(st.integers(-20, 60).map(str)),
    "STRING": _spaced(st.sampled_from([
        '"x"', '""', '"{rank} de {suit}"', '"{nope}"', '"3+"', '"2-4"', '"a\\"b"', '"""a\n   b"""', '""" """',
        '"основная колода"',
    ])),
    "SYMBOL": _spaced(st.sampled_from(["♥", "♦", "♠", "♣", "*", "+", "@", "!"])),
    "_NL": st.sampled_from(["\n", "\n  ", "\n# a comment\n  ", "\r\n", "\n\n"]),
    "WS_INLINE": st.just(" "),
    "COMMENT": st.just(" "),  # comments come inside _NL, where they cannot swallow a token
}


def grammar_accepts(text: str) -> bool:
    try:
        reference_grammar().parse(text)
    except LarkError:
        return False
    return True


def check_text(text: str) -> None:
    profile, found = profiles.loads(text)  # must not raise
    assert_sound(found, text)
    errors = [d for d in found if d.severity.value == "error"]
    assert (profile is None) == bool(errors)
    if grammar_accepts(text):
        assert [d for d in found if d.code == "DK501"] == [], "the grammar accepts this text, deckdsl does not"


@settings(SETTINGS, max_examples=300)
@given(from_lark(reference_grammar(), explicit=EXPLICIT))
def test_generated_profiles_never_crash(text):
    check_text(text)


@settings(SETTINGS, max_examples=60)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_any_text_never_crashes(text):
    check_text(text)


@cache
def shipped_texts() -> tuple[str, ...]:
    return tuple(path.read_text(encoding="utf-8") for path in SHIPPED)


def _mutate(text: str, operations: list[tuple[int, int, int]]) -> str:
    """Delete, duplicate or swap characters (kinds 0-2) or lines (kinds 3-5)."""
    for kind, first, second in operations:
        if kind < 3:
            if not text:
                continue
            i, j = sorted((first % len(text), second % len(text)))
            if kind == 0:
                text = text[:i] + text[i + 1:]
            elif kind == 1:
                text = text[:i] + text[i] + text[i:]
            elif i != j:
                text = text[:i] + text[j] + text[i + 1:j] + text[i] + text[j + 1:]
        else:
            lines = text.split("\n")
            i, j = first % len(lines), second % len(lines)
            if kind == 3:
                del lines[i]
            elif kind == 4:
                lines.insert(i, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


@settings(SETTINGS, max_examples=400)
@given(
    st.integers(0, len(SHIPPED) - 1),
    st.lists(st.tuples(st.integers(0, 5), st.integers(0, 10**6), st.integers(0, 10**6)), min_size=1, max_size=6),
)
def test_mutated_shipped_profiles_never_crash(which, operations):
    check_text(_mutate(shipped_texts()[which], operations))


# ------------------------------------------------------------------------------ (5) round trip ---


@pytest.mark.parametrize("path", SHIPPED, ids=SHIPPED_IDS)
def test_shipped_profile_is_clean(path):
    profile, found, _ = profiles.read(path)
    assert found == [] and profile is not None
    assert profile.id == path.stem
    assert grammar_accepts(path.read_text(encoding="utf-8"))


def test_every_game_is_shipped():
    assert set(SHIPPED_IDS) == {"janken-wars", "embate-dos-guardioes", "cooperativo", "queens-vs-kings"}


@pytest.mark.parametrize("game", SHIPPED_IDS)
def test_new_deck_for_each_game_checks_clean(tmp_path, monkeypatch, game):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "--game", game])
    assert result.exit_code == 0, result.output
    written = tmp_path / f"{game}.deck"
    assert written.is_file()
    loaded = deckdsl.load(written)
    assert loaded.profile is not None and loaded.profile.id == game
    assert loaded.errors == [], [(d.code, d.span.line, d.message) for d in loaded.errors]


def test_new_deck_for_a_local_game(tmp_path, monkeypatch):
    (tmp_path / "my-game.game").write_text(MY_GAME, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "--game", "my-game"])
    assert result.exit_code == 0, result.output
    assert deckdsl.load(tmp_path / "my-game.deck").diagnostics == []


@pytest.mark.parametrize("path", [p for p in CORPUS if p.stem.endswith(("card-name-unknown-attribute",
                                                                         "attribute-named-like-a-card-field"))],
                         ids=lambda p: p.stem)
def test_new_with_a_broken_local_profile_reports_it(tmp_path, monkeypatch, path):
    """`deckdsl new` on a profile with errors prints them and exits 1: no internal error, no deck that
    fails its own check."""
    text = path.read_text(encoding="utf-8")
    game = re.search(r"^\s*id:\s*(\S+)", text, re.M).group(1)
    (tmp_path / f"{game}.game").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "--game", game])
    assert "internal error" not in result.output, result.output
    assert result.exit_code == 1, result.output
    assert not (tmp_path / f"{game}.deck").exists()


def test_new_queens_vs_kings_names_its_cards_in_grammatical_russian(tmp_path, monkeypatch):
    """The suit stands in the genitive plural in a card's name («Туз червей», not «Туз черви»): the
    profile's `in names` forms; the same names the shipped deck uses."""
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "--game", "queens-vs-kings"]).exit_code == 0
    names = [card.name for card in deckdsl.load(tmp_path / "queens-vs-kings.deck").deck.cards]
    assert names[:4] == ["Туз червей", "Туз бубен", "Туз пик", "Туз треф"]
    assert {"Дама бубен", "Король пик", "Десятка треф", "Валет червей"} <= set(names)
    shipped = deckdsl.load(ROOT / "decks" / "queens-vs-kings.deck").deck
    assert names == [card.name for card in shipped.cards]


def test_in_names_must_name_values_of_its_attribute():
    spec = re.search(r"attribute (\w+) \{", MY_GAME)
    assert spec is not None
    broken = MY_GAME.replace(spec.group(0), spec.group(0) + "\n    in names: { nowhere: x }", 1)
    profile, found = profiles.loads(broken, "my-game.game")
    assert profile is None and any("nowhere" in d.message for d in found), found
