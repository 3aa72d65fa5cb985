"""Drawing-table cards are drawn as diagrams wherever a card is shown: the admin's card page
and round page, the public round page; their FEN is never the text a person reads."""

import re

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.factories import event_with_players, make_organizer
from tournaments.models import BallotCard, BallotDeck, BallotDraw, System
from tournaments.services.ballots import ballot_draw
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return make_organizer("diagram-organizer")


@pytest.fixture
def drawing_table_round(organizer):
    """A Russian round robin on the FMJD Drawing Table 64, its cards drawn."""
    event = event_with_players(
        organizer,
        players=4,
        system=System.ROUND_ROBIN,
        variant="russian",
        ballot_deck=BallotDeck.objects.get(slug="fmjd-64"),
        published=True,
    )
    round_ = round_publish(round=round_pair(event=event, user=organizer), user=organizer)
    # A relocation card: a start position and no moves (docs/rules/tournaments.md §6.2).
    relocation = BallotCard.objects.filter(deck=event.ballot_deck, moves="").exclude(start_fen="")
    BallotCard.objects.filter(deck=event.ballot_deck).exclude(
        pk__in=relocation.values("pk")[:1]
    ).update(barred=True)
    ballot_draw(round=round_, user=organizer)
    return round_


def pieces(html: str) -> int:
    return len(re.findall(r'class="piece', html))


def test_the_public_round_page_draws_the_card(client, drawing_table_round):
    draw = BallotDraw.objects.filter(round=drawing_table_round).select_related("card").first()
    page = client.get(f"/events/{drawing_table_round.event.slug}/rounds/1/").content.decode()
    assert pieces(page) >= 24 and 'role="img"' in page
    assert f"Card {draw.card.code}, white to move" in page
    assert draw.card.fen not in page.replace('aria-label="', "")


def test_the_admin_round_page_and_card_page_draw_the_card(organizer, drawing_table_round):
    client = logged_in(organizer)
    draw = BallotDraw.objects.filter(round=drawing_table_round).select_related("card").first()
    round_page = reverse("admin:tournaments_round_change", args=(drawing_table_round.pk,))
    html = client.get(round_page).content.decode()
    assert f"<strong>{draw.card.code}</strong>" in html
    assert pieces(html) >= 24 and draw.card.start_fen not in html
    card_page = reverse("admin:tournaments_ballotcard_change", args=(draw.card.pk,))
    html = client.get(card_page).content.decode()
    assert pieces(html) >= 24 and "position after the card" in html.lower()
    assert draw.card.fen not in html.replace('aria-label="', "")


def test_a_published_deck_is_named_in_the_reader_s_language():
    from django.utils import translation

    deck = BallotDeck.objects.get(slug="fmjd-64")
    with translation.override("fr"):
        assert str(deck) == "Table de tirage FMJD 64"
    with translation.override("en"):
        assert str(deck) == "FMJD Drawing Table 64"
    custom = BallotDeck.objects.create(name="Club deck", slug="club", variant="russian")
    with translation.override("fr"):
        assert str(custom) == "Club deck"
