"""The PDF layouts on plain data: they open, have the expected number of pages, and their
extracted text holds the names (accented and Cyrillic), ranks, cells and scores."""

import dataclasses
import datetime
import io
from decimal import Decimal

import pytest
from pypdf import PdfReader

from tests.documents.events import NAMES, TIEBREAKS, synthetic_crosstable
from tournaments.ballots.cards import relocated_fen, replay_card
from tournaments.ballots.dealt import Card
from tournaments.documents.pdf import (
    Board,
    EventHeader,
    RoundSheet,
    SheetPlayer,
    render_crosstable,
    render_pairing_sheet,
    render_score_sheets,
    render_standings,
)
from tournaments.documents.pdf.pages import MARGIN, page_size
from tournaments.scoring.crosstable import format_points

HEADER = EventHeader(
    name="Open de Paris — Кубок",
    variant="international",
    system="Swiss",
    venue="Salle Pleyel, Paris",
    start_date=datetime.date(2026, 7, 1),
    end_date=datetime.date(2026, 7, 9),
    chief_arbiter="Zoja Ozoliņa",
)
WHEN = datetime.datetime(2026, 7, 9, 18, 30, tzinfo=datetime.UTC)


def pdf_pages(data: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text() for page in reader.pages]


def text_boxes(data: bytes) -> list[tuple[int, float, float, str]]:
    """(page index, x, y, text) of every text run, from the PDF's text matrices."""
    boxes = []
    for index, page in enumerate(PdfReader(io.BytesIO(data)).pages):

        def visit(text, cm, tm, font, size, index=index):
            if text.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                boxes.append((index, x, y, text))

        page.extract_text(visitor_text=visit)
    return boxes


@pytest.fixture(scope="module")
def swiss():
    return synthetic_crosstable(100, 11)


@pytest.fixture(scope="module")
def swiss_pdf(swiss):
    seen = []
    data = render_crosstable(HEADER, swiss, generated_at=WHEN, progress=seen.append)
    return data, seen


def test_crosstable_pages_header_rows_and_footer(swiss_pdf):
    """100 rows at 8 pt (11.6 pt a line) on landscape A4: 39 rows fit under the event header
    on page 1, 42 on the next pages, so 39 + 42 + 19: three pages, each with its header row
    and its footer."""
    data, seen = swiss_pdf
    pages = pdf_pages(data)
    assert len(pages) == 3
    for number, text in enumerate(pages, start=1):
        assert "Rank" in text and "Pts" in text and "TSOL" in text
        assert f"page {number} of 3" in text
        assert "final: all 11 rounds complete" in text
        assert "generated July 9, 2026 18:30 UTC" in text
    assert "Salle Pleyel, Paris" in pages[0] and "Zoja Ozoliņa" in pages[0]
    assert "July 1, 2026 – July 9, 2026" in pages[0]
    assert seen == sorted(seen) and seen[-1] == 1.0


def test_crosstable_text_holds_every_row(swiss, swiss_pdf):
    text = "\n".join(pdf_pages(swiss_pdf[0]))
    for row in swiss.rows:
        assert row.name in text
    for accented in NAMES:
        assert accented in text
    top = swiss.rows[0]
    identity = [p for p in (top.title, top.federation, str(top.rating)) if p]
    cells = [c.text for c in top.cells]
    line = " ".join([top.name, *identity, *cells, format_points(top.score)])
    flat = " ".join(text.split())
    assert line in flat


def test_crosstable_fits_the_page(swiss_pdf):
    width, height = page_size(wide=True)
    for _page, x, y, text in text_boxes(swiss_pdf[0]):
        assert MARGIN - 1 <= x <= width - MARGIN, (x, text)
        assert 0 < y < height, (y, text)


def test_round_robin_square_table():
    table = synthetic_crosstable(12, 11, square=True)
    data = render_crosstable(HEADER, table, generated_at=WHEN)
    pages = pdf_pages(data)
    assert len(pages) == 1
    flat = " ".join(pages[0].split())
    top = table.rows[0]
    identity = [p for p in (top.title, top.federation, str(top.rating)) if p]
    marks = ["×" if not cells else " ".join(c.mark for c in cells) for cells in top.against]
    assert " ".join([top.name, *identity, *marks, format_points(top.score)]) in flat


