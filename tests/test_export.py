"""`deckdsl export png|tts|csv` and `deckdsl import csv` on the four games' decks: the images read back
(size, colour mode, what is on them), Tabletop Simulator's limits and saved object, the spreadsheet round
trip, and every bad cell reported where it is."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

import deckdsl
from deckdsl.cli import main
from deckdsl.printing import export, render, spreadsheet

ROOT = Path(__file__).resolve().parent.parent
DECKS = [ROOT / "decks" / name for name in
         ("janken-wars.deck", "embate-dos-guardioes.deck", "cooperativo.deck", "queens-vs-kings.deck")]
DPI = 40  # low: the tests read the images back, they do not look at them


def _mm(pixels_per_inch: float, mm: float) -> int:
    return round(mm / 25.4 * pixels_per_inch)


def _components(result) -> dict[str, int]:
    return {spec["name"]: spec.get("count", 1) for spec in (result.profile.components or {}).values()}


@pytest.fixture(scope="module", params=DECKS, ids=lambda path: path.stem)
def deck(request):
    return deckdsl.load(request.param), request.param


@pytest.fixture(scope="module")
def pngs(deck):
    result, path = deck
    return export.png(result.deck, path, render.Options(), result.profile, dpi=DPI)


def test_png_has_an_image_per_distinct_card_and_component_at_the_card_size_with_its_bleed(deck, pngs):
    result, _ = deck
    assert not [p for p in pngs.problems if p.severity.value == "error"]
    faces = [name for name in pngs.files if not name.endswith("back.png")]
    distinct = [card for card in result.deck.cards if card.copies >= 1]
    assert len(faces) >= len(distinct) + len(_components(result))
    for card, name in zip(distinct, faces, strict=False):
        assert name.endswith(f"-{export.slug(card.name)}.png")
    width, height = render.Options().card
    for name, data in pngs.files.items():
        image = Image.open(io.BytesIO(data))
        assert image.mode == "RGB"
        assert abs(image.width - _mm(DPI, width + 6)) <= 1 and abs(image.height - _mm(DPI, height + 6)) <= 1, name
    assert any(name.endswith("back.png") for name in pngs.files)


def test_png_faces_differ_and_are_not_blank(pngs):
    faces = [data for name, data in pngs.files.items() if not name.endswith("back.png")]
    assert len(set(faces)) == len(faces)
    for data in faces:
        colours = Image.open(io.BytesIO(data)).getcolors(maxcolors=1_000_000)
        assert colours is None or len(colours) > 5  # something is drawn on every face


def test_png_without_bleed_is_the_trim_and_the_same_pixels():
    result = deckdsl.load(DECKS[0])
    options = render.Options()
    with_bleed = export.png(result.deck, DECKS[0], options, result.profile, dpi=DPI)
    trimmed = export.png(result.deck, DECKS[0], options, result.profile, dpi=DPI, bleed=False)
    assert with_bleed.files.keys() == trimmed.files.keys()
    name = next(iter(with_bleed.files))
    full, trim = (Image.open(io.BytesIO(files.files[name])) for files in (with_bleed, trimmed))
    cut = _mm(DPI, options.bleed)
    assert trim.size == (full.width - 2 * cut, full.height - 2 * cut)
    assert trim.tobytes() == full.crop((cut, cut, full.width - cut, full.height - cut)).tobytes()


def test_png_is_deterministic():
    result = deckdsl.load(DECKS[0])
    first, second = (export.png(result.deck, DECKS[0], render.Options(), result.profile, dpi=DPI).files
                     for _ in range(2))
    assert first == second


def test_decks_whose_backs_differ_get_a_back_per_card():
    result = deckdsl.load(DECKS[3])  # Queens vs Kings: red and black backs, one per player
    files = export.png(result.deck, DECKS[3], render.Options(), result.profile, dpi=DPI).files
    assert "back.png" not in files
    backs = {data for name, data in files.items() if name.endswith("-back.png")}
    assert len(backs) >= 2


# --------------------------------------------------------------------------------------- tts ---


@pytest.fixture(scope="module")
def tts(deck, tmp_path_factory):
    result, path = deck
    folder = tmp_path_factory.mktemp("tts")
    made = export.tts(result.deck, path, render.Options(), result.profile, dpi=DPI, folder=folder)
    made.write(folder)
    return result, made, folder


def test_tts_saved_object_has_the_fields_tabletop_simulator_reads(tts):
    result, made, folder = tts
    saved = json.loads(next(data for name, data in made.files.items() if name.endswith(".json")))
    deck_object = saved["ObjectStates"][0]
    assert deck_object["Name"] == "DeckCustom"
    copies = sum(card.copies for card in result.deck.cards)
    assert len(deck_object["DeckIDs"]) == len(deck_object["ContainedObjects"]) == copies
    names = {card["Nickname"] for card in deck_object["ContainedObjects"]}
    assert {card.name for card in result.deck.cards if card.copies >= 1} == names
    for each in saved["ObjectStates"]:
        for number, custom in each["CustomDeck"].items():
            assert set(custom) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
            assert 2 <= custom["NumWidth"] <= 10 and 2 <= custom["NumHeight"] <= 7
            for key in ("FaceURL", "BackURL"):
                assert custom[key].startswith(folder.resolve().as_uri())
                assert (folder / custom[key].rsplit("/", 1)[1]).is_file()
            slots = [card["CardID"] - int(number) * 100 for card in _contained(each)
                     if str(card["CardID"] // 100) == number]
            assert max(slots) < custom["NumWidth"] * custom["NumHeight"] - 1  # the last slot: the hidden card
        for card in _contained(each):
            assert str(card["CardID"] // 100) in card["CustomDeck"]


def _contained(thing: dict) -> list[dict]:
    """The cards of a saved object: a deck's contained cards, or a single card itself."""
    return thing.get("ContainedObjects") or [thing]


