"""Every diagnostic code has a full page, and the pages of the language's own codes tell the truth.

A rule's page is its module docstring; a language code's (DK0xx, DK1xx, DK3xx, DK4xx, DK5xx) is
`deckdsl/codes/CODE.md` (`deckdsl.check.docs.page` finds either).  Each page has What it does / Why /
Example / Use instead.  The examples are checked: a DK0xx/DK1xx page's Example, read by `deckdsl.loads`
(inside a `deck` header when it has none), produces its code, and its Use instead does not.  Codes whose
examples cannot be read that way are listed in `NOT_BY_TEXT` with the reason, and tested another way
where they can be: DK5xx through `deckdsl.load_game` on a `.game` file, the files-and-folders codes on
real files.
"""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import deckdsl  # noqa: F401 — registers every rule's code in CODES
from deckdsl.check import docs
from deckdsl.check.registry import RULES, all_codes
from deckdsl.cli import main
from deckdsl.diagnostics import CODES, Code, Severity

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "deckdsl" / "codes"
RULE_CODES = {rule.code.code for rule in RULES}
LANGUAGE_CODES = sorted(code.code for code in all_codes() if code.code not in RULE_CODES)
HEADER = 'deck "Exemplo" {\n  game: janken-wars\n}\n\n'

AS_WRITTEN = {
    "DK008": "its example is a file with no block at all: a header would make it a deck",
    "DK117": "its example is a deck without a header: adding one would remove the finding",
}
"""Deck-text codes whose examples are read as written, without the `deck` header added around cards."""

NOT_BY_TEXT = {
    "DK005": "the example is a file that is not UTF-8, which text cannot show: saved as Latin-1 below",
    "DK006": "the example is a file over 8 MiB: a file over the limit is made below",
    "DK009": "the example is a file that cannot be read: a path that does not exist is loaded below",
    "DK012": "a bug in deckdsl, which no known file triggers: tests/test_crashes.py makes one on purpose",
    "DK014": "a file of 1,000 unreadable blocks: tests/test_bounded_work.py",
    "DK015": "a symbolic link out of a checked folder, which text cannot show: tests/test_surface_files.py makes one",
    "DK016": "needs more than 1,000 findings of one code in a file: tests/test_surface_files.py makes them",
    "DK017": "needs a game installed as a broken package: tests/test_game_packages.py installs one in a venv",
    "DK018": "the example holds raw control characters, which a page shows as ␛ and ␇: put back below",
    "DK013": "a check past --timeout, which no known file triggers in 1 s: tests/test_crashes.py makes one on purpose",
    "DK301": "art paths are resolved from the deck's folder: the example is loaded from a file below",
    "DK302": "art paths are resolved from the deck's folder: the example is loaded from a file below",
    "DK303": "found only by laying the cards out (WeasyPrint, `render` / `--render-lint`): not tested here",
    "DK304": "needs a render that runs out of time: not tested here",
    "DK305": "found only by laying the cards out (WeasyPrint, `render` / `--render-lint`): not tested here",
    "DK306": "needs a picture file and `render --art full`: not tested here",
    "DK307": "a theme is a template file next to the deck, used by `render`: tests/test_themes.py",
    "DK309": "a theme is a template file next to the deck, used by `render`: tests/test_surface_themes.py",
    "DK310": "needs a picture file with more pixels than any card: tests/test_surface_export.py makes one",
    "DK311": "found only by laying the cards out (WeasyPrint): tests/render/ fixtures, tests/test_render_lint.py",
    "DK312": "found only by laying the cards out (WeasyPrint): tests/render/ fixtures, tests/test_render_lint.py",
    "DK313": "found only by laying the cards out (WeasyPrint): tests/render/ fixtures, tests/test_render_lint.py",
    "DK308": "a printing code (DK3xx): each wrong setting of the `print` block, files too, in tests/test_print_block.py",
    "DK401": "found only by playing a whole deck (`simulate`, tests/test_simulate.py): not tested here",
    "DK402": "cannot be caused with the bots that ship (they throw at random after a tie): not tested here",
    "DK501": "a game profile: its example goes through `deckdsl.load_game` below",
    "DK502": "a game profile: its example goes through `deckdsl.load_game` below",
    "DK503": "a game profile: its example goes through `deckdsl.load_game` below",
    "DK504": "a game profile: its example goes through `deckdsl.load_game` below",
    "DK505": "a game profile: its example goes through `deckdsl.load_game` below",
    "DK506": "a game profile: its example goes through `deckdsl.load_game` below",
    "DK507": "a profile and a deck next to it: both are written to a folder below",
}
"""Language codes whose examples `deckdsl.loads` cannot check, with the reason."""

