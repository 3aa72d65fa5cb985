"""The demo's ballot events: the English 3-move event with 2-game pairings, the Russian one
on the FMJD Drawing Table 64."""

import pytest

from games.demo import records_demo
from tournaments.demo import ENGLISH_BALLOT_SLUG, load_demo
from tournaments.models import BallotDraw, Event, RoundStatus
from tournaments.selectors.ballots import ballot_draw_check, pairing_card, round_cards

pytestmark = pytest.mark.django_db


def test_demo_ballot_events():
    load_demo(records=records_demo, only=(ENGLISH_BALLOT_SLUG, "demo-russian-table"))
    english = Event.objects.get(slug=ENGLISH_BALLOT_SLUG)
    assert english.games_per_pairing == 2 and english.ballot_deck.slug == "english-3-move"
    assert list(english.rounds.values_list("status", flat=True)) == [
        RoundStatus.COMPLETED,
        RoundStatus.COMPLETED,
        RoundStatus.PUBLISHED,
    ]
    for round_ in english.rounds.all():
        cards = round_cards(round_)
        assert len(cards) == 4 and len(set(cards.values())) == 4  # one card per pairing
        for pairing in round_.pairings.all():
            one, two = pairing.games.order_by("index")
            assert (one.white_id, two.white_id) == (pairing.white_id, pairing.black_id)
            assert pairing_card(pairing) == cards[pairing.pk]
    drawn = list(BallotDraw.objects.filter(event=english).select_related("card"))
    assert len({d.card_id for d in drawn}) == 12  # no repeat in the 156-card deck
    assert all(ballot_draw_check(d) == d.card.number for d in drawn)

    russian = Event.objects.get(slug="demo-russian-table")
    assert russian.variant == "russian" and russian.ballot_deck.slug == "fmjd-64"
    for round_ in russian.rounds.all():
        assert len(set(round_cards(round_).values())) == 1  # one card for every board
    assert BallotDraw.objects.filter(event=russian).count() == 3
