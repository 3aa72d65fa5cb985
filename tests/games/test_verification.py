"""Background verification of records: a real replay, each flag with the right ply, and the
result never changed by it."""

import pytest

from arbiter import find_variant
from games.models import Verification, VerificationStatus
from games.services.errors import NotAllowedError, RecordError
from games.services.records import record_save
from games.tasks import record_verify_task
from tests.games.conftest import published_round
from tournaments.models import BallotDeck, Game, GameResult
from tournaments.selectors.standings import standings_get
from tournaments.services.ballots import ballot_draw
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

ILLEGAL = '[GameType "20"]\n1. 32-28 19-23 2. 28-22 *'
WON_ON_BOARD = '[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 0-2'
TWENTY_FIVE_MOVES = """[GameType "20"]
[FEN "W:WK47,K48:BK3,K4"]
[Result "1-1"]
1. 48-37 3-26 2. 37-41 26-8 3. 47-29 8-2 4. 41-5 4-15 5. 29-34 2-16 6. 34-40
15-38 7. 40-18 38-15 8. 18-23 16-2 9. 23-37 2-30 10. 37-48 30-13 11. 48-26
13-9 12. 5-23 15-24 13. 23-1 24-13 14. 26-21 13-30 15. 21-38 30-8 16. 38-42
9-13 17. 42-38 8-3 18. 38-42 13-27 19. 42-29 27-4 20. 29-23 4-22 21. 1-6 22-27
22. 23-34 27-38 23. 6-11 38-42 24. 11-22 3-26 25. 34-39 42-20 26. 39-48 26-3
27. 48-37 1-1
"""


def save(game, pdn, user, callbacks):
    """Save a record and run the verification queued after commit (in-process)."""
    with callbacks(execute=True):
        record = record_save(game=game, pdn=pdn, user=user)
    return Verification.objects.get(record=record)


def kinds(verification):
    return [(flag["kind"], flag["ply"]) for flag in verification.flags]


def test_a_legal_record_is_verified_without_flags(
    game, organizer, django_capture_on_commit_callbacks
):
    verification = save(
        game,
        '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *',
        organizer,
        django_capture_on_commit_callbacks,
    )
    assert verification.status == VerificationStatus.DONE
    assert (verification.verdict, verification.flagged, verification.flags) == ("legal", False, [])
    assert verification.report["plies"] == 4


def test_illegal_move_is_flagged_at_its_ply(game, organizer, django_capture_on_commit_callbacks):
    verification = save(game, ILLEGAL, organizer, django_capture_on_commit_callbacks)
    assert verification.verdict == "illegal"
    assert kinds(verification) == [("illegal-move", 3)]
    assert "28-22" in verification.flags[0]["message"]
    assert "capture is compulsory" in verification.flags[0]["message"]
    assert verification.report["error"]["ply"] == 3


def test_contradicted_result_is_flagged_never_changed(
    game, organizer, django_capture_on_commit_callbacks
):
    event = game.pairing.round.event
    result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)
    before = standings_get(event, after_round=1)
    verification = save(game, WON_ON_BOARD, organizer, django_capture_on_commit_callbacks)
    assert verification.result_check == "contradicts"
    assert kinds(verification) == [
        ("result-contradicted", 1),
        ("entered-result-contradicted", 1),
    ]
    assert "the result entered is 0-1, but the board gives 1-0" in verification.flags[1]["message"]
    stored = Game.objects.get(pk=game.pk)
    assert (stored.result, stored.version) == (GameResult.BLACK_WIN, 1)
    assert standings_get(event, after_round=1) == before


def test_the_entered_result_finding_follows_the_result(
    game, organizer, django_capture_on_commit_callbacks
):
    """The arbiter changes the result: the finding is made anew, once, for the new result;
    a result that agrees with the board leaves none."""
    result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)
    save(game, WON_ON_BOARD, organizer, django_capture_on_commit_callbacks)
    result_record(game=game, result=GameResult.DRAW, user=organizer)
    verification = Verification.objects.get(record__game=game)
    assert kinds(verification) == [
        ("result-contradicted", 1),
        ("entered-result-contradicted", 1),
    ]
    assert "the result entered is 1/2" in verification.flags[1]["message"]
    assert verification.report["entered_result"] == GameResult.DRAW
    result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    verification.refresh_from_db()
    assert kinds(verification) == [("result-contradicted", 1)]
    assert verification.flagged and verification.report["entered_result"] == GameResult.WHITE_WIN


def test_automatic_draw_under_the_25_move_rule_is_flagged_at_ply_50(
    game, organizer, django_capture_on_commit_callbacks
):
    result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    verification = save(game, TWENTY_FIVE_MOVES, organizer, django_capture_on_commit_callbacks)
    assert ("automatic-draw", 50) in kinds(verification)
    draw = next(flag for flag in verification.flags if flag["kind"] == "automatic-draw")
    assert "25-move rule" in draw["message"] and "FMJD rules, annex 1, art. 6.2" in draw["message"]
    assert "3 plies were recorded after it" in draw["message"]
    assert ("entered-result-contradicted", 50) in kinds(verification)
    assert Game.objects.get(pk=game.pk).result == GameResult.WHITE_WIN


