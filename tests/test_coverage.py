"""A broken deck is still checked, and the check says what it could not judge (deckdsl.check.coverage).

Each case edits the standard deck the way a designer slips — a lost brace, a misspelt field or rarity,
a line the parser cannot read — and compares with what the intact deck reports: findings that do not
depend on the broken part stay, findings that would be false are not made, and DK131 names every check
that was skipped or held back.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import deckdsl

ROOT = Path(__file__).resolve().parent.parent
STANDARD = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")


def edit(old: str, new: str, text: str = STANDARD, after: str = "") -> str:
    start = text.index(after) if after else 0
    assert old in text[start:], old
    return text[:start] + text[start:].replace(old, new, 1)


def check(text: str) -> deckdsl.Result:
    return deckdsl.loads(text, "deck.deck")


def codes(result: deckdsl.Result) -> list[str]:
    return [d.code for d in result.diagnostics]


def notice(result: deckdsl.Result):
    found = [d for d in result.diagnostics if d.code == "DK131"]
    assert len(found) == 1, codes(result)
    return found[0]


INTACT = check(STANDARD)


def test_the_intact_deck_is_judged_completely():
    assert "DK131" not in codes(INTACT)
    assert codes(INTACT) == ["JW105"]


def test_a_lost_brace_hides_nothing():
    """The issue's first case: with one `}` missing, the deck-wide checks used to be skipped silently."""
    broken = edit("domain\n}", "domain\n", after='card "Joia Cobiçada"')
    result = check(broken)
    assert codes(result) == ["JW105", "DK002"]


def test_a_card_block_that_cannot_be_read_skips_the_counts_and_says_so():
    broken = edit("  value: 3\n", "  value: {3}\n", after='card "Joia Cobiçada"')
    result = check(broken)
    found = notice(result)
    assert found.severity is deckdsl.Severity.WARNING
    assert "checks skipped" in found.message
    skipped = " ".join(found.notes)
    for code in ("DK201 deck-size", "DK202 group-size", "JW105 single-counterpart"):
        assert code in skipped
    assert "1 card block could not be read" in skipped
    assert found.span.line == broken[: broken.index('card "Joia Cobiçada"')].count("\n") + 1
    assert "card `Joia Cobiçada` could not be read" in [label.message for label in found.labels] + [""]\
        or found.span.column == 1
    # the summary comes after the error that caused it
    assert codes(result)[-1] == "DK131" and "DK001" in codes(result)


def test_a_deck_that_is_short_because_a_block_was_lost_is_not_called_short():
    broken = edit("  value: 3\n", "  value: {3}\n", after='card "Joia Cobiçada"')
    assert "DK201" not in codes(check(broken)) and "DK202" not in codes(check(broken))


def test_findings_of_whole_cards_stand_when_another_card_is_lost():
    broken = edit("  value: 3\n", "  value: {3}\n", after='card "Joia Cobiçada"')
    without_joia = edit("  value: 3\n", "  value: 3\n", after='card "Joia Cobiçada"')
    assert without_joia == STANDARD
    # JW105 on Muro Alto reads effects only and every effect that matters to it was read
    assert "JW105" not in codes(check(broken))  # JW105 counts the whole deck: skipped, and said so
    assert any("JW105" in note for note in notice(check(broken)).notes)


def test_a_suppression_is_judged_only_where_its_code_was_checked():
    """The issue's false DK130: a syntax error elsewhere made `allow JW105` look unused."""
    allowed = edit('card "Muro Alto" {', 'card "Muro Alto" { # deckdsl: allow JW105')
    assert codes(check(allowed)) == []
    broken_line = edit("  value: 3\n", "  value: 3 +\n", text=allowed, after='card "Joia Cobiçada"')
    assert "DK130" not in codes(check(broken_line))
    lost_block = edit("  value: 3\n", "  value: {3}\n", text=allowed, after='card "Joia Cobiçada"')
    assert "DK130" not in codes(check(lost_block))


