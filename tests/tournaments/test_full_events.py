"""Whole events played through the services, standings checked against hand computations."""

from decimal import Decimal

import pytest

from tests.factories import PlayerFactory, event_made
from tournaments.models import Game, GameResult, Pairing, Round, System
from tournaments.selectors.lists import pairing_list
from tournaments.selectors.standings import standings_get
from tournaments.services import registrations, results, rounds
from tournaments.values import ByeKind, DutchRules

pytestmark = pytest.mark.django_db


def boards(round_: Round) -> list[tuple[int, int | None, str]]:
    return [
        (line.white.number, line.black.number if line.black else None, line.bye_kind)
        for line in pairing_list(round_)
    ]


def play(round_: Round, user, scripted: dict[tuple[int, int], str]) -> None:
    """Publish, enter every game (the lower pairing number wins unless scripted), complete."""
    rounds.round_publish(round=round_, user=user)
    games = Game.objects.filter(pairing__round=round_).select_related("white", "black")
    for game in games:
        white, black = game.white.pairing_number, game.black.pairing_number
        default = GameResult.WHITE_WIN if white < black else GameResult.BLACK_WIN
        results.result_record(game=game, result=scripted.get((white, black), default), user=user)
    rounds.round_complete(round=round_, user=user)


def table(event, after_round):
    return [
        (row.number, row.points, *row.tiebreaks.values())
        for row in standings_get(event, after_round=after_round)
    ]


def test_swiss_with_byes_late_entry_withdrawal_forfeit_and_hand_edit(arbiter_user):
    user = arbiter_user
    event = event_made(
        user,
        name="Summer Swiss",
        slug="summer-swiss",
        number_of_rounds=4,
        tiebreaks=["WON", "PS"],
        swiss_rules=DutchRules.PRE_2026,  # the boards below are the earlier text's
    )
    reg = {
        i + 1: registrations.registration_add(
            event=event, player=PlayerFactory(last_name=f"P{i}", rating=2400 - 100 * i), user=user
        )
        for i in range(7)
    }
    assert [reg[n].pairing_number for n in range(1, 8)] == list(range(1, 8))
    registrations.prohibited_pairing_add(first=reg[1], second=reg[2], reason="club", user=user)

    round_1 = rounds.round_pair(event=event, user=user)
    assert boards(round_1) == [
        (1, 4, ""),
        (5, 2, ""),
        (3, 6, ""),
        (7, None, ByeKind.PAIRING_ALLOCATED),
    ]
    play(round_1, user, {(5, 2): GameResult.BLACK_WIN, (3, 6): GameResult.DRAW})

    reg[8] = registrations.registration_add(
        event=event, player=PlayerFactory(last_name="Late", rating=2050), user=user
    )
    assert (reg[8].pairing_number, reg[8].joined_round) == (8, 2)
    registrations.bye_request_add(registration=reg[3], round_number=3, user=user)

    round_2 = rounds.round_pair(event=event, user=user)
    assert boards(round_2) == [(7, 1, ""), (2, 3, ""), (6, 5, ""), (4, 8, "")]
    play(round_2, user, {(6, 5): GameResult.BLACK_FORFEIT_WIN, (4, 8): GameResult.DRAW})

    round_3 = rounds.round_pair(event=event, user=user)
    assert boards(round_3) == [
        (1, 5, ""),
        (2, 7, ""),
        (6, 4, ""),
        (8, None, ByeKind.PAIRING_ALLOCATED),
        (3, None, ByeKind.HALF_POINT),
    ]
    # Hand edit: 8 plays 6 on board 3; the displaced 4 takes 8's place, the bye.
    warnings = rounds.pairing_update(
        pairing=Pairing.objects.get(round=round_3, board=3), white=reg[6], black=reg[8], user=user
    )
    assert warnings == []
    assert boards(round_3)[2:4] == [(6, 8, ""), (4, None, ByeKind.PAIRING_ALLOCATED)]
    assert Pairing.objects.get(round=round_3, board=4).manual
    play(round_3, user, {(6, 8): GameResult.BLACK_WIN})

    registrations.registration_withdraw(registration=reg[6], from_round=4, user=user)
    round_4 = rounds.round_pair(event=event, user=user)
    # 1 and 2 (both 6 points) are a prohibited pair: they are not paired together.
    assert boards(round_4) == [(8, 1, ""), (4, 2, ""), (5, 7, ""), (3, None, "pab")]
    play(round_4, user, {(8, 1): GameResult.DRAW})

    # By hand (2/1/0, forfeit win 2, pairing bye 2, half bye 1, zero bye 0):
    #   no.  R1        R2        R3         R4       points  WON  PS (running scores)
    #   1    W 4  2    W 7  2    W 5  2     D 8  1   7       3    2+4+6+7 = 19
    #   2    W 5  2    W 3  2    W 7  2     W 4  2   8       4    2+4+6+8 = 20
    #   3    D 6  1    L 2  0    H    1     U    2   4       0    1+1+2+4 = 8
    #   4    L 1  0    D 8  1    U    2     L 2  0   3       0    0+1+3+3 = 7
    #   5    L 2  0    + 6  2    L 1  0     W 7  2   4       1    0+2+2+4 = 8
    #   6    D 3  1    - 5  0    L 8  0     Z    0   1       0    1+1+1+1 = 4
    #   7    U    2    L 1  0    L 2  0     L 5  0   2       0    2+2+2+2 = 8
    #   8    Z    0    D 4  1    W 6  2     D 1  1   4       1    0+1+3+4 = 8
    # (8 joined late: Z in round 1; 6 withdrew: Z in round 4; 5's forfeit win is not WON.)
    # Order: points, WON, PS, pairing number -> 2, 1, 5, 8, 3, 4, 7, 6.
    D = Decimal
    assert table(event, 4) == [
        (2, D(8), D(4), D(20)),
        (1, D(7), D(3), D(19)),
        (5, D(4), D(1), D(8)),
        (8, D(4), D(1), D(8)),
        (3, D(4), D(0), D(8)),
        (4, D(3), D(0), D(7)),
        (7, D(2), D(0), D(8)),
        (6, D(1), D(0), D(4)),
    ]
    # After round 2 only rounds 1-2 count: 1 and 2 lead with 4 (WON 2, PS 6 each): number.
    assert [(row.number, row.points) for row in standings_get(event, after_round=2)][:2] == [
        (1, D(4)),
        (2, D(4)),
    ]