def test_a_wide_square_table_is_scaled_to_the_page():
    """40 players in a round robin: 40 result columns plus identity and tie-breaks are wider
    than the page at 8 pt, so the table is scaled down and stays inside the margins."""
    table = synthetic_crosstable(40, 39, square=True)
    data = render_crosstable(HEADER, table, generated_at=WHEN)
    width, _height = page_size(wide=True)
    boxes = text_boxes(data)
    assert boxes and all(MARGIN - 1 <= x <= width - MARGIN for _p, x, _y, _t in boxes)
    text = "\n".join(pdf_pages(data))
    assert all(row.name in text for row in table.rows)


def test_standings(swiss):
    data = render_standings(HEADER, swiss, generated_at=WHEN)
    pages = pdf_pages(data)
    assert 2 <= len(pages) <= 3
    flat = " ".join(" ".join(pages).split())
    assert "TSOL: Truncated Solkoff (FMJD)" in flat
    for row in swiss.rows[:5]:
        values = [format_points(v) for v in row.tiebreaks]
        assert " ".join([row.name, *[p for p in (row.title, row.federation) if p]]) in flat
        assert " ".join([format_points(row.score), *values]) in flat
    assert [c.code for c in swiss.tiebreaks] == list(TIEBREAKS)


def test_a_withdrawn_player_is_marked_in_both_tables(swiss):
    """As the standings and crosstable pages mark him, in a Swiss too (where his results
    stand and no withdrawal line is written under the table)."""
    leaver = swiss.rows[3]
    rows = tuple(
        dataclasses.replace(row, withdrawn=True) if row is leaver else row for row in swiss.rows
    )
    table = dataclasses.replace(swiss, rows=rows)
    for render in (render_standings, render_crosstable):
        flat = " ".join(" ".join(pdf_pages(render(HEADER, table, generated_at=WHEN))).split())
        assert f"{leaver.name} (withdrawn)" in flat, render.__name__
        assert flat.count("(withdrawn)") == 1, render.__name__


def player(number, name, score="0"):
    return SheetPlayer(number, name, 2000 - number, "", "FRA", Decimal(score))


ROUND = RoundSheet(
    round=3,
    total_rounds=9,
    boards=(
        Board(1, player(1, "Lefèvre, Claire", "4"), player(5, "Кузнецов, Иван", "4")),
        Board(2, player(2, "Ozoliņš, Guntis", "3"), player(3, "Durand, Luc", "2")),
        Board(3, player(4, "Samb, Awa", "1"), None, bye="pairing-allocated bye"),
    ),
)


def test_pairing_sheet():
    pages = pdf_pages(render_pairing_sheet(HEADER, ROUND, generated_at=WHEN))
    assert len(pages) == 1
    flat = " ".join(pages[0].split())
    assert "Pairings, round 3" in flat and "round 3 of 9" in flat
    assert "1 1. Lefèvre, Claire (FRA, 1999) 4 4 5. Кузнецов, Иван (FRA, 1995)" in flat
    assert "3 4. Samb, Awa (FRA, 1996) 1 pairing-allocated bye" in flat
    assert "Card" not in flat


def english_card(code: str, name: str, moves: str) -> Card:
    return Card(code, name, moves, "", replay_card(variant="english", code=code, moves=moves).fen)


def test_pairing_sheet_with_one_card_for_the_round_and_with_a_card_per_board():
    card = english_card("17", "Old Fourteenth", "11-15 23-19 8-11")
    same = RoundSheet(3, 9, tuple(_with_card(b, card) for b in ROUND.boards), variant="english")
    flat = " ".join(pdf_pages(render_pairing_sheet(HEADER, same, generated_at=WHEN))[0].split())
    assert "Ballot card for every board: 17 Old Fourteenth: 11-15 23-19 8-11" in flat
    other = english_card("40", "Dyke", "11-15 22-17 15-19")
    boards = (_with_card(ROUND.boards[0], card), _with_card(ROUND.boards[1], other))
    each = RoundSheet(3, 9, (*boards, ROUND.boards[2]), variant="english")
    flat = " ".join(pdf_pages(render_pairing_sheet(HEADER, each, generated_at=WHEN))[0].split())
    assert "Ballot card for every board" not in flat
    assert "17 Old Fourteenth: 11-15 23-19 8-11" in flat and "40 Dyke: 11-15 22-17 15-19" in flat


def _with_cards() -> RoundSheet:
    card = english_card("17", "Old Fourteenth", "11-15 23-19 8-11")
    return RoundSheet(3, 9, tuple(_with_card(b, card) for b in ROUND.boards), variant="english")