def test_tts_separates_the_cards_from_each_component(tts):
    """Issue 30: the deck's cards are one deck, and each game piece printed with them (stars, brindes, a
    reference card) is its own deck or card beside it — counted back from the saved object."""
    result, made, _ = tts
    saved = json.loads(next(data for name, data in made.files.items() if name.endswith(".json")))
    deck_object, *pieces = saved["ObjectStates"]
    counted = {thing["Nickname"]: len(_contained(thing)) for thing in pieces}
    for name, count in _components(result).items():
        assert counted.get(name) == count, (name, counted)
    assert all(thing["Name"] == ("DeckCustom" if len(_contained(thing)) > 1 else "CardCustom") for thing in pieces)
    cards = {card.name for card in result.deck.cards}
    assert not any(card["Nickname"] in cards for thing in pieces for card in _contained(thing))
    places = [thing["Transform"]["posX"] for thing in saved["ObjectStates"]]
    assert len(set(places)) == len(places)  # side by side, not stacked


def test_png_files_carry_their_dpi(pngs):
    """Issue 30: every PNG says its resolution (a `pHYs` chunk), so a print shop's software prints it at size."""
    for name, data in pngs.files.items():
        with Image.open(io.BytesIO(data)) as image:
            assert image.info.get("dpi") and round(image.info["dpi"][0]) == DPI, name


def test_tts_sheets_respect_its_limits_and_leave_the_last_slot_empty(tts):
    _, made, folder = tts
    saved = json.loads(next(data for name, data in made.files.items() if name.endswith(".json")))
    for custom in (c for thing in saved["ObjectStates"] for c in thing["CustomDeck"].values()):
        sheet = Image.open(folder / custom["FaceURL"].rsplit("/", 1)[1])
        assert sheet.mode == "RGB" and max(sheet.size) <= export.TTS_MAX_PIXELS
        width, height = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
        last = sheet.crop((sheet.width - width, sheet.height - height, sheet.width, sheet.height))
        assert last.getcolors() == [(width * height, (255, 255, 255))]
        first = sheet.crop((0, 0, width, height))
        assert len(first.getcolors(maxcolors=1_000_000) or range(6)) > 5


def test_tts_resolution_is_lowered_so_a_full_sheet_fits_4096_pixels(tmp_path):
    result = deckdsl.load(DECKS[0])
    made = export.tts(result.deck, DECKS[0], render.Options(), result.profile, dpi=600, folder=tmp_path)
    sheet = Image.open(io.BytesIO(made.files["janken-wars-faces-1.png"]))
    saved = json.loads(made.files["janken-wars.json"])
    card_width = sheet.width // saved["ObjectStates"][0]["CustomDeck"]["1"]["NumWidth"]
    assert card_width * export.TTS_COLUMNS <= export.TTS_MAX_PIXELS
    assert card_width * export.TTS_COLUMNS > export.TTS_MAX_PIXELS - 2 * export.TTS_COLUMNS * 10  # not needlessly small


