"""The PDN writer: layout, numbering, escapes, and reading back what it wrote."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arbiter.pdn import PdnGame, PdnMove, PdnSetup, read_game, read_games, write_game, write_games
from arbiter.pdn.writer import first_player_colour

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pdn"


def move(text: str, **fields) -> PdnMove:
    return PdnMove(text, 0, 0, **fields)


def game_of(*texts: str, tags: dict[str, str] | None = None, result: str | None = "2-0"):
    return PdnGame(1, 1, tags=dict(tags or {}), moves=[move(t) for t in texts], result=result)


def test_seven_tag_roster_first_in_order_then_the_others() -> None:
    game = game_of(
        "32-28",
        tags={
            "GameType": "20",
            "Result": "2-0",
            "black": "B",
            "White": "A",
            "Round": "1",
            "Date": "2024.05.01",
            "Site": "Arnhem",
            "Event": "NK",
            "FEN": "W:W31-50:B1-20",
        },
    )
    assert write_game(game).splitlines()[:10] == [
        '[Event "NK"]',
        '[Site "Arnhem"]',
        '[Date "2024.05.01"]',
        '[Round "1"]',
        '[White "A"]',
        '[black "B"]',
        '[Result "2-0"]',
        '[GameType "20"]',
        '[FEN "W:W31-50:B1-20"]',
        "",
    ]


def test_tag_values_are_escaped() -> None:
    text = write_game(game_of(tags={"Comment": 'C:\\dir "x"'}))
    assert text.splitlines()[0] == '[Comment "C:\\\\dir \\"x\\""]'
    assert read_game(text).tags == {"Comment": 'C:\\dir "x"'}


@pytest.mark.parametrize(
    ("tags", "message"),
    [({"Bad Name": "x"}, "not a PDN identifier"), ({"Event": "a\nb"}, "line break")],
)
def test_tags_that_cannot_be_written_are_refused(tags: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        write_game(game_of(tags=tags))


def test_numbers_every_first_player_move() -> None:
    assert write_game(game_of("32-28", "19-23", "38-32", "14-19")) == (
        "1. 32-28 19-23 2. 38-32 14-19 2-0\n"
    )


def test_second_player_numbered_after_comments_and_variations() -> None:
    game = PdnGame(
        1,
        1,
        moves=[
            move("32-28", comments=("main",)),
            move("19-23", variations=((move("18-23"), move("37-32")),)),
            move("38-32"),
            move("14-19"),
        ],
        result="*",
    )
    assert (
        write_game(game) == "1. 32-28 {main} 1... 19-23 ( 1... 18-23 2. 37-32 ) 2. 38-32 14-19 *\n"
    )


def test_first_mover_from_fen_and_game_type() -> None:
    black_to_move = game_of("19-23", "32-28", tags={"FEN": "B:W31-50:B1-20"})
    assert write_game(black_to_move).endswith("1... 19-23 2. 32-28 2-0\n")
    english = game_of("11-15", "23-18", tags={"GameType": "21", "FEN": "B:W21-32:B1-12"})
    assert write_game(english).endswith("1. 11-15 23-18 2-0\n")
    assert write_game(game_of("11-15"), second_player_starts=True) == "1... 11-15 2-0\n"
    assert first_player_colour("21,B,8,8,N1,0") == "B"
    assert first_player_colour("23,W,8,8,A0,0") == "W"
    assert first_player_colour("23") == "B"
    assert first_player_colour("25") == "W"


def test_written_numbers_are_kept() -> None:
    game = game_of("32-28", "19-23")
    game.moves = [move("32-28", number=17), move("19-23")]
    assert write_game(game) == "17. 32-28 19-23 2-0\n"


def test_setup_commands_switch_the_side_to_move() -> None:
    game = PdnGame(
        1,
        1,
        moves=[
            PdnSetup("W:W31-50:B1-20", 0, 0),
            PdnSetup("B:W28,31-36,38-50:B1-20", 0, 0, comments=("White played twice",)),
            move("20-25"),
            move("28-22"),
        ],
        result="*",
    )
    assert write_game(game) == (
        '/FEN "W:W31-50:B1-20"/ /FEN "B:W28,31-36,38-50:B1-20"/ {White played twice} 1...\n'
        "20-25 2. 28-22 *\n"
    )


def test_strength_nags_unknown_moves_and_missing_result() -> None:
    game = PdnGame(
        1,
        1,
        moves=[move("32-28", strength="!?", nags=(1, 7)), move("-", unknown=True)],
    )
    assert write_game(game) == "1. 32-28!? $1 $7 - *\n"


def test_lines_are_wrapped_at_80_characters() -> None:
    texts = ["32-28", "19-23"] * 40
    lines = write_game(game_of(*texts)).splitlines()
    assert len(lines) > 3
    assert all(len(line) <= 80 for line in lines)
    assert not any(line.startswith(" ") or line.endswith(" ") for line in lines)


def test_comment_holding_a_closing_brace_is_written_to_the_end_of_the_line() -> None:
    game = game_of("32-28", "19-23")
    game.moves[0] = move("32-28", comments=("a } b",))
    text = write_game(game)
    assert text == "1. 32-28 ;a } b\n1... 19-23 2-0\n"
    assert read_game(text).moves[0].comments == ("a } b",)
    game.moves[0] = move("32-28", comments=("a }\nb",))
    with pytest.raises(ValueError, match="cannot be written"):
        write_game(game)


def test_write_games_separates_games_with_a_blank_line() -> None:
    stream = io.StringIO()
    count = write_games([game_of("32-28", tags={"Round": "1"}), game_of("33-29")], stream)
    assert count == 2
    assert stream.getvalue() == '[Round "1"]\n\n1. 32-28 2-0\n\n1. 33-29 2-0\n'


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.pdn")))
def test_fixtures_read_back_the_same(name: str) -> None:
    for game in read_games(FIXTURES / name):
        if game.errors:
            continue
        again = read_game(write_game(game))
        again.index = game.index
        assert again.tags == game.tags
        assert again.comments == game.comments
        assert again.result == (game.result if game.result is not None else "*")
        assert write_game(again) == write_game(game)
        assert [_unnumbered(m) for m in again.moves] == [_unnumbered(m) for m in game.moves]


def _unnumbered(element: PdnMove | PdnSetup) -> PdnMove | PdnSetup:
    """A move without the numbers the writer may add (a second player's move after a
    comment gains one); everything else must come back as it was."""
    if isinstance(element, PdnSetup):
        return element
    variations = tuple(tuple(_unnumbered(m) for m in line) for line in element.variations)
    return PdnMove(
        element.text,
        0,
        0,
        strength=element.strength,
        nags=element.nags,
        comments=element.comments,
        variations=variations,
        unknown=element.unknown,
        comments_before=element.comments_before,
    )