def test_a_suppression_inside_a_lost_block_is_not_called_unused():
    text = edit('card "Joia Cobiçada" {', 'card "Joia Cobiçada" { # deckdsl: allow JW107')
    text = edit("  value: 3\n", "  value: {3}\n", text=text, after='card "Joia Cobiçada"')
    assert "DK130" not in codes(check(text))


def test_a_still_unused_suppression_is_still_reported():
    allowed = edit('card "Muro Alto" {', 'card "Muro Alto" { # deckdsl: allow JW110')
    broken = edit("  value: 3\n", "  value: 3 +\n", text=allowed, after='card "Joia Cobiçada"')
    assert "DK130" in codes(check(broken))


def test_naming_a_card_whose_block_was_lost_is_not_an_unknown_card():
    text = edit("  value: 2\n  condition: discarded first", "  value: {2}\n  condition: discarded first")
    text += '\naddendum "Ordem" {\n  order: "Muro Alto" then "Origami Sublime"\n}\n'
    assert "DK111" not in codes(check(text))


def test_one_misspelt_rarity_is_one_error():
    """The issue: a misspelt rarity was reported three times, the consequences (DK202) before the cause."""
    result = check(edit("rarity: avançada", "rarity: avancda"))
    assert codes(result) == ["JW105", "DK103", "DK131"]
    assert any("DK202 group-size" in note and "Joia Cobiçada" in note for note in notice(result).notes)


def test_a_misspelt_field_does_not_make_its_card_look_weak():
    result = check(edit("  condition: value = ceil(count(your discard pile) / 2)",
                        "  conditon: value = ceil(count(your discard pile) / 2)"))
    assert [d.code for d in result.diagnostics if d.code.startswith("JW")] == []
    assert "DK101" in codes(result)
    judged = " ".join(notice(result).notes)
    assert "`Estátua de Sucata`: `condition` not read" in judged and "JW107" in judged
    assert "JW105 single-counterpart" in judged  # it weighs every card's effects: skipped, and said so


def test_a_broken_value_line_holds_back_what_reads_values_only_for_that_card():
    result = check(edit("  value: 3\n", "  value: 3 +\n", after='card "Joia Cobiçada"'))
    notes = " ".join(notice(result).notes)
    assert "`Joia Cobiçada`: `value` not read" in notes
    assert "JW111" not in notes  # names were read: the name rule judged every card
    assert "DK201" not in notes  # copies were read: the deck was counted


@pytest.mark.parametrize("field", ["copies: 6", "type: pedra"])
def test_an_unread_count_or_group_field_skips_the_counts(field):
    broken = edit(f"  {field}\n", f"  {field} +\n", after='card "Muro Alto"')
    result = check(broken)
    assert "DK201" not in codes(result) and "DK202" not in codes(result)
    skipped = " ".join(notice(result).notes)
    assert "DK202 group-size" in skipped


def test_reference_card_is_named_as_the_standard_decks():
    text = edit('card "Origami Sublime" {', 'card "Origami Sublime" {', after="")
    text = edit("  value: 4\n", "  value: 4\n  action: gain top card of the deck\n",
                text=text, after='card "Origami Sublime"')
    found = [d for d in check(text).diagnostics if d.code == "JW106"]
    assert found and "strictly better than the standard deck's `Origami Sublime`" in found[0].message


# ------------------------------------------------------------------------------ art files ---

ART_DECK = 'deck "Arte" {\n  game: janken-wars\n}\n\ncard "Muro Alto" {\n  type: pedra\n  rarity: simples\n' \
    '  copies: 6\n  value: 2\n  art: "{art}"\n}\n'


def art_codes(tmp_path, art: str) -> list[tuple[str, str, str | None]]:
    deck = tmp_path / "deck" / "arte.deck"
    deck.parent.mkdir(exist_ok=True)
    deck.write_text(ART_DECK.replace("{art}", art), encoding="utf-8")
    return [(d.code, d.message, d.help) for d in deckdsl.load(deck).diagnostics if d.code in ("DK301", "DK302")]