BY_TEXT = [code for code in LANGUAGE_CODES if code not in NOT_BY_TEXT]
PROFILE_CODES = [code for code in LANGUAGE_CODES if code.startswith("DK5") and code != "DK507"]
UNTESTED = [code for code, reason in NOT_BY_TEXT.items() if reason.endswith("not tested here")]


def _section(page: str, title: str) -> str:
    return re.split(r"^## ", page.split(f"## {title}\n", 1)[1], flags=re.M)[0]


def _blocks(section: str) -> list[str]:
    """The indented (4-space) code blocks of a page's section, unindented."""
    found: list[str] = []
    current: list[str] | None = None
    blank_before = True
    for line in section.splitlines():
        if line.startswith("    ") and (current is not None or blank_before):
            current = (current or []) + [line[4:]]
        elif not line.strip() and current is not None:
            current.append("")
        elif current is not None:
            found.append("\n".join(current).strip("\n") + "\n")
            current = None
        blank_before = not line.strip()
    if current is not None:
        found.append("\n".join(current).strip("\n") + "\n")
    return found


def _example(code: str, title: str, index: int = 0) -> str:
    page = docs.page(code)
    assert page is not None, code
    blocks = _blocks(_section(page, title))
    assert len(blocks) > index, f"{code}: `## {title}` has no code block {index + 1}"
    return blocks[index]


def _as_deck(code: str, text: str) -> str:
    if code in AS_WRITTEN or re.search(r'^\s*(deck|baralho)\s+"', text, re.M):
        return text
    return HEADER + text


def _codes(result) -> list[str]:
    return [d.code for d in result.diagnostics]


# ------------------------------------------------------------------------------------ pages ---


@pytest.mark.parametrize("code", [code.code for code in all_codes()])
def test_every_code_has_a_page_with_every_section(code):
    page = docs.page(code)
    assert page is not None, f"{code} has no page: write deckdsl/codes/{code}.md"
    assert page.splitlines()[0] == f"{CODES[code].name} ({code})"
    places = [page.find(f"{section}\n") for section in docs.SECTIONS]
    assert -1 not in places, (code, dict(zip(docs.SECTIONS, places, strict=True)))
    assert places == sorted(places), f"{code}: the sections are out of order"
    for section in docs.SECTIONS:
        assert _section(page, section.removeprefix("## ")).strip(), (code, section)


def test_every_page_is_a_language_code():
    """No page for a code that does not exist, nor a second page for a rule's code; nothing else in the
    folder (it ships inside the package)."""
    files = sorted(path for path in PAGES.iterdir() if path.name != "locales")
    assert all(path.suffix == ".md" for path in files), files
    assert sorted(path.stem for path in files) == LANGUAGE_CODES


def test_a_code_without_a_page_stops_the_docs(monkeypatch):
    monkeypatch.setitem(CODES, "DK199", Code("DK199", "nowhere-documented", Severity.ERROR, "a test code"))
    assert docs.page("DK199") is None
    with pytest.raises(ValueError, match="DK199"):
        docs.render()


def test_the_index_links_every_code():
    index = docs.render()["docs/rules/README.md"]
    for code in all_codes():
        assert f"| [{code.code}]({code.code}.md) |" in index, code.code


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_generated_page_has_the_header_and_the_whole_page(code):
    generated = docs.render()[f"docs/rules/{code}.md"]
    stage, _ = docs.stage(code)
    assert f"default severity: **{CODES[code].severity.value}**" in generated
    assert f"- Stage: {stage} (`{code[:3]}xx`" in generated
    body = docs.page(code).partition("\n")[2].strip()
    assert generated.endswith(body + "\n")


# ---------------------------------------------------------------------------- deckdsl rule ---


