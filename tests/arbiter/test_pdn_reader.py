"""The PDN reader on small files, one per real-world quirk (fixtures/pdn/)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arbiter.errors import ArbiterError, PdnSyntaxError
from arbiter.pdn import (
    PdnGame,
    PdnMove,
    PdnSetup,
    is_game_result,
    normalize_result,
    read_game,
    read_games,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "pdn"


def games(name: str) -> list[PdnGame]:
    return list(read_games(FIXTURES / name))


def texts(line: tuple[PdnMove | PdnSetup, ...] | list[PdnMove | PdnSetup]) -> list[str]:
    return [m.text if isinstance(m, PdnMove) else f"/{m.fen}/" for m in line]


def moves(game: PdnGame) -> list[PdnMove]:
    return [m for m in game.moves if isinstance(m, PdnMove)]


def test_every_result_form_ends_a_game() -> None:
    read = games("results.pdn")
    assert [g.result for g in read] == [
        "2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "1:0", "0:1", "1/2:1/2",
        "½-½", "0.5-0.5", "0-0", "*", "1-0",
    ]  # fmt: skip
    assert all(not g.errors and len(g.moves) == 2 for g in read[:13])


def test_1_10_is_a_move_not_a_result_followed_by_zero() -> None:
    game = games("results.pdn")[13]
    assert texts(game.moves) == ["1-10", "19-23", "10-1"]
    assert game.result == "1-0"


@pytest.mark.parametrize(
    ("token", "canonical", "game_result"),
    [
        ("1:0", "1-0", True),
        ("0:1", "0-1", True),
        ("½-½", "1/2-1/2", True),
        ("0.5-0.5", "1/2-1/2", True),
        ("1/2:1/2", "1/2-1/2", True),
        ("2-0", "2-0", True),
        ("1-1", "1-1", True),
        ("0-0", "0-0", True),
        ("*", "*", True),
        (" 1-0 ", "1-0", True),
        ("4-6", "4-6", False),
        ("1-9", "1-9", False),
        ("?", "?", False),
    ],
)
def test_normalize_result(token: str, canonical: str, game_result: bool) -> None:
    assert normalize_result(token) == canonical
    assert is_game_result(token) is game_result


def test_every_way_of_writing_a_move() -> None:
    (game,) = games("moves.pdn")
    assert texts(game.moves) == [
        "32-28", "19-23", "28x19", "14x23", "33:28", "27x18x9", "c3-d4", "d4xf6",
        "e3:c5:e7", "a3b4", "ed4", "3228", "05-09", "10x14",
    ]  # fmt: skip
    assert [m.number for m in moves(game)][:4] == [1, None, 2, None]
    assert game.errors == []


def test_move_positions_are_those_of_the_first_character() -> None:
    (game,) = games("moves.pdn")
    first, second = game.moves[0], game.moves[1]
    assert (first.line, first.column) == (2, 4)
    assert (second.line, second.column) == (2, 10)
    ed4 = moves(game)[10]
    assert (ed4.line, ed4.column) == (3, 4)


def test_strength_nags_and_forced_move_sign() -> None:
    (game,) = games("annotations.pdn")
    read = moves(game)
    assert texts(read) == [
        "32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28", "1-6",
    ]  # fmt: skip
    assert [m.strength for m in read] == ["!", "?!", "(!?)", "(!?!!!)", None, "??", None, None]
    assert read[4].nags == (1, 14)
    assert read[6].nags == (902,)
    assert read[7].nags == (7,)  # "1-6*": the forced-move sign, kept as $7
    assert game.result == "*"


def test_move_numbers_zero_padded_missing_glued_and_black() -> None:
    padded, bare, glued, joined = games("numbers.pdn")
    assert texts(padded.moves) == ["34-29", "06-11", "32-28", "16-21"]
    assert [m.number for m in moves(padded)] == [1, None, 2, None]
    assert texts(bare.moves) == ["32-28", "19-23", "28x19", "14x23"]
    assert all(m.number is None for m in moves(bare))
    assert [m.number for m in moves(glued)] == [1, None, 2, 2, 3, 3]
    assert texts(joined.moves) == ["3228", "1823"]
    assert not (padded.errors or bare.errors or glued.errors or joined.errors)


def test_a_blank_inside_a_move_is_taken_out() -> None:
    (game,) = games("blank_in_move.pdn")
    assert texts(game.moves) == ["32-28", "5x14", "46-41", "1-7", "35x4"]
    assert game.moves[1].column == 10
    assert game.errors == []


def test_ellipsis_placeholder_and_black_first_move() -> None:
    ellipsis, dots, _, engine = games("setup.pdn")
    assert ellipsis.tag("setup") == "1"
    assert ellipsis.tag("fen") == "B:W27,28,32:B7,12,17"
    assert texts(ellipsis.moves) == ["17-22", "28x17", "12x21"]
    assert [m.number for m in moves(ellipsis)] == [1, 2, None]
    assert dots.tag("SETUP") == "1"  # written "Setup"
    assert texts(dots.moves) == ["7-11", "32-28"]
    assert moves(dots)[0].number == 1
    # "2. ..." at the end: no move, the comment stays on the last move
    assert texts(engine.moves) == ["32-28", "19-23"]
    assert engine.moves[1].comments == ("[%drgnode 1 2][%inbook]", "[%drgnode 2 2]")
    assert not any(m.unknown for m in moves(ellipsis) + moves(engine))


def test_setup_commands_in_the_movetext() -> None:
    game = games("setup.pdn")[2]
    first, second, move = game.moves[:3]
    assert isinstance(first, PdnSetup) and first.fen == "W:W31-50:B1-20"
    assert isinstance(second, PdnSetup) and second.comments == ("White played twice",)
    assert (first.line, first.column) == (12, 1)
    assert isinstance(move, PdnMove) and (move.text, move.number) == ("20-25", 1)


def test_comments_of_every_kind() -> None:
    (game,) = games("comments.pdn")
    assert game.comments == [
        " A comment before the first game.\n  It runs over two lines. ",
        "Before the first move",
    ]
    assert texts(game.moves) == ["32-28", "19-23", "38-32", "14-19"]  # '%' line not read
    first, second, third, fourth = moves(game)
    assert first.comments == ("a multi-line\ncomment with 1-0 inside",)
    assert second.comments == (" a rest-of-line comment",)
    assert third.comments == ("[%clock w0:49:11 B0:50:01] clock",)
    assert fourth.comments == ("",)
    assert game.result == "*" and game.errors == []


def test_nested_variations_with_comments_and_continuations() -> None:
    (game,) = games("variations.pdn")
    assert game.errors == []
    main = moves(game)
    assert texts(main) == [
        "34-29", "17-22", "32-28", "11-17", "37-32", "6-11", "41-37", "19-23",
        "28x19", "14x34", "39x30", "13-19",
    ]  # fmt: skip
    (variation,) = main[7].variations  # an alternative to 4... 19-23
    assert texts(variation) == ["1-6", "46-41", "19-23", "28x19", "14x34"]
    assert variation[0].comments_before == (" Meestal wordt eerst\n",)
    assert variation[0].number == 4 and variation[0].comments == (" gespeeld om na ",)
    (nested,) = variation[2].variations
    assert texts(nested) == ["20-25"]
    assert texts(nested[0].variations[0]) == ["16-21"]
    assert texts(main[10].variations[0]) == ["40x29"]
    # a variation holding only a comment is valid PDN: the comment is kept on the move
    assert main[11].comments == ("only a comment here",)
    assert game.result == "2-0"


def test_unknown_moves_and_an_empty_game() -> None:
    unknown, empty = games("unknown_moves.pdn")
    assert [m.unknown for m in moves(unknown)] == [True] * 5 + [False]
    assert texts(unknown.moves) == ["-", "-", "-", "-", "--", "32-28"]
    assert unknown.result == "1/2-1/2" and unknown.errors == []
    assert empty.moves == [] and empty.result == "2-0" and empty.errors == []


def test_a_game_without_result_ends_at_the_next_tags_and_is_reported() -> None:
    cut, intact, tags_only = games("no_result.pdn")
    assert texts(cut.moves) == ["34-29", "19-23"] and cut.result is None
    assert cut.errors == []
    (warning,) = cut.warnings
    assert (warning.line, warning.column) == (6, 1)
    assert warning.expected == "a result or '*' to end the game"
    assert warning.assumed == "the end of the game, with the Result tag's '1/2-1/2'"
    (error,) = next(read_games(FIXTURES / "no_result.pdn", strict=True)).errors
    assert (error.game, error.line, error.column) == (1, 6, 1)
    assert error.expected == "a result or '*' to end the game"
    assert intact.index == 2 and intact.tag("Event") == "intact game"
    assert len(intact.moves) == 4 and intact.result == "1/2-1/2" and intact.errors == []
    assert tags_only.moves == [] and tags_only.result is None and tags_only.errors == []


def test_match_score_ends_a_game_only_when_it_repeats_the_result_tag() -> None:
    score, move = games("match_score.pdn")
    assert score.result == "4-6" and len(score.moves) == 4 and score.errors == []
    assert not is_game_result(score.result)
    assert texts(move.moves) == ["32-28", "4-6"] and move.result == "2-0"


def test_tags_glued_to_movetext() -> None:
    first, second = games("glued_tags.pdn")
    assert first.tags == {"Event": "glued 1", "Result": "1-0"}
    assert texts(first.moves) == ["11-15", "23-18"] and first.result == "1-0"
    assert second.tags == {"Event": "glued 2", "Result": "0-1"}
    assert second.result == "0-1" and not (first.errors or second.errors)


def test_tag_names_and_values() -> None:
    (game,) = games("tags.pdn")
    assert list(game.tags) == ["Event", "site", "White", "Comment", "GameType"]
    assert game.tag("Site") == "lower-case name"
    assert game.tags["White"] == 'Quote " and backslash \\ inside'
    assert game.tags["Comment"] == "C:\\Games\\PDN\\"  # a Windows path, lone backslashes
    assert game.tag("Annotator") is None and game.tag("Annotator", "?") == "?"
    assert game.errors == []


@pytest.mark.parametrize("name", ["crlf.pdn", "cr.pdn", "mixed_line_ends.pdn"])
def test_line_ends(name: str) -> None:
    first, second = games(name)
    assert texts(first.moves) == ["32-28", "19-23", "38-32", "14-19"]
    assert first.result == "2-0" and not (first.errors or second.errors)
    assert second.index == 2


def test_mixed_line_ends_count_lines_like_an_editor() -> None:
    first, second = games("mixed_line_ends.pdn")
    assert (first.moves[2].line, first.moves[2].column) == (4, 4)
    assert second.line == 6


def test_bom_and_utf8() -> None:
    (game,) = games("bom.pdn")
    assert list(game.tags) == ["Event", "White"]
    assert game.tags["White"] == "Щеголев"


def test_windows_1252_lines() -> None:
    (game,) = games("cp1252.pdn")
    assert game.tags == {"Event": "40° Campionato", "White": "Bertè Daniele", "Black": "Perani €"}


def test_damaged_games_are_reported_and_reading_goes_on() -> None:
    tags, junk, parens, comment, after = games("damaged.pdn")
    assert tags.errors == []
    assert [(w.line, w.column, w.expected, w.assumed) for w in tags.warnings] == [
        (2, 1, "a tag value in double quotes", "the tag [Site 'Amsterdam']"),
        (3, 1, "a closing ']'", "the tag [Round '1']"),
    ]
    assert tags.tags == {
        "Event": "broken tags",
        "Site": "Amsterdam",
        "Round": "1",
        "White": "intact",
    }
    assert tags.result == "2-0"
    strict = next(read_games(FIXTURES / "damaged.pdn", strict=True))
    assert [(e.line, e.column, e.expected) for e in strict.errors] == [
        (2, 1, "a tag value in double quotes"),
        (3, 1, "a closing ']'"),
    ]
    (error,) = junk.errors
    assert (error.line, error.column, error.found) == (8, 25, "'@@@'")
    assert error.expected == "a move, a move number or a result"
    assert texts(junk.moves) == ["32-28", "19-23", "38-32"]  # skipped up to the result
    assert junk.result == "0-2"
    assert parens.errors == []
    stray, unclosed = parens.warnings
    assert (stray.line, stray.column) == (11, 10)
    assert unclosed.expected == "')' to close the variation opened at line 11, column 18"
    assert texts(parens.moves[1].variations[0]) == ["19-24", "33-29"]
    assert comment.errors[0].expected == ("'}' to close the comment opened at line 14, column 10")
    assert (comment.errors[0].line, comment.errors[0].found) == (17, "a tag line")
    assert after.tag("Event") == "after the damage" and after.errors == []
    assert texts(after.moves) == ["31-27", "17-21"]
    assert [g.index for g in (tags, junk, parens, comment, after)] == [1, 2, 3, 4, 5]


def test_unclosed_comment_at_the_end_of_the_file() -> None:
    game = read_game("1. 32-28 {no end\n19-23 2-0\n")
    (error,) = game.errors[:1]
    assert error.found == "the end of the file" and error.line == 3
    assert "opened at line 1, column 10" in error.expected


def test_errors_are_pdn_syntax_errors_naming_the_game() -> None:
    games_read = list(read_games("1. 32-28 2-0\n1. 32-28 ## 2-0\n"))
    (error,) = games_read[1].errors
    assert isinstance(error, PdnSyntaxError) and isinstance(error, ArbiterError)
    assert str(error) == (
        "game 2, line 2, column 10: expected a move, a move number or a result, found '##'"
    )


def test_sources_path_bytes_binary_and_text_streams() -> None:
    data = (FIXTURES / "crlf.pdn").read_bytes()
    by_path = list(read_games(FIXTURES / "crlf.pdn"))
    assert list(read_games(data)) == by_path
    assert list(read_games(io.BytesIO(data))) == by_path
    assert list(read_games(io.StringIO(data.decode()))) == by_path
    assert list(read_games(data.decode())) == by_path


def test_a_str_is_pdn_text_never_a_file_name() -> None:
    (game,) = read_games(str(FIXTURES / "crlf.pdn"))
    assert game.errors and game.moves == []


def test_read_game_reads_exactly_one_game() -> None:
    game = read_game('[Event "x"]\n1. 32-28 *')
    assert game.index == 1 and texts(game.moves) == ["32-28"]
    with pytest.raises(PdnSyntaxError, match="expected a PDN game"):
        read_game("  {only a comment}  ")
    with pytest.raises(PdnSyntaxError, match="expected a single game") as raised:
        read_game("1. 32-28 2-0\n1. 33-29 0-2")
    assert raised.value.line == 2


def test_text_before_the_first_game_is_not_a_game() -> None:
    (game,) = read_games('{file header}\n\n[Event "x"]\n1. 32-28 *\n{trailer}\n')
    assert game.comments == ["file header"]
    assert game.line == 1