@pytest.fixture
def english_game(organizer, official_arbiter):
    """Game 1 of an English 2-game pairing whose round drew one card of the 3-move deck."""
    deck = BallotDeck.objects.get(slug="english-3-move")
    round_ = published_round(
        organizer,
        official_arbiter,
        variant="english",
        games_per_pairing=2,
        ballot_deck=deck,
        ballot_policy="round",
    )
    (draw,) = ballot_draw(round=round_, user=organizer)
    return Game.objects.get(pairing__round=round_, index=1), draw.card


def _leave_card_at(card, ply):
    """Movetext that plays the card's moves up to ``ply`` - 1, then another legal move."""
    board = find_variant("english")()
    moves = card.moves.split()
    played = []
    for text in moves[: ply - 1]:
        board.push(board.parse_move(text))
        played.append(text)
    wanted = board.parse_move(moves[ply - 1])
    other = next(move for move in board.legal_moves() if move != wanted)
    played.append(board.move_text(other))
    return '[GameType "21"]\n' + " ".join(played) + " *"


def test_a_game_leaving_its_card_is_flagged_at_the_ply(
    english_game, organizer, django_capture_on_commit_callbacks
):
    game, card = english_game
    verification = save(
        game, _leave_card_at(card, 2), organizer, django_capture_on_commit_callbacks
    )
    assert verification.opening_followed is False
    assert kinds(verification) == [("left-opening", 2)]
    assert verification.report["card"] == card.code


def test_a_game_following_its_card_passes(
    english_game, organizer, django_capture_on_commit_callbacks
):
    game, card = english_game
    verification = save(
        game, f'[GameType "21"]\n{card.moves} *', organizer, django_capture_on_commit_callbacks
    )
    assert (verification.opening_followed, verification.flags) == (True, [])


def test_a_record_starting_at_the_cards_position_followed_it(
    english_game, organizer, django_capture_on_commit_callbacks
):
    game, card = english_game
    pdn = f'[GameType "21"]\n[FEN "{card.fen}"]\n*'
    verification = save(game, pdn, organizer, django_capture_on_commit_callbacks)
    assert (verification.opening_followed, verification.flags) == (True, [])


def test_a_newer_revision_supersedes_a_queued_verification(game, organizer):
    first = record_save(game=game, pdn=ILLEGAL, user=organizer)
    record_save(game=game, pdn=WON_ON_BOARD, user=organizer)
    assert record_verify_task(first.pk, 1) is None
    verification = Verification.objects.get(record=first)
    assert (verification.status, verification.revision) == (VerificationStatus.PENDING, 2)
    assert record_verify_task(first.pk, 2) == "legal"


def test_a_record_holds_exactly_one_game(game, organizer):
    with pytest.raises(RecordError, match="exactly one game, this text holds 2"):
        record_save(game=game, pdn=f"{ILLEGAL}\n\n{WON_ON_BOARD}", user=organizer)


def test_only_officials_enter_records(game, django_user_model):
    player = game.white.player.user
    with pytest.raises(NotAllowedError):
        record_save(game=game, pdn=ILLEGAL, user=player)
    assert not hasattr(Game.objects.get(pk=game.pk), "record")


def test_repairs_and_readings_are_stored_and_shown_in_both_languages(
    game, organizer, django_capture_on_commit_callbacks
):
    from django.template.loader import render_to_string
    from django.utils import translation

    pdn = '[GameType "20"]\n[Round "11.3]\n[FEN "W:WK16:B21,12,44,28"]\n1. 16x1 (a note in words) *'
    verification = save(game, pdn, organizer, django_capture_on_commit_callbacks)
    assert verification.verdict == "legal"
    warnings = verification.report["warnings"]
    assert [(w["line"], w["column"]) for w in warnings] == [(2, 1), (4, 9)]
    (reading,) = verification.report["readings"]
    assert reading["settled"] == "same-outcome"
    context = {"verification": verification, "variant": game.pairing.round.event.variant}
    page = render_to_string("games/_verification.html", context)
    assert "Read with repairs" in page and "Line 2, column 1: found" in page
    assert "read as the tag [Round &#x27;11.3&#x27;]" in page
    assert "Ply 1, 16x1:" in page and "by the rest of the record" in page
    with translation.override("fr"):
        page = render_to_string("games/_verification.html", context)
    assert "Lu avec des réparations" in page and "Ligne 2, colonne 1 : trouvé" in page
    assert "Demi-coup 1, 16x1 :" in page