def test_double_round_robin_with_hand_edit_forfeits_and_withdrawal(arbiter_user):
    user = arbiter_user
    event = event_made(
        user,
        name="Masters",
        slug="masters",
        system=System.DOUBLE_ROUND_ROBIN,
        tiebreaks=["SB"],
    )
    reg = {
        i + 1: registrations.registration_add(
            event=event, player=PlayerFactory(rating=2300 - 10 * i), user=user
        )
        for i in range(4)
    }
    round_1 = rounds.round_pair(event=event, user=user)
    assert boards(round_1) == [(1, 4, ""), (2, 3, "")]
    # Colours swapped by hand on board 1: saved, with a warning that the table says otherwise.
    warnings = rounds.pairing_update(
        pairing=Pairing.objects.get(round=round_1, board=1), white=reg[4], black=reg[1], user=user
    )
    assert [w.code for w in warnings] == ["table"]
    assert "colours reversed from round 1 of the Berger table" in warnings[0].message
    assert boards(round_1) == [(4, 1, ""), (2, 3, "")]
    scripted = {
        2: {(1, 2): GameResult.DRAW},
        3: {(3, 1): GameResult.WHITE_WIN},
        5: {(3, 4): GameResult.WHITE_FORFEIT_WIN, (2, 1): GameResult.DRAW},
        6: {(4, 2): GameResult.BLACK_FORFEIT_WIN, (1, 3): GameResult.DRAW},
    }
    expected = {
        2: [(4, 3, ""), (1, 2, "")],
        3: [(2, 4, ""), (3, 1, "")],
        4: [(4, 1, ""), (3, 2, "")],
        5: [(3, 4, ""), (2, 1, "")],
        6: [(4, 2, ""), (1, 3, "")],
    }
    play(round_1, user, {})
    for number in range(2, 7):
        if number == 6:
            registrations.registration_withdraw(registration=reg[4], from_round=6, user=user)
        round_ = rounds.round_pair(event=event, user=user)
        assert boards(round_) == expected[number]
        play(round_, user, scripted.get(number, {}))
    with pytest.raises(rounds.RoundStateError, match="has 6 rounds"):
        rounds.round_pair(event=event, user=user)

    # By hand: R1 4-1 0-1, 2-3 1-0; R2 4-3 0-1, 1-2 draw; R3 2-4 1-0, 3-1 1-0;
    # R4 4-1 0-1, 3-2 0-1; R5 3-4 +/- (forfeit), 2-1 draw; R6 4-2 -/+ (forfeit), 1-3 draw.
    #   1: 2+1+0+2+1+1 = 7   2: 2+1+2+2+1+2 = 10   3: 0+2+2+0+2+1 = 7   4: 0
    # Sonneborn-Berger (C.07 9.1; a forfeit round counts against a dummy, C.07 16.4, whose
    # score, the event starting after 1 March 2026, is the lower of the player's own score and
    # the opponent's, 16.4.1: here 4's 0):
    #   2: 7 (beat 3) + 3.5 (drew 1) + 0 (beat 4) + 7 (beat 3) + 3.5 (drew 1) + 0 (forfeit) = 21
    #   3: 0 + 0 (beat 4) + 7 (beat 1) + 0 + 0 (forfeit, min(7, 0)) + 3.5 (drew 1) = 10.5
    #   1: 0 (beat 4) + 5 (drew 2) + 0 + 0 (beat 4) + 5 (drew 2) + 3.5 (drew 3) = 13.5
    #   4: 0
    D = Decimal
    assert table(event, 6) == [
        (2, D(10), D(21)),
        (1, D(7), D("13.5")),
        (3, D(7), D("10.5")),
        (4, D(0), D(0)),
    ]
