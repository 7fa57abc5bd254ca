"""Print geometry: grids per paper and card size, bleed, crop marks, duplex backs (all in mm)."""

from __future__ import annotations

import pytest

from deckdsl.printing import layout

A4, LETTER = layout.PAPERS["a4"], layout.PAPERS["letter"]


@pytest.mark.parametrize(
    ("paper", "card", "grid"),
    [
        (A4, "poker", (3, 3)),
        (A4, "bridge", (3, 3)),
        (A4, "mini", (4, 4)),
        (A4, "tarot", (2, 2)),
        (LETTER, "poker", (3, 3)),
        (A4, "90x140", (2, 2)),
    ],
)
def test_the_grid_fills_the_page(paper, card, grid):
    sheet = layout.sheet(paper, layout.card_size(card))
    assert (sheet.columns, sheet.rows) == grid
    assert len(sheet.trims) == len(sheet.bleeds) == len(sheet.backs) == grid[0] * grid[1]
    # one more column or row would not fit with the outer bleed
    width, height = sheet.card
    assert (grid[0] + 1) * width + 2 * sheet.bleed > paper[0]
    assert (grid[1] + 1) * height + 2 * sheet.bleed > paper[1]


def test_poker_on_a4_is_centred_with_shared_cuts():
    sheet = layout.sheet(A4, layout.CARDS["poker"])
    first, last = sheet.trims[0], sheet.trims[-1]
    assert first.x == pytest.approx(210 - last.right) == pytest.approx((210 - 3 * 63.5) / 2)
    assert first.y == pytest.approx(297 - last.bottom) == pytest.approx((297 - 3 * 88.9) / 2)
    assert sheet.trims[1].x == pytest.approx(first.right)  # neighbours share the cut
    assert sheet.trims[3].y == pytest.approx(first.bottom)


def test_bleed_reaches_out_at_the_edges_and_meets_at_shared_cuts():
    sheet = layout.sheet(A4, layout.CARDS["poker"], bleed=3)
    corner, middle = sheet.bleeds[0], sheet.bleeds[4]
    trim = sheet.trims[0]
    assert (corner.x, corner.y) == pytest.approx((trim.x - 3, trim.y - 3))
    assert corner.right == pytest.approx(trim.right)  # inner side: up to the shared cut
    assert (middle.width, middle.height) == pytest.approx((63.5, 88.9))


def test_a_gutter_of_twice_the_bleed_gives_every_card_its_whole_bleed():
    sheet = layout.sheet(A4, layout.CARDS["poker"], bleed=3, gutter=6)
    for trim, bleed in zip(sheet.trims, sheet.bleeds, strict=True):
        assert (bleed.x, bleed.y, bleed.width, bleed.height) == pytest.approx(
            (trim.x - 3, trim.y - 3, trim.width + 6, trim.height + 6)
        )
    assert sheet.trims[1].x - sheet.trims[0].right == pytest.approx(6)


def test_crop_marks_stay_in_the_margin_in_line_with_every_cut():
    sheet = layout.sheet(A4, layout.CARDS["poker"], bleed=3, mark_length=5)
    outer = (sheet.trims[0].x - 3, sheet.trims[0].y - 3, sheet.trims[-1].right + 3, sheet.trims[-1].bottom + 3)
    cuts_x = {round(v, 6) for t in sheet.trims for v in (t.x, t.right)}
    cuts_y = {round(v, 6) for t in sheet.trims for v in (t.y, t.bottom)}
    assert len(sheet.marks) == 2 * len(cuts_x) + 2 * len(cuts_y) == 16
    for mark in sheet.marks:
        vertical = mark.x1 == mark.x2
        if vertical:
            assert round(mark.x1, 6) in cuts_x
            assert max(mark.y1, mark.y2) <= outer[1] + 1e-9 or min(mark.y1, mark.y2) >= outer[3] - 1e-9
        else:
            assert round(mark.y1, 6) in cuts_y
            assert max(mark.x1, mark.x2) <= outer[0] + 1e-9 or min(mark.x1, mark.x2) >= outer[2] - 1e-9
        assert 0 <= min(mark.x1, mark.x2) and max(mark.x1, mark.x2) <= 210
        assert 0 <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= 297
        assert abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1) == pytest.approx(5)


def test_crop_marks_shrink_to_the_margin():
    sheet = layout.sheet(LETTER, layout.CARDS["poker"], bleed=3, mark_length=5)
    top_room = (279.4 - 3 * 88.9) / 2 - 3
    assert all(abs(m.x2 - m.x1) + abs(m.y2 - m.y1) == pytest.approx(top_room) for m in sheet.marks)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_land_behind_their_faces(flip):
    sheet = layout.sheet(A4, layout.CARDS["poker"], flip=flip)
    for trim, back in zip(sheet.trims, sheet.backs, strict=True):
        if flip == "long":  # the sheet turns around its vertical axis: left and right swap
            assert back.x == pytest.approx(210 - trim.right) and back.y == pytest.approx(trim.y)
        else:  # it turns around its horizontal axis: top and bottom swap
            assert back.y == pytest.approx(297 - trim.bottom) and back.x == pytest.approx(trim.x)
    if flip == "long":
        assert sheet.backs[0].x == pytest.approx(sheet.trims[2].x)  # column 0's back is where column 2 is


def test_back_offset_moves_every_back():
    plain = layout.sheet(A4, layout.CARDS["poker"])
    moved = layout.sheet(A4, layout.CARDS["poker"], back_offset=(1.5, -0.5))
    for a, b in zip(plain.backs, moved.backs, strict=True):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -0.5))


@pytest.mark.parametrize("text", ["63.5x88.9", "63,5 x 88,9", "63.5×88.9mm", "POKER"])
def test_card_sizes(text):
    assert layout.card_size(text) == pytest.approx((63.5, 88.9))


@pytest.mark.parametrize("text", ["huge", "63", "0x88", "63x-2", "1000x1000", "63x88x2"])
def test_bad_card_sizes(text):
    with pytest.raises(ValueError, match="card size"):
        layout.card_size(text)


def test_what_does_not_fit_is_an_error():
    with pytest.raises(ValueError, match="does not fit"):
        layout.sheet(A4, (205.0, 100.0))  # 205 mm + 2 × 3 mm of bleed > 210 mm
    with pytest.raises(ValueError, match="flip"):
        layout.sheet(A4, layout.CARDS["poker"], flip="diagonal")
    with pytest.raises(ValueError, match="paper"):
        layout.paper_size("a3")


def test_a_partly_filled_sheet_gets_its_outer_bleed_and_marks_where_the_cards_are():
    sheet = layout.sheet(A4, layout.CARDS["poker"], bleed=3)
    bleeds, marks = sheet.filled(4)  # a full first row, one card in the second
    first_row, lone = bleeds[:3], bleeds[3]
    trims = sheet.trims
    assert first_row[1].bottom == pytest.approx(trims[1].bottom + 3)  # nothing below: whole bleed
    assert lone.right == pytest.approx(trims[3].right + 3) and lone.bottom == pytest.approx(trims[3].bottom + 3)
    assert first_row[0].bottom == pytest.approx(trims[0].bottom)  # the lone card below: shared cut
    lowest = max(max(m.y1, m.y2) for m in marks)
    assert lowest <= trims[3].bottom + 3 + 5 + 1e-6  # no mark for the empty third row
    assert len(bleeds) == 4