def test_a_deck_of_more_than_69_cards_takes_several_sheets(tmp_path):
    text = DECKS[0].read_text(encoding="utf-8")
    many = text + "".join(f'\ncard "Extra {n}" {{\n  type: pedra\n  rarity: simples\n  value: 1\n}}\n'
                          for n in range(70))
    path = tmp_path / "many.deck"
    path.write_text(many, encoding="utf-8")
    result = deckdsl.load(path)
    made = export.tts(result.deck, path, render.Options(), result.profile, dpi=20, folder=tmp_path)
    saved = json.loads(made.files["janken-wars.json"])
    customs = saved["ObjectStates"][0]["CustomDeck"]
    assert set(customs) == {"1", "2"}
    assert (customs["1"]["NumWidth"], customs["1"]["NumHeight"]) == (10, 7)
    assert sum(1 for card in saved["ObjectStates"][0]["ContainedObjects"] if card["CardID"] < 200) == sum(
        card.copies for card in result.deck.cards[:69])


# --------------------------------------------------------------------------------------- csv ---


def _without_places(value):
    if isinstance(value, dict):
        return {k: _without_places(v) for k, v in value.items() if not k.endswith("span") and k != "field_spans"}
    if isinstance(value, (list, tuple)):
        return [_without_places(v) for v in value]
    return value


@pytest.mark.parametrize("path", [*DECKS, *sorted((ROOT / "decks" / "examples").glob("*.deck"))],
                         ids=lambda path: path.stem)
def test_csv_round_trip_gives_back_the_same_deck(path, tmp_path):
    """Export, then import into the deck: the same cards (and the header and addenda the deck keeps), the
    same sheet exported again, the same findings."""
    result = deckdsl.load(path)
    sheet = spreadsheet.export(result.deck, result.profile, result.text)
    around = spreadsheet.frame_of(result.deck, result.profile, result.text)
    imported = spreadsheet.read(sheet.decode("utf-8"), result.profile, around,
                                lambda text: deckdsl.loads(text, str(path)).diagnostics)
    assert imported.text is not None
    again = deckdsl.loads(imported.text, str(path))
    for field in ("cards", "addenda", "rules", "meta", "title"):
        assert _without_places(again.deck.model_dump()[field]) == _without_places(result.deck.model_dump()[field])
    assert spreadsheet.export(again.deck, again.profile, again.text) == sheet
    assert sorted((d.code, d.message) for d in again.diagnostics) == sorted(
        (d.code, d.message) for d in result.diagnostics)
    assert len(imported.problems) == len(again.diagnostics)
    if not again.deck.addenda or all(a.span.start > again.deck.cards[-1].span.start for a in result.deck.addenda):
        assert imported.text == result.text  # nothing changed in the sheet: nothing changes in the file


def test_importing_an_edited_sheet_into_the_deck_rewrites_only_the_edited_card(tmp_path):
    deck = tmp_path / "deck.deck"
    deck.write_text(DECKS[0].read_text(encoding="utf-8"), encoding="utf-8")
    result = deckdsl.load(deck)
    rows = spreadsheet.export(result.deck, result.profile, result.text).decode("utf-8").split("\r\n")
    rows[4] = rows[4].replace("Origami Sublime,6,papel,simples,4", "Origami Sublime,6,papel,simples,5")
    sheet = tmp_path / "deck.csv"
    sheet.write_text("\r\n".join(rows), encoding="utf-8")
    run = CliRunner().invoke(main, ["import", "csv", str(sheet), "--into", str(deck)])
    assert run.exit_code == 0, run.output
    before, after = result.text.splitlines(), deck.read_text(encoding="utf-8").splitlines()
    changed = [line for line in after if line not in before]
    assert changed == ["  value: 5"]
    assert "# ---------------------------------------------------------------- papel ---" in after  # comments kept


