"""Replaying whole games: draws through the board, endings, refused moves, the verdict.

The fixture games (tests/arbiter/fixtures/games/) are named by their Event tag, which says
what the game shows.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from arbiter.pdn import PdnGame, PdnMove, read_game, read_games
from arbiter.replay import replay
from arbiter.variants import EnglishBoard, InternationalBoard, find_variant
from arbiter.verdict import Termination

GAMES = Path(__file__).resolve().parent / "fixtures" / "games"


def games(name: str) -> dict[str, PdnGame]:
    """The games of a fixture file by their Event tag."""
    found = {game.tag("Event"): game for game in read_games(GAMES / name)}
    assert all(not game.errors or game.tag("Event") == "pdn-syntax" for game in found.values())
    return found


def cut(game: PdnGame, plies: int) -> PdnGame:
    """``game`` with only its first ``plies`` moves."""
    return dataclasses.replace(game, moves=game.moves[:plies])


# -- automatic draws ------------------------------------------------------------------

AUTOMATIC = [
    ("international_draws.pdn", "25-move rule, drawn at ply 50", "fmjd-25-move", 50, 2),
    ("international_draws.pdn", "16-move rule from the set-up position, drawn at ply 32",
     "fmjd-16-move", 32, 1),
    ("international_draws.pdn", "16-move rule from the capture at ply 1, drawn at ply 33",
     "fmjd-16-move", 33, 2),
    ("international_draws.pdn",
     "16-move count kept after a capture at ply 26: drawn at ply 32, not 36",
     "fmjd-16-move", 32, 2),
    ("international_draws.pdn",
     "5-move count after a capture at ply 8: drawn at ply 18, before the 16-move limit",
     "fmjd-5-move", 18, 1),
    ("international_draws.pdn", "5-move rule, drawn at ply 10", "fmjd-5-move", 10, 1),
    ("international_draws.pdn", "threefold repetition at ply 8", "fmjd-repetition", 8, 1),
    ("russian_draws.pdn", "7.2.3 threefold repetition at ply 8", "d64-7.2.3", 8, 1),
    ("russian_draws.pdn", "7.2.4 three kings against a king, drawn at ply 30", "d64-7.2.4",
     30, 1),
    ("russian_draws.pdn", "7.2.5 kings only for 15 moves, drawn at ply 30", "d64-7.2.5", 30, 1),
    ("russian_draws.pdn", "7.2.6 unchanged balance, 4 pieces, drawn at ply 60", "d64-7.2.6",
     60, 1),
    ("russian_draws.pdn", "7.2.6 unchanged balance, 6 pieces, drawn at ply 120", "d64-7.2.6",
     120, 1),
    ("russian_draws.pdn", "7.2.7 lone king on the main road, drawn at ply 11", "d64-7.2.7",
     11, 1),
    ("russian_draws.pdn", "7.2.8 two kings against a king, drawn at ply 10", "d64-7.2.8", 10, 1),
]  # fmt: skip


@pytest.mark.parametrize(("file", "event", "rule", "ply", "after"), AUTOMATIC)
def test_an_automatic_draw_ends_the_game_at_exactly_its_ply(
    file: str, event: str, rule: str, ply: int, after: int
) -> None:
    game = games(file)[event]
    verdict = replay(game)
    assert verdict.verdict == "legal"
    assert verdict.draw is not None
    assert (verdict.draw.rule, verdict.draw.ply, verdict.draw.kind) == (rule, ply, "automatic")
    assert verdict.outcome is not None and verdict.outcome.termination == "draw-rule"
    assert verdict.outcome.winner is None
    assert verdict.plies == ply
    assert verdict.moves_after_end == after
    after_end = f"recorded after the game ended at ply {ply}; not verified"
    assert any(note.startswith(str(after)) and after_end in note for note in verdict.notes)
    assert verdict.result_check == "agrees"
    earlier = replay(cut(game, ply - 1))
    assert earlier.draw is None and earlier.outcome is None
    assert earlier.plies == ply - 1


def test_draughts_64_draws_carry_the_7_2_9_note() -> None:
    verdict = replay(games("russian_draws.pdn")["7.2.8 two kings against a king, drawn at ply 10"])
    assert any("7.2.9" in note for note in verdict.notes)
    verdict = replay(games("international_draws.pdn")["5-move rule, drawn at ply 10"])
    assert not any("7.2.9" in note for note in verdict.notes)


def test_a_result_that_contradicts_an_automatic_draw_is_reported() -> None:
    verdict = replay(games("international_draws.pdn")["25-move rule, the record says White won"])
    assert verdict.verdict == "legal"
    assert verdict.recorded_result == "2-0"
    assert verdict.result_check == "contradicts"
    assert "the record gives 2-0" in verdict.result_message
    assert "the position was drawn at ply 50 (25-move rule)" in verdict.result_message
    assert verdict.outcome is not None and verdict.outcome.result == "1-1"


# -- claimable draws ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "rule", "ply", "plies"),
    [
        ("40-move rule claimable at ply 80, play goes on", "wcdf-40-move", 80, 84),
        ("threefold repetition claimable at ply 8, play goes on", "wcdf-repetition", 8, 11),
    ],
)
def test_english_draw_claims_are_reported_at_the_first_ply_and_play_goes_on(
    event: str, rule: str, ply: int, plies: int
) -> None:
    game = games("english_claims.pdn")[event]
    verdict = replay(game)
    assert verdict.verdict == "legal"
    assert verdict.plies == plies and verdict.moves_after_end == 0
    assert verdict.outcome is None
    assert [(c.rule, c.ply, c.kind) for c in verdict.claims] == [(rule, ply, "claimable")]
    assert verdict.draw == verdict.claims[0]
    assert verdict.result_check == "not-checkable"
    assert f"a draw could be claimed at ply {ply}" in verdict.result_message
    assert replay(cut(game, ply - 1)).claims == ()


# -- wins on the board ----------------------------------------------------------------


def test_a_win_on_the_board_ends_the_game_and_later_plies_are_counted() -> None:
    found = games("international_draws.pdn")
    verdict = replay(found["White wins on the board at ply 1; two plies recorded after"])
    assert verdict.verdict == "legal" and verdict.plies == 1
    assert verdict.outcome is not None
    assert (verdict.outcome.termination, verdict.outcome.winner) == ("no-legal-move", "white")
    assert verdict.outcome.termination is Termination.NO_LEGAL_MOVE
    # the JSON verdict writes the termination's stable code
    assert '"termination": "no-legal-move"' in json.dumps(verdict.to_dict())
    assert verdict.outcome.result == "2-0"
    assert verdict.moves_after_end == 2
    assert verdict.result_check == "contradicts"
    assert "white won on the board at ply 1" in verdict.result_message
    agreeing = replay(found["White wins on the board at ply 1"])
    assert agreeing.result_check == "agrees" and agreeing.moves_after_end == 0


def test_english_results_give_the_first_player_black_first() -> None:
    found = games("english_claims.pdn")
    verdict = replay(found["Black wins on the board at ply 1"])
    assert verdict.outcome is not None and verdict.outcome.winner == "black"
    assert verdict.outcome.result == "1-0"
    assert verdict.result_check == "agrees"
    verdict = replay(found["Black wins on the board at ply 1, the record says White won"])
    assert verdict.result_check == "contradicts"


def test_a_game_set_up_without_a_legal_move_is_over_before_it_starts() -> None:
    game = read_game('[GameType "20"]\n[FEN "B:W28:B"]\n1... 5-10 2-0')
    verdict = replay(game)
    assert verdict.plies == 0 and verdict.moves_after_end == 1
    assert verdict.outcome is not None and verdict.outcome.winner == "white"
    assert verdict.result_check == "agrees"


def test_a_game_without_a_decision_on_the_board_is_not_checkable() -> None:
    verdict = replay(read_game('[GameType "20"]\n1. 32-28 18-22 2-0'))
    assert verdict.result_check == "not-checkable"
    assert verdict.result_message == "the game did not end on the board"
    assert replay(read_game('[GameType "20"]\n1. 32-28 *')).result_message == (
        "no result is recorded"
    )


# -- refused moves --------------------------------------------------------------------

REFUSED = list(games("illegal_moves.pdn").values())


@pytest.mark.parametrize(
    "game", [g for g in REFUSED[:-1] if g.tag("Event") != "ambiguous"], ids=lambda g: g.tag("Event")
)
def test_a_refused_move_is_reported_with_ply_number_text_position_and_rule(
    game: PdnGame,
) -> None:
    code, ply = game.tag("Event"), int(game.tag("Round") or 0)
    verdict = replay(game)
    kind = {"ambiguous": "ambiguous", "invalid-move": "unreadable", "unknown-move": "unreadable"}
    assert verdict.verdict == kind.get(code, "illegal")
    assert verdict.plies == ply - 1
    error = verdict.error
    assert error is not None
    assert (error.code, error.ply, error.move_number) == (code, ply, (ply + 1) // 2)
    written = game.moves[ply - 1]
    assert isinstance(written, PdnMove)
    assert error.move == written.text
    board = find_variant(game.tag("GameType") or "")(game.tag("FEN"))
    for item in game.moves[: ply - 1]:
        assert isinstance(item, PdnMove)
        board.push(board.parse_move(item.text))
    assert error.fen == board.fen() == verdict.final_fen
    assert error.message
    if code != "unknown-move":
        assert repr(written.text) in error.message
    assert verdict.result_check == "not-checkable"
    assert verdict.result_message == f"the replay stopped at ply {ply}"


def test_illegal_and_ambiguous_moves_list_the_legal_alternatives() -> None:
    found = {g.tag("Event"): g for g in REFUSED}
    error = replay(found["capture-compulsory"]).error
    assert error is not None and error.legal == ("28x19",)
    # both routes of 16x1 capture every black piece: the same game whichever is meant
    verdict = replay(found["ambiguous"])
    assert verdict.legal and verdict.error is None
    (reading,) = verdict.readings
    assert (reading.ply, reading.move, reading.settled) == (1, "16x1", "same-outcome")
    assert set(reading.readings) == {"16x32x23x1", "16x49x40x1"}


def test_a_syntax_error_makes_the_game_unreadable_with_line_and_column() -> None:
    game = REFUSED[-1]
    assert game.tag("Event") == "pdn-syntax" and game.errors
    verdict = replay(game)
    assert verdict.verdict == "unreadable" and verdict.plies == 0
    assert verdict.error is not None and verdict.error.code == "pdn-syntax"
    assert verdict.error.ply is None
    syntax = game.errors[0]
    assert f"line {syntax.line}, column {syntax.column}" in verdict.error.message
    assert syntax.expected in verdict.error.message
    assert (verdict.error.line, verdict.error.column) == (syntax.line, syntax.column)
    assert verdict.to_dict()["error"]["line"] == syntax.line
    assert verdict.result_message == "the replay stopped before the first move"


def test_an_unknown_variant_is_placed_at_its_tag() -> None:
    verdict = replay(read_game('[Event "x"]\n[GameType "99"]\n1. 32-28 *'))
    assert verdict.error is not None and verdict.error.code == "unknown-variant"
    assert (verdict.error.line, verdict.error.column) == (2, 1)
    given = replay(read_game("1. 32-28 *"), variant="no such game")
    assert given.error is not None and given.error.code == "unknown-variant"
    assert (given.error.line, given.error.column) == (None, None)  # the caller named it


# -- the variant and the start --------------------------------------------------------


def test_the_gametype_tag_wins_over_the_variant_given() -> None:
    game = read_game('[GameType "20"]\n1. 32-28 18-22 *')
    verdict = replay(game, variant="english")
    assert verdict.variant == "international" and verdict.verdict == "legal"
    assert any("takes precedence" in note for note in verdict.notes)
    assert replay(game, variant=InternationalBoard).notes == ()
    assert replay(game, variant="draughts").notes == ()


def test_without_gametype_the_variant_given_is_used() -> None:
    game = read_game("1. 11-15 23-19 *")
    assert replay(game, variant="checkers").variant == "english"
    assert replay(game, variant=EnglishBoard).verdict == "legal"
    assert replay(game, variant="international").verdict == "illegal"


@pytest.mark.parametrize(
    ("text", "variant", "code"),
    [
        ("1. 32-28 *", None, "no-variant"),
        ('[GameType "42"]\n1. c3-d4 *', None, "unknown-variant"),
        ("1. 32-28 *", "chess", "unknown-variant"),
        ('[GameType "20"]\n[FEN "W:W99:B1"]\n1. 99-93 *', None, "invalid-fen"),
    ],
)
def test_a_game_that_cannot_be_started_is_unreadable(
    text: str, variant: str | None, code: str
) -> None:
    verdict = replay(read_game(text), variant=variant)
    assert verdict.verdict == "unreadable" and verdict.plies == 0
    assert verdict.error is not None and verdict.error.code == code
    assert verdict.error.ply is None and verdict.error.message


def test_a_setup_command_is_played_as_recorded_and_restarts_the_draw_counts() -> None:
    draw_game = games("international_draws.pdn")["25-move rule, drawn at ply 50"]
    king_moves = " ".join(m.text for m in draw_game.moves if isinstance(m, PdnMove))
    fen = draw_game.tag("FEN")
    game = read_game(f'[GameType "20"]\n1. 32-28 18-22 /FEN "{fen}"/ {king_moves} 1-1')
    verdict = replay(game)
    assert verdict.verdict == "legal"
    assert verdict.draw is not None and (verdict.draw.rule, verdict.draw.ply) == (
        "fmjd-25-move",
        52,
    )
    assert any("position set up after ply 2" in note for note in verdict.notes)


def test_a_bad_setup_command_makes_the_game_unreadable_at_its_place() -> None:
    verdict = replay(read_game('[GameType "20"]\n1. 32-28 18-22 /FEN "W:W99"/ 2. 37-32 *'))
    assert verdict.verdict == "unreadable"
    assert verdict.error is not None and verdict.error.code == "invalid-fen"
    assert verdict.error.ply == 3 and verdict.plies == 2


# -- the record itself ----------------------------------------------------------------


def test_move_numbers_out_of_order_are_noted() -> None:
    verdict = replay(read_game('[GameType "20"]\n1. 32-28 18-22 3. 37-32 12-18 2. 41-37 *'))
    assert verdict.verdict == "legal"
    assert [n for n in verdict.notes if "numbered" in n] == [
        "ply 3 ('37-32', line 2) is numbered 3, expected 2: the move numbers are out of order",
        "ply 5 ('41-37', line 2) is numbered 2, expected 4: the move numbers are out of order",
    ]


def test_a_result_token_that_disagrees_with_the_result_tag_is_noted() -> None:
    verdict = replay(read_game('[GameType "20"]\n[Result "2-0"]\n1. 32-28 1-1'))
    assert verdict.recorded_result == "1-1"
    assert any("'1-1'" in note and "'2-0'" in note for note in verdict.notes)


def test_results_in_any_spelling_are_understood() -> None:
    found = games("english_claims.pdn")
    game = found["Black wins on the board at ply 1"]
    for spelling in ("1:0", "1-0"):
        assert replay(dataclasses.replace(game, result=spelling)).result_check == "agrees"
    verdict = replay(dataclasses.replace(game, result="4-6"))
    assert verdict.result_check == "not-checkable"
    assert verdict.result_message == "'4-6' is not the result of a game"


@pytest.mark.parametrize("spelling", ["0-0", "0:0"])
def test_0_0_says_both_players_lose(spelling: str) -> None:
    """docs/rules/pdn.md §3.1: ``0-0`` is a result, both lose; a ruling the board cannot
    check, whatever happened on it."""
    game = games("english_claims.pdn")["Black wins on the board at ply 1"]
    verdict = replay(dataclasses.replace(game, result=spelling))
    assert verdict.result_check == "not-checkable"
    assert "both players lose" in verdict.result_message
    assert "not the result of a game" not in verdict.result_message


# -- the opening ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "followed", "left_at"),
    [
        ("32-28 18-22", True, None),
        ("1. 32-28 18-22 2. 37-32", True, None),
        ("32-28 19-23", False, 2),
        ("33-28", False, 1),
        ("32-28 18-22 37-32 12-18 41-37", False, 5),
    ],
)
def test_the_opening_is_compared_move_by_move(
    opening: str, followed: bool, left_at: int | None
) -> None:
    game = read_game('[GameType "20"]\n1. 32-28 18-22 2. 37-32 12-18 *')
    verdict = replay(game, opening=opening)
    assert verdict.opening is not None
    assert (verdict.opening.followed, verdict.opening.left_at_ply) == (followed, left_at)
    assert replay(game).opening is None


def test_an_opening_that_is_not_legal_is_reported_as_not_followed() -> None:
    game = read_game('[GameType "20"]\n1. 32-28 18-22 *')
    verdict = replay(game, opening="32-28 17-11")
    assert verdict.opening is not None and not verdict.opening.followed
    assert verdict.opening.left_at_ply == 2
    assert any("opening check stopped at ply 2" in note for note in verdict.notes)


def test_the_verdict_serialises_to_the_json_contract() -> None:
    verdict = replay(games("illegal_moves.pdn")["capture-compulsory"], file="x.pdn")
    data = verdict.to_dict()
    for name in (
        "game", "file", "white", "black", "variant", "verdict", "plies", "error", "draw",
        "recorded_result", "result_check", "final_fen", "moves_after_end", "notes", "opening",
    ):  # fmt: skip
        assert name in data
    assert data["file"] == "x.pdn" and data["game"] == 6
    assert set(data["error"]) >= {"ply", "move_number", "move", "fen", "code", "message"}
