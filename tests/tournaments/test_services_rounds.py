"""Round services: refusals, hand edits and their warnings, history, atomicity."""

import pytest

from tests.factories import event_with_players
from tournaments.models import Game, GameResult, Pairing, Round, RoundStatus
from tournaments.selectors.round_warnings import round_warnings
from tournaments.services import registrations, results, rounds
from tournaments.services.errors import (
    PairingEditError,
    RoundRegenerationError,
    RoundStateError,
)
from tournaments.values import ByeKind

pytestmark = pytest.mark.django_db


def published_round(user, players=6, **options):
    event = event_with_players(user, players=players, **options)
    round_ = rounds.round_pair(event=event, user=user)
    return event, rounds.round_publish(round=round_, user=user)


def test_round_pair_creates_a_draft_with_one_game_per_board(arbiter_user):
    event = event_with_players(arbiter_user, players=5)
    round_ = rounds.round_pair(event=event, user=arbiter_user)
    assert round_.status == RoundStatus.DRAFT and round_.number == 1
    assert round_.pairings.count() == 3
    assert Game.objects.filter(pairing__round=round_).count() == 2
    bye = round_.pairings.get(black__isnull=True)
    assert bye.bye_kind == ByeKind.PAIRING_ALLOCATED and bye.white.pairing_number == 5


def test_two_games_per_pairing_swap_colours(arbiter_user):
    event = event_with_players(arbiter_user, players=4, games_per_pairing=2, ranking="match")
    round_ = rounds.round_pair(event=event, user=arbiter_user)
    for pairing in round_.pairings.all():
        first, second = pairing.games.order_by("index")
        assert (first.white_id, first.black_id) == (pairing.white_id, pairing.black_id)
        assert (second.white_id, second.black_id) == (pairing.black_id, pairing.white_id)


def test_round_with_a_result_is_never_paired_again(arbiter_user):
    _, round_ = published_round(arbiter_user)
    game = Game.objects.filter(pairing__round=round_).first()
    results.result_record(game=game, result=GameResult.DRAW, user=arbiter_user)
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.DRAFT)
    with pytest.raises(RoundRegenerationError, match="already holds results"):
        rounds.pairings_generate(round=round_, user=arbiter_user)
    assert Game.objects.get(pk=game.pk).result == GameResult.DRAW


def test_published_round_is_not_paired_again(arbiter_user):
    _, round_ = published_round(arbiter_user)
    with pytest.raises(RoundStateError, match="only a draft round can be paired again"):
        rounds.pairings_generate(round=round_, user=arbiter_user)


def test_draft_round_pairs_again_identically(arbiter_user):
    event = event_with_players(arbiter_user, players=6)
    round_ = rounds.round_pair(event=event, user=arbiter_user)
    before = list(round_.pairings.values_list("board", "white", "black"))
    rounds.pairings_generate(round=round_, user=arbiter_user)
    assert list(round_.pairings.values_list("board", "white", "black")) == before


