"""Every variant is reachable by name, alias and PDN GameType (where PDN gives it one), from
the Python API and the command line, and its class data agree with its PDN GameType
(docs/rules/pdn.md §2)."""

import io
import re
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.game import Citation
from arbiter.geometry import Colour, Geometry
from arbiter.variants import VARIANTS, find_variant
from tests.arbiter.registry import GAME_TYPE_VARIANTS

#: docs/rules/pdn.md §2: capture separator and result format per GameType number.
PDN_TABLE = {
    20: ("x", "international"),
    21: ("x", "default"),
    22: ("x", "default"),
    23: ("x", "default"),
    24: ("x", "default"),
    25: (":", "default"),
    26: ("x", "default"),
    27: ("x", "international"),
    28: ("x", "default"),
    29: ("x", "default"),
    30: ("x", "default"),
    31: ("-", "default"),
    40: ("x", "default"),
    41: (":", "default"),
}
#: Variants PDN gives no GameType of their own: their number reads as the base variant.
SHARED_GAME_TYPE = {"antidraughts": "international", "russian-giveaway": "russian"}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_found_by_name_alias_and_game_type(name):
    cls = VARIANTS[name]
    assert find_variant(name) is cls
    assert find_variant(name.upper()) is cls
    for alias in cls.aliases:
        assert find_variant(alias) is cls
    if cls.game_type is None:
        return
    by_number = VARIANTS[SHARED_GAME_TYPE.get(name, name)]
    assert find_variant(cls.game_type) is by_number
    assert find_variant(cls.pdn_game_type) is by_number


@pytest.mark.parametrize("name", GAME_TYPE_VARIANTS)
def test_class_data_agree_with_the_pdn_game_type(name):
    cls = VARIANTS[name]
    number, start, width, height, notation, *invert = cls.pdn_game_type.split(",")
    assert int(number) == cls.game_type
    assert start == cls.first_player.letter
    assert (int(width), int(height)) == (cls.geometry.width, cls.geometry.height)
    assert (cls.capture_separator, cls.result_format) == PDN_TABLE[cls.game_type]
    bottom_left_playable = invert in ([], ["0"])
    assert (cls.geometry.square_at(0, 0) is not None) == bottom_left_playable
    if notation[0] == "N":
        assert cls.notation == "numeric"
        assert cls.geometry == Geometry.numbered(
            cls.geometry.width,
            cls.geometry.height,
            corner=int(notation[1]),
            bottom_left_playable=bottom_left_playable,
            seen_by=cls.first_player,
        )
    else:
        assert notation == "A0" and cls.notation == "algebraic"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_starting_position(name):
    cls = VARIANTS[name]
    board = cls()
    assert board.turn is cls.first_player
    ranks = {colour: [] for colour in Colour}
    for square, column in board.figures().items():
        assert len(column) == 1 and column[0].kind != "king", (square, column)
        ranks[column[0].colour].append(cls.geometry.coordinates_of(square)[1])
    assert len(ranks[Colour.WHITE]) == len(ranks[Colour.BLACK]) > 0
    assert board.legal_moves()
    # White sits towards the low ranks, Black towards the high ones (the diagonal game's
    # triangles share ranks: compare the means)
    white, black = (sum(ranks[colour]) / len(ranks[colour]) for colour in Colour)
    assert white < black


@pytest.mark.parametrize(
    ("variant", "depth", "count"),
    [("frisian", 3, "658"), ("thai", 2, "49"), ("turkish", 2, "64"), ("30", 1, "8")],
)
def test_command_line_perft(variant, depth, count):
    out = io.StringIO()
    assert main(["perft", "--variant", variant, "--depth", str(depth)], stdout=out) == 0
    assert out.getvalue().splitlines()[-1] == count


def test_command_line_verify_an_italian_game(tmp_path):
    path = tmp_path / "italian.pdn"
    path.write_text('[GameType "22"]\n1. 23-19 12-15 2. 19x12 8x15 *\n', encoding="utf-8")
    out = io.StringIO()
    assert main(["verify", str(path)], stdout=out) == 0
    assert "italian: legal, 4 plies" in out.getvalue()


def test_move_text_in_each_notation():
    turkish = find_variant("turkish")()
    assert turkish.move_text(turkish.parse_move("a3-a4")) == "a3-a4"
    thai = find_variant("thai")("W:WK4:B11")
    (capture,) = thai.legal_moves()
    assert thai.move_text(capture) == "4-15"
    frisian = find_variant("frisian")("W:W28:B18")
    straight = frisian.parse_move("28x8")
    assert straight.captures == frozenset({18}) and frisian.move_text(straight) == "28x8"


RULES = Path(__file__).resolve().parents[3] / "docs" / "rules"
SECTION = re.compile(r"^docs/rules/([a-z0-9-]+)\.md §(\d+(?:\.\d+)?)(?:-§(\d+(?:\.\d+)?))?$")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)?)[ .]", re.MULTILINE)


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("attribute", ["rules_of_play", "end_of_game"])
def test_each_game_cites_its_rules_of_play_and_of_the_end(name, attribute):
    """Written where the game is defined, not inherited from the game it derives from; the
    section exists in the rules file that describes this game's code."""
    cls = VARIANTS[name]
    citation = vars(cls).get(attribute)
    assert isinstance(citation, Citation), f"{name} does not cite its {attribute}"
    assert citation.article and "docs/" not in citation.article
    match = SECTION.match(citation.section)
    assert match, citation.section
    text = (RULES / f"{match[1]}.md").read_text(encoding="utf-8")
    headings = set(HEADING.findall(text))
    assert {match[2], match[3] or match[2]} <= headings, citation.section
    code = cls.__module__.replace(".", "/")
    assert f"{code}.py" in text or f"{code.rsplit('/', 1)[0]}/`" in text