def test_a_new_deck_from_a_sheet_has_the_header_the_options_give(tmp_path):
    result = deckdsl.load(DECKS[3])
    sheet = spreadsheet.export(result.deck, result.profile, result.text).decode("utf-8")
    around = spreadsheet.frame("Дамы", {"game": "queens-vs-kings", "language": "ru", "version": '"0.2"'})
    imported = spreadsheet.read(sheet, result.profile, around,
                                lambda text: deckdsl.loads(text, str(tmp_path / "new.deck")).diagnostics)
    assert not imported.problems
    again = deckdsl.loads(imported.text, str(tmp_path / "new.deck"))
    assert (again.deck.title, again.deck.game, again.deck.language, again.deck.version) == (
        "Дамы", "queens-vs-kings", "ru", "0.2")
    assert _without_places(again.deck.model_dump()["cards"]) == _without_places(result.deck.model_dump()["cards"])
    from deckdsl.lang.fmt import format_source

    assert format_source(imported.text) == imported.text  # written as `deckdsl fmt` writes it


def test_csv_has_a_row_per_card_and_the_columns_of_the_game():
    result = deckdsl.load(DECKS[0])
    rows = spreadsheet.export(result.deck, result.profile, result.text).decode("utf-8").split("\r\n")
    assert rows[0] == "name,copies,type,rarity,value,cost,action,condition,flavor,art,text"
    assert len([row for row in rows[1:] if row]) == len(result.deck.cards)
    assert rows[1].startswith("Muro Alto,6,pedra,simples,2,,,discarded first,")


BAD_SHEET = (
    "name,copies,type,rarity,value,condition\r\n"
    "Muro Alto,6,pedra,simples,2,discarded first\r\n"
    "Pedra Mole,2,pedra,simples,1,discarded frist\r\n"
    "\"Papel, Sulfite\",3,papel,simplez,2,\r\n"
)


def test_a_bad_cell_is_reported_at_its_row_and_column_and_nothing_is_written(tmp_path):
    sheet = tmp_path / "cards.csv"
    sheet.write_text(BAD_SHEET, encoding="utf-8")
    target = tmp_path / "cards.deck"
    run = CliRunner().invoke(main, ["import", "csv", str(sheet), "--game", "janken-wars", "-o", str(target)])
    assert run.exit_code == 1, run.output
    assert not target.exists()
    assert f"{sheet}:3:6" in run.output  # `discarded frist`: row 3, column 6
    assert "3 | Pedra Mole,2,pedra,simples,1,discarded frist" in run.output
    assert f"{sheet}:4:4" in run.output and "(column `rarity`)" in run.output  # `simplez`
    assert "\n  | " + " " * len("Pedra Mole,2,pedra,simples,1,") + "^" * len("discarded frist") + "\n" in run.output
    assert "the deck has 11 cards; Janken Wars decks have 36 (25 missing)\n" in run.output  # no column named


def test_an_unknown_column_is_reported_with_the_closest_field(tmp_path):
    sheet = tmp_path / "cards.csv"
    sheet.write_text("name,copies,tipo,raridade,valr\r\nA,1,pedra,simples,1\r\n", encoding="utf-8")
    run = CliRunner().invoke(main, ["import", "csv", str(sheet), "--game", "janken-wars"])
    assert run.exit_code == 1
    assert f"{sheet}:1:5" in run.output and "the column `valr`" in run.output and "`value`" in run.output
    assert not (tmp_path / "cards.deck").exists()


def test_import_refuses_to_replace_a_deck_without_force(tmp_path):
    sheet = tmp_path / "cards.csv"
    result = deckdsl.load(DECKS[0])
    sheet.write_bytes(spreadsheet.export(result.deck, result.profile, result.text))
    target = tmp_path / "cards.deck"
    target.write_text("the good deck", encoding="utf-8")
    run = CliRunner().invoke(main, ["import", "csv", str(sheet), "--game", "janken-wars"])
    assert run.exit_code == 2 and target.read_text(encoding="utf-8") == "the good deck"
    run = CliRunner().invoke(main, ["import", "csv", str(sheet), "--game", "janken-wars", "--force"])
    assert run.exit_code == 0, run.output
    assert deckdsl.load(target).deck.cards[0].name == "Muro Alto"


