"""The admin: draw button and card column on the round page, the card on the results sheet,
the void page, read-only published decks, custom cards replayed as typed."""

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.factories import ballot_event, make_organizer
from tournaments.models import BallotCard, BallotDeck, BallotDraw
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return make_organizer("ballot-organizer")


@pytest.fixture
def english_round(organizer):
    event = ballot_event(organizer)
    return round_publish(round=round_pair(event=event, user=organizer), user=organizer)


def test_draw_button_then_the_card_on_the_round_page_and_results_sheet(organizer, english_round):
    client = logged_in(organizer)
    page = reverse("admin:tournaments_round_change", args=(english_round.pk,))
    assert "Draw cards" in client.get(page).content.decode()
    response = client.post(reverse("admin:tournaments_round_draw_cards", args=(english_round.pk,)))
    assert response.status_code == 302
    draws = list(BallotDraw.objects.filter(round=english_round).select_related("card"))
    assert len(draws) == 2 and all(d.drawn_by == organizer for d in draws)
    html = client.get(page).content.decode()
    sheet = client.get(reverse("admin:tournaments_round_results", args=(english_round.pk,)))
    for draw in draws:
        assert f"<strong>{draw.card.code}</strong>" in html
        assert draw.card.moves in html
        assert draw.card.moves in sheet.content.decode()
    again = client.post(
        reverse("admin:tournaments_round_draw_cards", args=(english_round.pk,)), follow=True
    )
    assert "already has its card" in again.content.decode()


def test_the_void_page_asks_for_a_reason_and_keeps_it(organizer, english_round):
    client = logged_in(organizer)
    client.post(reverse("admin:tournaments_round_draw_cards", args=(english_round.pk,)))
    draw = BallotDraw.objects.filter(round=english_round).first()
    url = reverse("admin:tournaments_ballotdraw_void", args=(draw.pk,))
    assert client.get(url).status_code == 200
    assert client.post(url, {"reason": ""}).status_code == 200  # form error, nothing voided
    draw.refresh_from_db()
    assert draw.voided_at is None
    client.post(url, {"reason": "Wrong card announced"})
    draw.refresh_from_db()
    assert draw.void_reason == "Wrong card announced" and draw.voided_by == organizer
    log = client.get(reverse("admin:tournaments_ballotdraw_changelist")).content.decode()
    assert "Wrong card announced" in log


def test_another_organizer_cannot_draw_or_void(organizer, english_round):
    client = logged_in(organizer)
    client.post(reverse("admin:tournaments_round_draw_cards", args=(english_round.pk,)))
    draw = BallotDraw.objects.filter(round=english_round).first()
    stranger = logged_in(make_organizer("stranger"))
    url = reverse("admin:tournaments_round_draw_cards", args=(english_round.pk,))
    assert stranger.post(url).status_code == 404
    void = reverse("admin:tournaments_ballotdraw_void", args=(draw.pk,))
    assert stranger.post(void, {"reason": "mine now"}).status_code == 404
    draw.refresh_from_db()
    assert draw.voided_at is None
    assert BallotDraw.objects.filter(round=english_round).count() == 2


def test_published_decks_are_read_only(organizer):
    client = logged_in(organizer)
    deck = BallotDeck.objects.get(slug="fmjd-64")
    card = deck.cards.get(code="45-IX")
    page = client.get(reverse("admin:tournaments_ballotcard_change", args=(card.pk,)))
    assert page.status_code == 200 and "docs/rules/tournaments.md §6.5" in page.content.decode()
    client.post(
        reverse("admin:tournaments_ballotcard_change", args=(card.pk,)),
        {"deck": deck.pk, "code": "45-IX", "moves": "c3-d4", "start_fen": "", "name": ""},
    )
    card.refresh_from_db()
    assert card.moves.startswith("g3-h4")


def test_a_custom_card_is_replayed_as_it_is_typed(organizer):
    client = logged_in(organizer)
    client.post(
        reverse("admin:tournaments_ballotdeck_add"),
        {"name": "Club openings", "slug": "club", "variant": "international", "source": "club"},
    )
    deck = BallotDeck.objects.get(slug="club")
    add = reverse("admin:tournaments_ballotcard_add")
    bad = client.post(add, {"deck": deck.pk, "code": "1", "moves": "32-28 28-23", "start_fen": ""})
    assert bad.status_code == 200 and "ply 2" in bad.content.decode()
    assert not deck.cards.exists()
    client.post(add, {"deck": deck.pk, "code": "1", "moves": "32-28 18-23", "start_fen": ""})
    card = BallotCard.objects.get(deck=deck)
    assert card.fen.startswith("W:") and card.history.first().history_user == organizer
    change = reverse("admin:tournaments_ballotdeck_change", args=(deck.pk,))
    form = {"name": "Club openings", "slug": "club", "source": "club"}
    refused = client.post(change, {**form, "variant": "english"})
    assert refused.status_code == 200
    assert "holds 1 card replayed as International draughts" in refused.content.decode()
    deck.refresh_from_db()
    assert deck.variant == "international"
    assert client.post(change, {**form, "variant": "international"}).status_code == 302


@pytest.mark.parametrize(
    "variant", ["bashni", "dragonfly", "russian-two-move", "samoyed", "ugolki"]
)
def test_a_card_of_every_game_is_added_or_refused_with_the_move(variant):
    """The games beyond draughts play a card through the same GameBoard protocol: a legal
    opening is stored, an illegal one is refused on the form naming the ply and the move."""
    import arbiter
    from tests.factories import UserFactory

    root = UserFactory(username="root", is_superuser=True)
    client = logged_in(root)
    deck = BallotDeck.objects.create(name=variant, slug=variant, variant=variant)
    board = arbiter.find_variant(variant)()
    opening = board.move_text(board.legal_moves()[0])
    url = reverse("admin:tournaments_ballotcard_add")
    form = {"deck": deck.pk, "code": "1", "name": "", "moves": opening, "start_fen": ""}
    assert client.post(url, form).status_code == 302
    card = deck.cards.get()
    assert card.moves == opening and card.fen != board.fen()
    refused = client.post(url, {**form, "code": "2", "moves": "z9-z10"})
    assert refused.status_code == 200
    assert "card 2: ply 1 (&#x27;z9-z10&#x27;)" in refused.content.decode()
    assert deck.cards.count() == 1
