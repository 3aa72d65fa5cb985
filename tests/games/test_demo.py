"""Demo records: every played game of a ballot event gets a verified record; one leaves its
card, is flagged at ply 2 and carries an open dispute."""

import random

import pytest

from games.demo import records_demo
from games.models import Dispute, GameRecord, Verification
from tests.games.conftest import published_round
from tournaments.models import BallotDeck, Game, GameResult
from tournaments.services.ballots import ballot_draw
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def test_records_demo_on_an_english_ballot_event(
    organizer, official_arbiter, django_capture_on_commit_callbacks
):
    round_ = published_round(
        organizer,
        official_arbiter,
        variant="english",
        players=4,
        games_per_pairing=2,
        ballot_deck=BallotDeck.objects.get(slug="english-3-move"),
        ballot_policy="pairing",
    )
    ballot_draw(round=round_, user=organizer)
    for game in Game.objects.filter(pairing__round=round_):
        result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)
    with django_capture_on_commit_callbacks(execute=True):
        records_demo(event=round_.event, user=organizer, rng=random.Random(1))
    assert GameRecord.objects.filter(game__pairing__round=round_).count() == 4
    verifications = Verification.objects.filter(record__game__pairing__round=round_)
    assert {v.verdict for v in verifications} == {"legal"}
    (flagged,) = verifications.filter(flagged=True)
    assert [(f["kind"], f["ply"]) for f in flagged.flags] == [("left-opening", 2)]
    dispute = Dispute.objects.get()
    assert (dispute.game_id, dispute.status, dispute.claim) == (
        flagged.record.game_id,
        "open",
        "wrong-opening",
    )
    assert '[Result "1-0"]' in flagged.record.pdn  # Black's win: English PDN gives Black first