def test_export_commands_write_their_files(tmp_path):
    deck = str(DECKS[0])
    runs = [
        subprocess.run([sys.executable, "-m", "deckdsl", "export", "csv", deck, "-o", str(tmp_path / "jw.csv")],
                       capture_output=True, text=True),
        subprocess.run([sys.executable, "-m", "deckdsl", "export", "png", deck, "--dpi", "30", "--no-bleed",
                        "-o", str(tmp_path / "png")], capture_output=True, text=True),
        subprocess.run([sys.executable, "-m", "deckdsl", "export", "tts", deck, "--dpi", "30", "-o",
                        str(tmp_path / "tts"), "--base-url", "https://example.org/jw/"],
                       capture_output=True, text=True),
    ]
    for run in runs:
        assert run.returncode == 0, run.stderr
    assert (tmp_path / "jw.csv").read_text(encoding="utf-8").startswith("name,copies,type")
    assert (tmp_path / "png" / "01-muro-alto.png").is_file() and (tmp_path / "png" / "back.png").is_file()
    saved = json.loads((tmp_path / "tts" / "janken-wars.json").read_text(encoding="utf-8"))
    assert saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == "https://example.org/jw/janken-wars-faces-1.png"


def test_export_refuses_a_bad_dpi_before_any_work():
    run = CliRunner().invoke(main, ["export", "png", str(DECKS[0]), "--dpi", "nan"])
    assert run.exit_code == 2 and "--dpi" in run.output


def test_a_cell_a_spreadsheet_would_run_as_a_formula_is_exported_as_text_and_imported_back(tmp_path):
    deck = tmp_path / "f.deck"
    deck.write_text('card "=HYPERLINK(\\"http://example.org\\")" {\n  type: pedra\n  rarity: simples\n'
                    '  value: -2\n  flavor: "@SUM(A1)"\n}\n', encoding="utf-8")
    result = deckdsl.load(deck)
    sheet = spreadsheet.export(result.deck, result.profile, result.text).decode("utf-8")
    row = sheet.split("\r\n")[1]
    assert row.startswith('"\'=HYPERLINK(""http://example.org"")",1,pedra,simples,-2,')  # -2 stays a number
    assert ",'@SUM(A1)," in row
    imported = spreadsheet.read(sheet, result.profile, spreadsheet.frame_of(result.deck, result.profile, result.text))
    again = deckdsl.loads(imported.text, str(deck))
    assert (again.deck.cards[0].name, again.deck.cards[0].flavor) == ('=HYPERLINK("http://example.org")', "@SUM(A1)")


def test_a_cell_beyond_the_last_column_is_reported():
    result = deckdsl.load(DECKS[0])
    sheet = "name,copies,type,rarity,value\r\nA,1,pedra,simples,1,oops\r\n"
    imported = spreadsheet.read(sheet, result.profile, spreadsheet.frame("T", {"game": "janken-wars"}))
    [(problem, cell)] = imported.problems
    assert (cell.row, cell.column) == (2, 6) and "oops" in problem.message


def test_a_sheet_with_a_field_longer_than_the_csv_modules_limit_is_read():
    result = deckdsl.load(DECKS[0])
    flavour = "x" * 200_000  # the csv module's default limit is 131,072 characters a field
    sheet = f"name,copies,type,rarity,value,flavor\r\nA,1,pedra,simples,1,{flavour}\r\n"
    imported = spreadsheet.read(sheet, result.profile, spreadsheet.frame("T", {"game": "janken-wars"}),
                                lambda text: deckdsl.loads(text, "t.deck").diagnostics)
    assert imported.text is not None and f'flavor: "{flavour}"' in imported.text


def test_import_into_a_deck_that_does_not_read_completely_is_refused(tmp_path):
    deck = tmp_path / "deck.deck"
    text = DECKS[0].read_text(encoding="utf-8")
    deck.write_text(text.replace("  copies: 6\n  value: 2\n", "  copies: 6\n  value: 2 +\n", 1), encoding="utf-8")
    sheet = tmp_path / "deck.csv"
    result = deckdsl.load(DECKS[0])
    sheet.write_bytes(spreadsheet.export(result.deck, result.profile, result.text))
    before = deck.read_bytes()
    run = CliRunner().invoke(main, ["import", "csv", str(sheet), "--into", str(deck)])
    assert run.exit_code == 2 and "does not read completely" in run.output
    assert deck.read_bytes() == before