def _with_card(board, card):
    return Board(board.board, board.white, board.black, board.bye, board.results, card)


def test_score_sheets_one_page_per_game_with_colours_swapped_in_game_two():
    card = english_card("17", "Old Fourteenth", "11-15 23-19 8-11")
    boards = tuple(_with_card(b, card) for b in ROUND.boards)
    sheet = RoundSheet(3, 9, boards, games=2, black_first=True, variant="english")
    pages = pdf_pages(render_score_sheets(HEADER, sheet, generated_at=WHEN))
    assert len(pages) == 4  # two boards with two games each; the bye has none
    first, second = (" ".join(p.split()) for p in pages[:2])
    assert "Round 3 · Board 1 · Game 1 of 2" in first
    assert "White 1. Lefèvre, Claire (FRA, 1999)" in first
    assert "Black 5. Кузнецов, Иван (FRA, 1995)" in first
    assert "White 5. Кузнецов, Иван (FRA, 1995)" in second
    assert "Ballot opening (card 17 Old Fourteenth): 11-15 23-19 8-11" in first
    assert "Black White" in first  # English draughts: Black moves first
    assert "1 31" in first and "30 60" in first
    assert "page 4 of 4" in pages[3]


def test_a_drawing_table_card_is_drawn_not_written_as_fen():
    """FMJD Drawing Table 64 (docs/rules/tournaments.md §6.2): a relocation card is a start
    position; the score sheet and the pairing sheet draw it and never print its FEN."""
    fen = relocated_fen(variant="russian", code="7", notation="c3-d4 f6-e5")
    start = replay_card(variant="russian", code="7", start_fen=fen)
    card = Card("7", "", "", start.start_fen, start.fen)
    boards = tuple(_with_card(b, card) for b in ROUND.boards)
    sheet = RoundSheet(3, 9, boards, variant="russian")
    for render in (render_score_sheets, render_pairing_sheet):
        data = render(HEADER, sheet, generated_at=WHEN)
        text = " ".join(" ".join(page.split()) for page in pdf_pages(data))
        assert start.fen not in text and "W:W" not in text and "B:W" not in text
        assert _drawn_pieces(data) >= 24, render.__name__
    pages = pdf_pages(render_score_sheets(HEADER, sheet, generated_at=WHEN))
    assert len(pages) == 2  # one page a game: the diagram takes room from the move lines
    assert "Ballot card 7: the game starts from the position drawn here." in " ".join(
        pages[0].split()
    )


def _drawn_pieces(pdf: bytes) -> int:
    """The circles (men) drawn on the first page: each is a path of four Bézier curves."""
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    return content.count(" c\n") // 8


def test_score_sheets_without_games():
    bye_only = RoundSheet(1, 1, (ROUND.boards[2],))
    pages = pdf_pages(render_score_sheets(HEADER, bye_only, generated_at=WHEN))
    assert len(pages) == 1 and "This round has no game to play." in pages[0]


@pytest.mark.parametrize(
    "render",
    [
        lambda: (render_standings(HEADER, synthetic_crosstable(60, 5), generated_at=WHEN), False),
        lambda: (render_pairing_sheet(HEADER, ROUND, generated_at=WHEN), False),
        lambda: (render_score_sheets(HEADER, ROUND, generated_at=WHEN), False),
        lambda: (render_score_sheets(HEADER, _with_cards(), generated_at=WHEN), False),
        lambda: (render_crosstable(HEADER, synthetic_crosstable(9, 9), generated_at=WHEN), True),
    ],
    ids=["standings", "pairing sheet", "score sheets", "score sheets with a card", "crosstable"],
)
def test_every_text_is_inside_the_page(render):
    data, wide = render()
    width, height = page_size(wide=wide)
    boxes = text_boxes(data)
    assert boxes
    for _page, x, y, text in boxes:
        assert MARGIN - 1 <= x <= width - MARGIN and MARGIN - 8 <= y <= height - MARGIN + 1, (
            x,
            y,
            text,
        )


def test_a_draft_round_s_pairing_sheet_is_marked_draft():
    draft = dataclasses.replace(ROUND, draft=True)
    flat = " ".join(pdf_pages(render_pairing_sheet(HEADER, draft, generated_at=WHEN))[0].split())
    assert "DRAFT — Pairings, round 3" in flat
    assert "DRAFT: these pairings are not published yet and may still change." in flat
    published = pdf_pages(render_pairing_sheet(HEADER, ROUND, generated_at=WHEN))[0]
    assert "DRAFT" not in published