def test_check_reports_a_missing_art_file_with_the_closest_name(tmp_path):
    (tmp_path / "deck").mkdir()
    (tmp_path / "deck" / "muro-alto.png").write_bytes(b"\x89PNG")
    [(code, message, help)] = art_codes(tmp_path, "muro_alto.png")
    assert code == "DK302" and "`muro_alto.png` does not exist" in message
    assert help == "did you mean `muro-alto.png`?"
    assert art_codes(tmp_path, "muro-alto.png") == []


def test_check_refuses_art_outside_the_deck_folder_without_looking_at_it(tmp_path):
    (tmp_path / "secret.png").write_bytes(b"\x89PNG")
    for art in ("../secret.png", "/etc/passwd", "https://example.com/a.png"):
        [(code, _, _)] = art_codes(tmp_path, art)
        assert code == "DK301", art


def test_check_reads_art_paths_as_render_does_through_folders_and_links(tmp_path):
    """check lists the deck's folders instead of resolving every `art:` path: a file reached through real
    folders is found, a missing one reported, and anything reached through a link is resolved, so a link
    out of the folder is still refused."""
    (tmp_path / "secret.png").write_bytes(b"\x89PNG")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "a.png").write_bytes(b"\x89PNG")
    folder = tmp_path / "deck"
    (folder / "art" / "big").mkdir(parents=True)
    (folder / "art" / "big" / "a.png").write_bytes(b"\x89PNG")
    (folder / "art" / "a.png").mkdir()
    (folder / "art" / "out.png").symlink_to(tmp_path / "secret.png")
    (folder / "art" / "in.png").symlink_to(folder / "art" / "big" / "a.png")
    (folder / "linked").symlink_to(tmp_path / "elsewhere")
    assert art_codes(tmp_path, "art/big/a.png") == []
    assert art_codes(tmp_path, "art/in.png") == []
    assert [code for code, _, _ in art_codes(tmp_path, "art/out.png")] == ["DK301"]
    assert [code for code, _, _ in art_codes(tmp_path, "linked/a.png")] == ["DK301"]
    assert [code for code, _, _ in art_codes(tmp_path, "art/a.png")] == ["DK302"]  # a folder, not a picture
    assert [code for code, _, _ in art_codes(tmp_path, "art/big/b.png")] == ["DK302"]
    assert [code for code, _, _ in art_codes(tmp_path, "art/small/a.png")] == ["DK302"]
    assert [code for code, _, _ in art_codes(tmp_path, "art/big/../../../secret.png")] == ["DK301"]


def test_render_lint_does_not_repeat_what_check_found(tmp_path):
    from click.testing import CliRunner

    from deckdsl.cli import main

    art_codes(tmp_path, "nowhere.png")
    output = CliRunner().invoke(main, ["check", "--render-lint", "--format", "concise",
                                       str(tmp_path / "deck" / "arte.deck")]).output
    assert output.count("DK302") == 1


def test_a_broken_rule_parameter_skips_the_rules_that_read_it():
    result = check(edit("    table_size: 5", "    table_size: cinco"))
    assert "DK115" in codes(result)
    skipped = " ".join(notice(result).notes)
    assert "JW120 few-advanced-on-table" in skipped and "rule parameters" in skipped
    assert "DK201 deck-size" not in skipped  # the cards were all read: they are counted


def test_a_lost_header_skips_every_guideline():
    result = check(edit("    star_cost: 8 ", "    star_cost: {8} "))
    found = notice(result)
    assert "the `deck` header could not be read" in " ".join(found.notes)
    assert not [d for d in result.diagnostics if d.code.startswith(("JW", "DK2"))]


def test_a_lost_addendum_skips_the_ordering_checks_only():
    example = (ROOT / "decks" / "examples" / "gdd-addendum-example.deck").read_text(encoding="utf-8")
    assert "JW113" not in codes(check(example))
    start = example.index("addendum ")
    broken = example[:start] + example[start:].replace("order:", "order: {", 1)
    result = check(broken)
    assert "JW113" not in codes(result)  # the lost addendum may well order them: not reported
    skipped = " ".join(notice(result).notes)
    assert "JW113 unordered-modifiers" in skipped and "1 addendum block could not be read" in skipped
    assert "DK201" not in skipped and "JW105" in codes(result)
