"""A verification always ends: a card with no opening moves (the FMJD Drawing Table 64) is
followed by starting from its position, and a record the reader or the replay cannot handle
is reported as unreadable with a message, never left pending nor answered with a 500."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from arbiter import ArbiterError, find_variant
from games.models import Verification, VerificationStatus
from tests.games.conftest import published_round
from tournaments.models import BallotCard, BallotDeck, BallotDraw, Game
from tournaments.services.ballots import ballot_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def fmjd_game(organizer, official_arbiter):
    """A Russian game whose drawn card of the FMJD Drawing Table 64 has no opening moves."""
    deck = BallotDeck.objects.get(slug="fmjd-64")
    bare = BallotCard.objects.filter(deck=deck, moves="").first()
    assert bare is not None, "the FMJD Drawing Table 64 has cards with no opening moves"
    round_ = published_round(
        organizer, official_arbiter, variant="russian", ballot_deck=deck, ballot_policy="round"
    )
    ballot_draw(round=round_, user=organizer)
    BallotDraw.objects.filter(round=round_).update(card=bare)
    return Game.objects.get(pairing__round=round_), bare


def _put(game, user, pdn):
    client = APIClient()
    client.force_login(user)
    event = game.pairing.round.event
    return client.put(
        f"/api/events/{event.slug}/games/{game.pk}/record/", {"pdn": pdn}, format="json"
    )


def test_a_card_with_no_opening_moves_is_followed_from_its_position(
    fmjd_game, organizer, django_capture_on_commit_callbacks
):
    game, card = fmjd_game
    with django_capture_on_commit_callbacks(execute=True):
        response = _put(game, organizer, '[GameType "25"]\n*')
    assert response.status_code == 200, response.content
    verification = Verification.objects.get(record__game=game)
    assert verification.status == VerificationStatus.DONE
    assert verification.opening_followed is True
    assert verification.report["card"] == card.code


@pytest.mark.parametrize(
    "pdn",
    ['[GameType "²"]\n1. 32-28 *', '[GameType "99999999999999999999"]\n*', '[FEN "W:W²:B1"]\n*'],
)
def test_an_unusable_record_is_verified_as_unreadable(
    game, organizer, django_capture_on_commit_callbacks, pdn
):
    with django_capture_on_commit_callbacks(execute=True):
        response = _put(game, organizer, pdn)
    assert response.status_code in (200, 400, 409), response.content
    if response.status_code == 200:
        verification = Verification.objects.get(record__game=game)
        assert verification.status == VerificationStatus.DONE
        assert verification.verdict != ""


def test_any_failure_of_the_replay_ends_the_verification(
    game, organizer, django_capture_on_commit_callbacks, monkeypatch
):
    def broken(*args, **kwargs):
        raise ValueError("no such square 0")

    monkeypatch.setattr("games.services.verification.replay", broken)
    with django_capture_on_commit_callbacks(execute=True):
        response = _put(game, organizer, '[GameType "20"]\n1. 32-28 *')
    assert response.status_code == 200
    verification = Verification.objects.get(record__game=game)
    assert (verification.status, verification.verdict, verification.flagged) == (
        VerificationStatus.DONE,
        "unreadable",
        True,
    )
    assert "no such square 0" in verification.flags[0]["message"]


def test_a_record_that_did_not_start_from_the_card_says_so(
    fmjd_game, organizer, django_capture_on_commit_callbacks
):
    """A game of a start-position card recorded from the initial position: the record did
    not start from the card (not "card followed" with an illegal move at ply 1)."""
    game, card = fmjd_game
    russian = find_variant("russian")
    first = next(
        text
        for text in (russian().move_text(move) for move in russian().legal_moves())
        if not _playable(russian(card.fen), text)
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = _put(game, organizer, f'[GameType "25"]\n1. {first} *')
    assert response.status_code == 200, response.content
    verification = Verification.objects.get(record__game=game)
    assert verification.opening_followed is False
    assert verification.verdict == "legal"
    assert [(flag["kind"], flag["ply"]) for flag in verification.flags] == [("left-opening", 0)]
    html = desk(organizer).get(f"/desk/events/{game.pairing.round.event.slug}/").content.decode()
    assert "did not start from the drawn card" in html and "illegal" not in html


def _playable(board, text: str) -> bool:
    try:
        board.parse_move(text)
    except ArbiterError:
        return False
    return True


def desk(user):
    client = Client()
    client.force_login(user)
    return client
