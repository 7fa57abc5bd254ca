"""Starting fast (issue 28): the commands imported when run, and the pickled parsers (`deckdsl.files.lark_parser`).

No test here times anything: `bench/bench_startup.py` measures.  These hold what the speed rests on — what
`deckdsl check` does not import, and parsers loaded from a pickle that parse exactly as built ones and are
ignored, never trusted, when they are stale or broken.
"""

from __future__ import annotations

import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from lark import Lark
from lark.parsers.lalr_analysis import Reduce, Shift

from deckdsl import files
from deckdsl.cli import COMMANDS, main
from deckdsl.lang import parse
from deckdsl.lang.build import BUILDER
from deckdsl.profiles import gamefile

ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------------------- commands ---


def test_every_command_is_in_the_table_of_lazy_commands():
    assert set(main.commands) == set(COMMANDS)
    for name, command in main.commands.items():
        assert command.callback.__module__ == f"deckdsl.cli.{COMMANDS[name]}", name


def test_help_lists_every_command():
    out = CliRunner().invoke(main, ["--help"]).output
    listed = {line.split()[0] for line in out.split("Commands:", 1)[1].splitlines() if line.strip()}
    assert listed == set(COMMANDS)


def test_check_imports_only_what_it_runs():
    code = (
        "import sys\nfrom deckdsl.cli import main\n"
        "try:\n    main(['check', 'decks/janken-wars.deck'])\nexcept SystemExit as done:\n    print(done.code)\n"
        "print(sorted(m for m in sys.modules if m.startswith('deckdsl.cli.') or m in "
        "('deckdsl.lang.syntax', 'deckdsl.lang.slips', 'deckdsl.check.style', 'json')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT).stdout.splitlines()
    assert out[-2:] == ["0", "['deckdsl.cli.checking', 'deckdsl.cli.common']"]


def test_the_command_modules_are_still_attributes_of_the_cli():
    import deckdsl.cli as cli

    assert cli.checking.check is cli.check and cli._without_spans is cli.reading._without_spans
    with pytest.raises(AttributeError):
        cli.no_such_name  # noqa: B018


# ------------------------------------------------------------------------ pickled parsers ---


def _texts() -> list[str]:
    texts = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "decks").rglob("*.deck"))]
    bad = sorted((ROOT / "tests" / "bad").glob("*.deck"))
    texts += [path.read_text(encoding="utf-8", errors="replace") for path in bad]
    # broken on purpose: an unclosed block, fields without colons (the syntax errors read the parser's states)
    return texts + [text.replace("}", "", 1) for text in texts[:8]] + [text.replace(":", " ", 3) for text in texts[:8]]


def _read_all(texts: list[str]) -> list:
    found = []
    for text in texts:
        deck, diagnostics, _, _ = parse.parse_deck(text)
        found.append((deck.model_dump(mode="json"),
                      [(d.code, d.message, d.help, d.span, d.fix) for d in diagnostics]))
    return found


def _deck_args() -> tuple[str, dict]:
    return parse._grammar_text(), dict(transformer=BUILDER, code=parse._builder_code(), **parse._OPTIONS)


@pytest.fixture
def own_caches(tmp_path, monkeypatch):
    """An empty cache folder, and no shipped parsers (a folder without them): every parser is built."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(files, "PREBUILT", tmp_path / "prebuilt")
    return Path(files.cache_folder())


def test_a_pickled_parser_reads_every_deck_as_a_built_one(own_caches, monkeypatch):
    grammar, args = _deck_args()
    built = files.lark_parser(grammar, "deck", **args)  # built, and pickled
    assert list(own_caches.glob("parser-*.pickle"))
    thawed = files.lark_parser(grammar, "deck", **args)
    assert thawed is not built and isinstance(thawed, Lark)
    states = thawed.parser.parser.parser.parse_table.states
    actions = {action for state in states.values() for action, _ in state.values()}
    assert actions == {Shift, Reduce}  # Lark's own objects, found again: it compares them by identity
    texts = _texts()
    monkeypatch.setattr(parse, "_PARSER", built)
    expected = _read_all(texts)
    monkeypatch.setattr(parse, "_PARSER", thawed)
    assert _read_all(texts) == expected


@pytest.mark.parametrize("damage", ["garbage", "truncated", "bad zlib", "bad pickle", "other key", "other format"])
def test_a_broken_or_stale_pickle_is_ignored_and_replaced(own_caches, damage):
    grammar, args = _deck_args()
    files.lark_parser(grammar, "deck", **args)
    [pickled] = own_caches.glob("parser-*.pickle")
    data = pickled.read_bytes()
    head, _, packed = data.partition(b"\n")
    broken = {
        "garbage": b"\x00not a parser\xff",
        "truncated": data[: len(data) // 2],
        "bad zlib": head + b"\n" + packed[:20] + b"\x00" * 40,
        "bad pickle": head + b"\n" + zlib.compress(b"\x80\x05garbage that is no pickle"),
        "other key": head.replace(head.split(b" ")[2], b"0" * 64) + b"\n" + packed,
        "other format": head.replace(files.PARSER_FORMAT.encode(), b"deckdsl-parser 0") + b"\n" + packed,
    }[damage]
    pickled.write_bytes(broken)
    assert isinstance(files.lark_parser(grammar, "deck", **args), Lark)
    assert pickled.read_bytes() != broken  # built again, and pickled again
    key = files.parser_key(grammar, args["code"], parse._OPTIONS)
    assert isinstance(files._unpickle_parser(files._read_if_current(pickled, key), BUILDER), Lark)


def test_a_pickle_of_other_builder_code_is_not_used(own_caches):
    grammar, args = _deck_args()
    files.lark_parser(grammar, "deck", **args)
    files.lark_parser(grammar, "deck", **{**args, "code": args["code"] + "\n# changed\n"})
    assert len(list(own_caches.glob("parser-*.pickle"))) == 2


def test_without_a_cache_folder_the_parser_is_built(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "cache_folder", lambda: None)
    monkeypatch.setattr(files, "PREBUILT", tmp_path)
    parser = files.lark_parser(gamefile.GRAMMAR.read_text(encoding="utf-8"), "game", **gamefile.OPTIONS)
    assert isinstance(parser, Lark) and not list(tmp_path.iterdir())


@pytest.mark.parametrize("name", ["deck", "game"])
def test_the_shipped_parsers_are_current(name):
    """`deckdsl/grammars/<name>.parser` spares a first run building the parser (half a second).  Built for
    one Lark and one Python: with others it is ignored, and this test says nothing."""
    shipped = files.PREBUILT / f"{name}.parser"
    if not shipped.is_file():
        pytest.fail(f"{shipped} is missing: {parse.prebuild.__doc__.split('python -c', 1)[1].strip()}")
    if files.parser_file_versions(shipped) != files._versions():
        pytest.skip(f"{shipped.name} is for {files.parser_file_versions(shipped)}, this is {files._versions()}")
    if name == "deck":
        grammar, code, options, transformer = parse._grammar_text(), parse._builder_code(), parse._OPTIONS, BUILDER
    else:
        grammar, code, options, transformer = gamefile.GRAMMAR.read_text(encoding="utf-8"), "", gamefile.OPTIONS, None
    current = files._read_if_current(shipped, files.parser_key(grammar, code, options))
    assert current is not None, (f"{shipped} was built from another grammar or builder: run "
                                 "`python -c \"from deckdsl.lang.parse import prebuild; prebuild()\"`")
    assert isinstance(files._unpickle_parser(current, transformer), Lark)