def test_result_on_a_draft_round_is_refused(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    round_ = rounds.round_pair(event=event, user=arbiter_user)
    game = Game.objects.filter(pairing__round=round_).first()
    with pytest.raises(RoundStateError, match="is a draft: publish it before entering results"):
        results.result_record(game=game, result=GameResult.WHITE_WIN, user=arbiter_user)
    assert Game.objects.get(pk=game.pk).result == GameResult.PENDING


def test_swiss_next_round_needs_the_previous_completed(arbiter_user):
    event, _ = published_round(arbiter_user)
    with pytest.raises(RoundStateError, match="must be completed before round 2"):
        rounds.round_pair(event=event, user=arbiter_user)


def test_round_complete_refuses_pending_games(arbiter_user):
    _, round_ = published_round(arbiter_user, players=4)
    with pytest.raises(RoundStateError, match="boards 1, 2 have no result yet"):
        rounds.round_complete(round=round_, user=arbiter_user)


def test_publish_and_delete_draft(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    round_ = rounds.round_pair(event=event, user=arbiter_user)
    rounds.round_delete_draft(round=round_, user=arbiter_user)
    assert not Round.objects.filter(event=event).exists()
    assert not Game.objects.exists()
    _, published = published_round(arbiter_user, players=4)
    assert published.published_at is not None
    with pytest.raises(RoundStateError, match="only a draft round can be deleted"):
        rounds.round_delete_draft(round=published, user=arbiter_user)


def test_hand_edit_swaps_players_between_boards_and_warns_of_a_rematch(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    round_1 = rounds.round_pair(event=event, user=arbiter_user)
    rounds.round_publish(round=round_1, user=arbiter_user)
    for game in Game.objects.filter(pairing__round=round_1):
        results.result_record(game=game, result=GameResult.DRAW, user=arbiter_user)
    rounds.round_complete(round=round_1, user=arbiter_user)
    met = {frozenset((p.white_id, p.black_id)) for p in round_1.pairings.all()}
    round_2 = rounds.round_pair(event=event, user=arbiter_user)
    board_1 = round_2.pairings.get(board=1)
    old_pair = round_1.pairings.get(board=1)
    warnings = rounds.pairing_update(
        pairing=board_1, white=old_pair.white, black=old_pair.black, user=arbiter_user
    )
    assert [w.code for w in warnings] == ["rematch"]
    assert "have already played each other" in warnings[0].message
    pairs = {frozenset((p.white_id, p.black_id)) for p in round_2.pairings.all()}
    assert pairs == met  # the displaced players were paired together on the other board
    assert all(p.manual for p in round_2.pairings.all())
    assert Game.objects.filter(pairing__round=round_2).count() == 2


def test_hand_edit_refusals(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    other = event_with_players(arbiter_user, players=2)
    round_ = rounds.round_pair(event=event, user=arbiter_user)
    board = round_.pairings.get(board=1)
    with pytest.raises(PairingEditError, match="cannot play themself"):
        rounds.pairing_update(pairing=board, white=board.white, black=board.white, user=None)
    with pytest.raises(PairingEditError, match="is not in round 1"):
        rounds.pairing_update(
            pairing=board, white=other.registrations.first(), black=board.black, user=None
        )
    with pytest.raises(PairingEditError, match="cannot become a bye by hand"):
        rounds.pairing_update(pairing=board, white=board.white, black=None, user=None)
    rounds.round_publish(round=round_, user=None)
    with pytest.raises(RoundStateError, match="only a draft round can be edited"):
        rounds.pairing_update(pairing=board, white=board.black, black=board.white, user=None)


def test_hand_edit_warns_of_a_second_bye_and_a_prohibited_pair(arbiter_user):
    event = event_with_players(arbiter_user, players=5)
    first, second = event.registrations.order_by("pairing_number")[:2]
    registrations.prohibited_pairing_add(
        first=first, second=second, reason="family", user=arbiter_user
    )
    round_1 = rounds.round_pair(event=event, user=arbiter_user)
    rounds.round_publish(round=round_1, user=arbiter_user)
    for game in Game.objects.filter(pairing__round=round_1):
        results.result_record(game=game, result=GameResult.WHITE_WIN, user=arbiter_user)
    rounds.round_complete(round=round_1, user=arbiter_user)
    had_bye = round_1.pairings.get(black__isnull=True).white
    round_2 = rounds.round_pair(event=event, user=arbiter_user)
    bye_board = round_2.pairings.get(black__isnull=True)
    warnings = rounds.pairing_update(pairing=bye_board, white=had_bye, black=None, user=None)
    assert [w.code for w in warnings] == ["second_bye"]
    game_board = round_2.pairings.exclude(black__isnull=True).first()
    warnings = rounds.pairing_update(pairing=game_board, white=first, black=second, user=None)
    assert "prohibited" in [w.code for w in warnings]


def test_colour_rule_three_in_a_row_and_difference_over_two():
    """C.04.1 f/g as the hand-edit warning applies them (played games only)."""
    from tournaments.pairing.criteria import Breach, colour_breach
    from tournaments.selectors.round_warnings import colour_problem
    from tournaments.values import Colour, RoundResult

    def _colour_problem(results, colour):
        breach = colour_breach(results, colour)
        return "" if breach is None else colour_problem(Breach("colour", 1, breach))

    two_whites = [RoundResult(n, 2, Colour.WHITE, "1", 2) for n in (1, 2)]
    assert _colour_problem(two_whites, Colour.WHITE) == "white three times in a row"
    assert _colour_problem(two_whites, Colour.BLACK) == ""
    forfeits = [RoundResult(n, 2, Colour.WHITE, "+", 2) for n in (1, 2)]
    assert _colour_problem(forfeits, Colour.WHITE) == ""
    mixed = [RoundResult(n, 2, c, "=", 1) for n, c in enumerate("wwbww", start=1)]
    assert _colour_problem(mixed, Colour.BLACK) == ""  # 4 whites, 2 blacks: +2 is allowed
    assert "difference +3" in _colour_problem(
        [RoundResult(n, 2, c, "=", 1) for n, c in enumerate("wwbwbw", start=1)], Colour.WHITE
    )


def test_history_records_user_and_change(arbiter_user):
    _, round_ = published_round(arbiter_user, players=4)
    game = Game.objects.filter(pairing__round=round_).first()
    results.result_record(game=game, result=GameResult.BLACK_WIN, user=arbiter_user)
    latest = game.history.first()
    assert latest.history_user == arbiter_user
    assert latest.result == GameResult.BLACK_WIN and latest.history_type == "~"
    assert latest.prev_record.result == GameResult.PENDING
    assert round_.history.first().history_user == arbiter_user
    assert round_.history.first().status == RoundStatus.PUBLISHED
    pairing = Pairing.objects.filter(round=round_).first()
    assert pairing.history.get().history_user == arbiter_user


def test_failed_pairing_leaves_the_database_unchanged(arbiter_user, monkeypatch):
    event = event_with_players(arbiter_user, players=6)

    def broken(*args, **kwargs):
        raise RuntimeError("engine crashed")

    monkeypatch.setattr(rounds, "pair_dutch", broken)
    with pytest.raises(RuntimeError, match="engine crashed"):
        rounds.round_pair(event=event, user=arbiter_user)
    assert not Round.objects.filter(event=event).exists()
    assert not Round.history.filter(event_id=event.pk).exists()


def test_round_warnings_cover_every_board_not_only_the_edited_one(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    round_1 = rounds.round_publish(round=rounds.round_pair(event=event, user=None), user=None)
    for game in Game.objects.filter(pairing__round=round_1):
        results.result_record(game=game, result=GameResult.DRAW, user=None)
    rounds.round_complete(round=round_1, user=None)
    round_2 = rounds.round_pair(event=event, user=None)
    assert round_warnings(round_2) == {p.pk: [] for p in round_2.pairings.all()}
    old_pair = round_1.pairings.get(board=1)
    edited = round_2.pairings.get(board=1)
    rounds.pairing_update(pairing=edited, white=old_pair.white, black=old_pair.black, user=None)
    warnings = round_warnings(round_2)
    assert set(warnings) == set(round_2.pairings.values_list("pk", flat=True))
    # The displaced players were put together on the other board: a rematch there too.
    assert {pk: [w.code for w in found] for pk, found in warnings.items()} == {
        pk: ["rematch"] for pk in warnings
    }


def test_round_warnings_check_a_round_robin_against_its_berger_table(arbiter_user):
    """Round 1 of 5 players (C.05 Annex 1): 2-5, 3-4, 1 rests."""
    event = event_with_players(arbiter_user, players=5, system="rr")
    round_1 = rounds.round_pair(event=event, user=None)
    assert all(found == [] for found in round_warnings(round_1).values())
    player = {r.pairing_number: r for r in event.registrations.all()}
    board_2 = round_1.pairings.get(board=2)
    rounds.pairing_update(pairing=board_2, white=player[4], black=player[3], user=None)
    rest = round_1.pairings.get(black__isnull=True)
    rounds.pairing_update(pairing=rest, white=player[2], black=None, user=None)  # 1 to board 1
    messages = {p.board: [w.message for w in found] for p, found in _by_board(round_1).items()}
    table = "round 1 of the Berger table (C.05 Annex 1)"
    assert messages == {
        1: [f"{player[1]} – {player[5]}: not a pairing of {table}"],
        2: [f"{player[4]} – {player[3]}: colours reversed from {table}"],
        3: [f"{player[2]} – rest: not a pairing of {table}"],
    }
    assert all(w.code == "table" for found in round_warnings(round_1).values() for w in found)


def _by_board(round_):
    warnings = round_warnings(round_)
    return {p: warnings[p.pk] for p in round_.pairings.order_by("board")}


def test_a_double_round_robin_second_cycle_is_no_rematch(arbiter_user):
    event = event_with_players(arbiter_user, players=2, system="drr")
    round_1 = rounds.round_publish(round=rounds.round_pair(event=event, user=None), user=None)
    results.result_record(game=round_1.pairings.get().games.get(), result="1-0", user=None)
    round_2 = rounds.round_pair(event=event, user=None)
    assert list(round_warnings(round_2).values()) == [[]]


def test_an_engine_failure_is_a_tournament_error_and_changes_nothing(arbiter_user, monkeypatch):
    from tournaments.pairing.dutch import NoPairingError
    from tournaments.services.errors import RoundPairingError, TournamentError

    event = event_with_players(arbiter_user, players=4)

    def unpairable(*args, **kwargs):
        raise NoPairingError("round 1 cannot be paired: no pairing satisfies the criteria")

    monkeypatch.setattr(rounds, "pair_dutch", unpairable)
    with pytest.raises(RoundPairingError, match=r"round 1: round 1 cannot be paired") as refused:
        rounds.round_pair(event=event, user=arbiter_user)
    assert isinstance(refused.value, TournamentError)
    assert isinstance(refused.value.__cause__, NoPairingError)
    assert not Round.objects.filter(event=event).exists()


def test_a_real_unpairable_swiss_round_is_refused_with_the_engine_reason(arbiter_user):
    """Two players who met in round 1 cannot meet again (C.04.1 b): round 2 has no pairing."""
    from tournaments.services.errors import RoundPairingError

    event = event_with_players(arbiter_user, players=2, number_of_rounds=2)
    round_1 = rounds.round_publish(round=rounds.round_pair(event=event, user=None), user=None)
    results.result_record(game=round_1.pairings.get().games.get(), result="1-0", user=None)
    rounds.round_complete(round=round_1, user=None)
    with pytest.raises(RoundPairingError, match="no pairing satisfies the absolute criteria"):
        rounds.round_pair(event=event, user=arbiter_user)
    assert event.rounds.count() == 1


def test_a_rematch_after_a_double_forfeit_is_noted_in_the_drafts_warnings(arbiter_user):
    event = event_with_players(arbiter_user, players=4)
    round_1 = rounds.round_pair(event=event, user=arbiter_user)
    rounds.round_publish(round=round_1, user=arbiter_user)
    for game in Game.objects.filter(pairing__round=round_1):
        result = GameResult.DOUBLE_FORFEIT if game.pairing.board == 1 else GameResult.DRAW
        results.result_record(game=game, result=result, user=arbiter_user)
    rounds.round_complete(round=round_1, user=arbiter_user)
    round_2 = rounds.round_pair(event=event, user=arbiter_user)
    old_pair = round_1.pairings.get(board=1)
    warnings = rounds.pairing_update(
        pairing=round_2.pairings.get(board=1),
        white=old_pair.white,
        black=old_pair.black,
        user=arbiter_user,
    )
    assert [w.code for w in warnings] == ["unplayed_rematch"]
    assert "were paired in round 1 without playing" in warnings[0].message
    assert "C.04.1 b" in warnings[0].message