def test_rule_prints_a_language_code_page():
    result = CliRunner().invoke(main, ["rule", "dk110"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("unknown-zone (DK110)\n")
    assert "Default severity: error · stage: meaning" in result.output
    assert CODES["DK110"].summary in result.output
    for section in docs.SECTIONS:
        assert section in result.output
    assert "opponent's hand" in result.output  # the example itself


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_rule_prints_every_language_code_page(code):
    result = CliRunner().invoke(main, ["rule", code])
    assert result.exit_code == 0, result.output
    assert docs.page(code).partition("\n")[2].strip() in result.output


def test_rule_prints_a_rule_docstring_as_it_is():
    rule = next(r for r in RULES if r.code.code == "DK202")
    assert CliRunner().invoke(main, ["rule", "DK202"]).output == rule.doc + "\n"


# -------------------------------------------------------------------- examples: deck text ---


def test_every_language_code_is_tested_by_text_or_says_why_not():
    assert set(NOT_BY_TEXT) <= set(LANGUAGE_CODES), set(NOT_BY_TEXT) - set(LANGUAGE_CODES)
    assert all(code[:3] in ("DK0", "DK1") for code in BY_TEXT), BY_TEXT


@pytest.mark.parametrize("code", BY_TEXT)
def test_example_produces_its_code(code):
    found = _codes(deckdsl.loads(_as_deck(code, _example(code, "Example"))))
    assert code in found, f"{code}'s example gives {found}"


@pytest.mark.parametrize("code", BY_TEXT)
def test_use_instead_does_not(code):
    found = _codes(deckdsl.loads(_as_deck(code, _example(code, "Use instead"))))
    assert code not in found, f"{code}'s `Use instead` still gives it"


# ------------------------------------------------------------- examples: files and folders ---


def test_dk005_example_saved_as_latin_1(tmp_path):
    latin = tmp_path / "latin.deck"
    latin.write_bytes(_example("DK005", "Example").encode("cp1252"))
    assert "DK005" in _codes(deckdsl.load(latin))
    utf8 = tmp_path / "utf8.deck"
    utf8.write_bytes(_example("DK005", "Use instead").encode("utf-8"))
    assert "DK005" not in _codes(deckdsl.load(utf8))


def test_dk018_example_with_its_raw_characters():
    """The page's ␛ and ␇ (U+241B, U+2407, the pictures of ESC and BEL) stand for the raw characters."""
    raw = _example("DK018", "Example").replace("\u241b", "\x1b").replace("\u2407", "\x07")
    assert "DK018" in _codes(deckdsl.loads(_as_deck("DK018", raw)))
    assert "DK018" not in _codes(deckdsl.loads(_as_deck("DK018", _example("DK018", "Use instead"))))


def test_dk006_page_states_the_limits_and_a_larger_file_is_refused(tmp_path):
    from deckdsl.files import MAX_FILE_BYTES
    from deckdsl.profiles.profile import MAX_PROFILE_BYTES

    page = docs.page("DK006")
    assert f"{MAX_FILE_BYTES:,} bytes" in page and f"{MAX_PROFILE_BYTES:,} bytes" in page
    large = tmp_path / "cartas-escaneadas.deck"
    large.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert _codes(deckdsl.load(large)) == ["DK006"]


def test_dk007_page_states_the_limit():
    from deckdsl.lang.build import MAX_DEPTH

    assert f"more than {MAX_DEPTH} levels deep" in docs.page("DK007")


def test_dk009_a_file_that_cannot_be_read(tmp_path):
    assert _codes(deckdsl.load(tmp_path / "meu-baralho.deck")) == ["DK009"]  # no such file
    assert _codes(deckdsl.load(tmp_path)) == ["DK009"]  # a folder
    readable = tmp_path / "meu-baralho.deck"
    readable.write_text(_as_deck("DK009", _example("DK001", "Use instead")), encoding="utf-8")
    assert "DK009" not in _codes(deckdsl.load(readable))


@pytest.mark.parametrize("code", ["DK301", "DK302"])
def test_art_examples_in_a_deck_folder(code, tmp_path):
    """The folder of both pages: `arte/muro-alto.png` next to the deck (DK302's page says so)."""
    (tmp_path / "arte").mkdir()
    (tmp_path / "arte" / "muro-alto.png").write_bytes(b"")
    deck = tmp_path / "meu-baralho.deck"
    deck.write_text(_as_deck(code, _example(code, "Example")), encoding="utf-8")
    assert code in _codes(deckdsl.load(deck))
    deck.write_text(_as_deck(code, _example(code, "Use instead")), encoding="utf-8")
    assert code not in _codes(deckdsl.load(deck))


@pytest.mark.parametrize("code", UNTESTED)
def test_examples_not_tested_here(code):
    pytest.skip(f"{code}: {NOT_BY_TEXT[code]}")


# --------------------------------------------------------------- examples: game profiles ---


def _profile_id(text: str) -> str | None:
    found = re.search(r"^\s*id:\s*([\w-]+)", text, re.M)
    return found.group(1) if found else None


def _load_profile(folder: Path, text: str, name: str):
    folder.mkdir()
    path = folder / f"{name}.game"
    path.write_text(text, encoding="utf-8")
    return deckdsl.load_game(path)


@pytest.mark.parametrize("code", PROFILE_CODES)
def test_profile_example_produces_its_code(code, tmp_path):
    example, fixed = _example(code, "Example"), _example(code, "Use instead")
    name = _profile_id(fixed) or "exemplo"  # decks find a profile by its file name, `ID.game`
    assert code in _codes(_load_profile(tmp_path / "example", example, name))
    assert code not in _codes(_load_profile(tmp_path / "fixed", fixed, name))


@pytest.mark.parametrize("title", ["Example", "Use instead"])
def test_dk507_deck_next_to_its_profile(title, tmp_path):
    profile = _example("DK507", title)
    deck = _example("DK507", "Example", 1)  # the Use instead fixes the profile only
    (tmp_path / f"{_profile_id(profile)}.game").write_text(profile, encoding="utf-8")
    path = tmp_path / "meu-duelo.deck"
    path.write_text(deck, encoding="utf-8")
    assert ("DK507" in _codes(deckdsl.load(path))) == (title == "Example")


# ------------------------------------------------------------------- pages in other languages ---

HEADINGS = {
    "pt-BR": {"What it does": "O que faz", "Why": "Por quê", "Example": "Exemplo", "Use instead": "Em vez disso",
              "Fix": "Correção", "What deckdsl says": "O que o deckdsl diz"},
    "ru": {"What it does": "Что проверяет", "Why": "Зачем", "Example": "Пример", "Use instead": "Как исправить",
           "Fix": "Исправление", "What deckdsl says": "Что говорит deckdsl"},
}
"""The sections of a page, as each translation names them (issue 29)."""


def test_the_pages_exist_in_every_language_findings_are_said_in():
    from deckdsl.text.catalog import languages

    assert set(docs.translated()) == set(languages("deckdsl.check")) - {"en"} == set(HEADINGS)


@pytest.mark.parametrize("tag", sorted(HEADINGS))
@pytest.mark.parametrize("code", [code.code for code in all_codes()])
def test_every_code_has_its_page_in_every_language(code, tag):
    """From the registry: each code's page translated, with the English title line, the sections in the
    same order under their translated names, and the very code blocks of the English — the examples tested
    above, so a translation cannot show an example that is not checked."""
    english, page = docs.page(code), docs.page(code, tag)
    assert page is not None, f"{code} has no {tag} page: write locales/{tag}/{code}.md beside its English page"
    assert page.splitlines()[0] == english.splitlines()[0]
    sections = [HEADINGS[tag][title] for title in re.findall(r"^## (.+)$", english, re.M)]
    assert re.findall(r"^## (.+)$", page, re.M) == sections
    assert _blocks(page) == _blocks(english), f"{code} ({tag}): the examples differ from the English page"
    fenced = re.compile(r"^```.*?^```", re.M | re.S)
    assert fenced.findall(page) == fenced.findall(english)


def test_rule_prints_a_page_in_the_language_asked_and_english_by_default():
    portuguese = CliRunner().invoke(main, ["rule", "jw115", "--lang", "pt-BR"])
    assert portuguese.exit_code == 0 and "## O que faz" in portuguese.output and "`JW115`" in portuguese.output
    russian = CliRunner().invoke(main, ["rule", "DK104", "--lang", "ru_RU"])
    assert russian.exit_code == 0 and "## Что проверяет" in russian.output
    assert "## What it does" in CliRunner().invoke(main, ["rule", "DK104"]).output
    refused = CliRunner().invoke(main, ["rule", "DK104", "--lang", "xx"])
    assert refused.exit_code == 2 and "pt-BR, ru" in refused.output


def test_the_generated_index_in_each_language_links_every_code():
    pages = docs.render()
    for tag in HEADINGS:
        index = pages[f"docs/rules/{tag}/README.md"]
        for code in all_codes():
            assert f"| [{code.code}]({code.code}.md) | `{code.name}` |" in index
            body = docs.page(code.code, tag).partition("\n")[2].strip()
            assert pages[f"docs/rules/{tag}/{code.code}.md"].count(body) == 1
