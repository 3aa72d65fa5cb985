"""The SVG diagram: drawn from the board's geometry for every variant and board shape."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter import VARIANTS, Board, Colour, find_variant
from arbiter.geometry import Geometry
from arbiter.svg import board_svg, describe_position

SVG = "{http://www.w3.org/2000/svg}"


class TwelveBoard(Board):
    """A 12x12 board (Canadian size) with the international rules."""

    name = "twelve"
    game_type = 99
    pdn_game_type = "99,W,12,12,N2,0"
    geometry = Geometry.checkered(12, 12)
    starting_fen = (
        "W:W" + ",".join(map(str, range(43, 73))) + ":B" + ",".join(map(str, range(1, 31)))
    )


class TenByEightBoard(Board):
    """A 10x8 board (Spantsiretti size): 10 files, 8 ranks."""

    name = "ten-by-eight"
    game_type = 98
    pdn_game_type = "98,W,10,8,N2,0"
    geometry = Geometry.checkered(10, 8)
    starting_fen = "W:W26-40:B1-15"


class AllSquaresBoard(Board):
    """Every square played on (Turkish-style geometry), numbered row by row from the top."""

    name = "all-squares"
    game_type = 97
    pdn_game_type = "97,W,8,8,A0,0"
    geometry = Geometry(8, 8, tuple((file, rank) for rank in range(7, -1, -1) for file in range(8)))
    notation = "algebraic"
    starting_fen = "W:Wa2,b2,c2,d2,e2,f2,g2,h2:Ba7,b7,c7,d7,e7,f7,g7,h7"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _pieces(root: ET.Element) -> list[ET.Element]:
    """The drawn pieces: a group for a draughts piece, a symbol for a chess-like one."""
    return [e for e in root.iter() if "piece" in e.get("class", "").split()]


def _cells(root: ET.Element) -> list[ET.Element]:
    return [rect for rect in root.findall(f"{SVG}rect") if rect.get("width") == "1"]


BOARDS = [*VARIANTS.values(), TwelveBoard, TenByEightBoard, AllSquaresBoard]


@pytest.mark.parametrize("board_type", BOARDS, ids=lambda cls: cls.name)
def test_every_geometry_draws_each_cell_and_piece(board_type):
    board = board_type()
    root = _parse(board_svg(board))
    geometry = board_type.geometry
    assert len(_cells(root)) == geometry.width * geometry.height
    pieces = _pieces(root)
    tops = [column[-1] for column in board.figures().values()]
    assert len(pieces) == len(tops)
    white = [g for g in pieces if "white" in g.get("class")]
    assert len(white) == sum(top.colour is Colour.WHITE for top in tops)


@pytest.mark.parametrize("board_type", BOARDS, ids=lambda cls: cls.name)
def test_accessible_title_and_label(board_type):
    board = board_type()
    root = _parse(board_svg(board))
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert title is not None and "to move" in title.text
    assert describe_position(board) in root.get("aria-label")
    assert root.get("aria-label").startswith(title.text)


def test_numbers_for_numeric_variants_coordinates_for_algebraic():
    international = _parse(board_svg(find_variant("international")()))
    texts = [t.text for t in international.iter(f"{SVG}text")]
    assert texts == [str(n) for n in range(1, 51)]
    russian = _parse(board_svg(find_variant("russian")()))
    texts = [t.text for t in russian.iter(f"{SVG}text")]
    assert texts == list("abcdefgh") + [str(n) for n in range(1, 9)]


def _cell_at(root: ET.Element, x: float, y: float) -> ET.Element:
    for rect in _cells(root):
        if float(rect.get("x")) == x and float(rect.get("y")) == y:
            return rect
    raise AssertionError(f"no cell at {x}, {y}")


def test_square_positions_follow_the_geometry_and_flip():
    board = find_variant("international")("W:W46:B5")
    root = _parse(board_svg(board, numbers=False))
    (white,) = [g for g in _pieces(root) if "white" in g.get("class")]
    circle = white.find(f"{SVG}circle")
    assert (circle.get("cx"), circle.get("cy")) == ("0.5", "9.5")  # 46 is a1, bottom left
    flipped = _parse(board_svg(board, numbers=False, flipped=True))
    (white,) = [g for g in _pieces(flipped) if "white" in g.get("class")]
    circle = white.find(f"{SVG}circle")
    assert (circle.get("cx"), circle.get("cy")) == ("9.5", "0.5")


def test_last_move_highlights_its_path_and_marks_captures():
    board = find_variant("international")("W:W28:B23,K5")
    move = board.parse_move("28x19")
    board.push(move)
    style_highlight = "#d4a017"
    root = _parse(board_svg(board, last_move=move, numbers=False))
    highlighted = [rect for rect in _cells(root) if rect.get("fill") == style_highlight]
    assert len(highlighted) == 2  # 28 and 19
    assert len([p for p in root.iter(f"{SVG}path") if p.get("class") == "captured"]) == 1
    king = [g for g in _pieces(root) if "king" in g.get("class")]
    assert len(king) == 1 and king[0].find(f"{SVG}polygon") is not None


def test_text_is_escaped():
    svg = board_svg(find_variant("english")(), title='A <b>"quoted"</b> & title')
    root = _parse(svg)
    assert root.find(f"{SVG}title").text == 'A <b>"quoted"</b> & title'


@settings(max_examples=40, deadline=None)
@given(
    board_type=st.sampled_from([cls for cls in BOARDS if issubclass(cls, Board)]),
    data=st.data(),
)
def test_any_position_draws_one_shape_per_piece(board_type, data):
    size = board_type.geometry.size
    squares = data.draw(st.lists(st.integers(1, size), unique=True, max_size=min(size, 24)))
    split = data.draw(st.integers(0, len(squares)))
    kings = data.draw(st.sets(st.sampled_from(squares))) if squares else set()
    board = board_type("W:W:B")

    def side(numbers):
        return ",".join(f"{'K' if n in kings else ''}{board.square_name(n)}" for n in numbers)

    board.set_fen(f"W:W{side(squares[:split])}:B{side(squares[split:])}")
    root = _parse(board_svg(board))
    pieces = _pieces(root)
    assert len(pieces) == len(squares)
    assert sum("king" in g.get("class") for g in pieces) == len(kings)
