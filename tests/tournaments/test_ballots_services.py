"""Decks in the database, drawing and voiding cards, custom decks, and who may draw."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError

from tests.factories import PlayerFactory, UserFactory, ballot_event, event_with_players
from tournaments.ballots.draw import cards_left, pick
from tournaments.models import BallotDeck, BallotDraw, GameResult, System
from tournaments.selectors.ballots import (
    ballot_draw_check,
    ballot_drawn_numbers,
    drawable_cards,
    pairing_card,
    round_cards,
)
from tournaments.selectors.lists import pairing_list
from tournaments.services.ballots import (
    BallotError,
    BallotPermissionError,
    ballot_card_save,
    ballot_deck_create,
    ballot_draw,
    ballot_draw_void,
)
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


def published_round(event, user):
    return round_publish(round=round_pair(event=event, user=user), user=user)


@pytest.mark.parametrize(
    ("slug", "variant", "cards", "drawable"),
    [
        ("english-3-move", "english", 174, 156),
        ("english-2-move", "english", 49, 43),
        ("fmjd-64", "russian", 736, 736),
        ("idf-64", "russian", 150, 150),
    ],
)
def test_the_migration_loads_the_published_decks(slug, variant, cards, drawable):
    deck = BallotDeck.objects.get(slug=slug)
    assert deck.builtin and deck.variant == variant and deck.source
    assert deck.cards.count() == cards
    assert len(drawable_cards(deck, variant=variant)) == drawable
    assert not deck.cards.filter(fen="").exists()


def test_the_brazilian_subset_is_what_a_brazilian_event_draws():
    deck = BallotDeck.objects.get(slug="fmjd-64")
    assert len(drawable_cards(deck, variant="brazilian")) == 725


def test_stored_cards_keep_their_source_corrections():
    fmjd = BallotDeck.objects.get(slug="fmjd-64").cards
    assert fmjd.get(code="45-IX").fen.startswith("W:")
    assert "docs/rules/tournaments.md §6.5" in fmjd.get(code="22-XV").correction
    idf = BallotDeck.objects.get(slug="idf-64").cards
    assert idf.get(code="2-IV").moves == "e3-f4 f6-e5 a3-b4"


def test_one_card_per_pairing_both_games_same_card_colours_swapped(arbiter_user):
    event = ballot_event(arbiter_user, players=6)
    round_ = published_round(event, arbiter_user)
    draws = ballot_draw(round=round_, user=arbiter_user)
    assert [d.pairing.board for d in draws] == [1, 2, 3]
    assert len({d.card_id for d in draws}) == 3
    assert all(not d.card.barred and d.drawn_by == arbiter_user and d.seed for d in draws)
    cards = round_cards(round_)
    for pairing in round_.pairings.all():
        first, second = pairing.games.order_by("index")
        assert (first.white_id, first.black_id) == (pairing.white_id, pairing.black_id)
        assert (second.white_id, second.black_id) == (pairing.black_id, pairing.white_id)
        assert pairing_card(pairing) == cards[pairing.pk]
    sheet = {line.board: line.card for line in pairing_list(round_)}
    for draw in draws:
        assert sheet[draw.pairing.board].code == draw.card.code
        assert sheet[draw.pairing.board].moves == draw.card.moves
    with pytest.raises(BallotError, match="already has its card"):
        ballot_draw(round=round_, user=arbiter_user)


def test_one_card_per_round_for_every_board_and_none_for_the_rest(arbiter_user):
    event = ballot_event(arbiter_user, players=5, ballot_policy="round")
    round_ = published_round(event, arbiter_user)
    (draw,) = ballot_draw(round=round_, user=arbiter_user)
    assert draw.pairing is None
    cards = round_cards(round_)
    boards = round_.pairings.filter(black__isnull=False)
    assert set(cards) == set(boards.values_list("pk", flat=True)) and len(cards) == 2
    assert set(cards.values()) == {draw.card}
    rest = round_.pairings.get(black__isnull=True)
    assert pairing_card(rest) is None


def test_a_draft_round_and_an_event_without_deck_draw_nothing(arbiter_user):
    event = ballot_event(arbiter_user)
    with pytest.raises(BallotError, match="draft: cards are drawn for a published round"):
        ballot_draw(round=round_pair(event=event, user=arbiter_user), user=arbiter_user)
    free = event_with_players(arbiter_user, players=4, system=System.ROUND_ROBIN)
    with pytest.raises(BallotError, match="has no ballot deck"):
        ballot_draw(round=published_round(free, arbiter_user), user=arbiter_user)


def test_every_draw_is_reproduced_from_its_seed(arbiter_user):
    event = ballot_event(arbiter_user, players=8)
    for _ in range(3):
        ballot_draw(round=published_round(event, arbiter_user), user=arbiter_user)
    draws = list(BallotDraw.objects.filter(event=event).select_related("card"))
    assert len(draws) == 12
    assert [ballot_draw_check(d) for d in draws] == [d.card.number for d in draws]
    deck = event.ballot_deck
    numbers = [c.number for c in drawable_cards(deck, variant="english")]
    for draw in draws:  # the documented rule, computed here from the recorded data alone
        drawn = [d.card.number for d in draws if d.sequence < draw.sequence]
        assert pick(seed=draw.seed, pool=cards_left(deck=numbers, drawn=drawn)) == draw.card.number


def test_a_tampered_record_no_longer_matches_its_seed(arbiter_user):
    event = ballot_event(arbiter_user)
    draw = ballot_draw(round=published_round(event, arbiter_user), user=arbiter_user)[0]
    other = event.ballot_deck.cards.filter(barred=False).exclude(pk=draw.card_id).first()
    BallotDraw.objects.filter(pk=draw.pk).update(card=other)
    draw.refresh_from_db()
    assert ballot_draw_check(draw) != draw.card.number


def test_no_card_repeats_until_a_small_deck_is_exhausted(arbiter_user):
    deck = ballot_deck_create(name="Three", slug="three", variant="english", user=arbiter_user)
    for code, moves in (("A", "9-13 21-17"), ("B", "9-14 22-18"), ("C", "11-15 23-19")):
        ballot_card_save(deck=deck, code=code, moves=moves, user=arbiter_user)
    ballot_card_save(deck=deck, code="X", moves="10-14 23-18", barred=True, user=arbiter_user)
    event = ballot_event(arbiter_user, players=6, deck=deck)
    first = ballot_draw(round=published_round(event, arbiter_user), user=arbiter_user)
    second = ballot_draw(round=published_round(event, arbiter_user), user=arbiter_user)
    assert sorted(d.card.code for d in first) == ["A", "B", "C"]  # the whole deck, no barred
    assert sorted(d.card.code for d in second) == ["A", "B", "C"]  # then it starts again


def test_void_keeps_the_reason_and_the_voided_card_stays_out(arbiter_user):
    deck = ballot_deck_create(name="Four", slug="four", variant="english", user=arbiter_user)
    for code, moves in (("A", "9-13 21-17"), ("B", "9-14 22-18"), ("C", "11-15 23-19")):
        ballot_card_save(deck=deck, code=code, moves=moves, user=arbiter_user)
    ballot_card_save(deck=deck, code="D", moves="12-16 24-20", user=arbiter_user)
    event = ballot_event(arbiter_user, players=4, deck=deck)
    round_ = published_round(event, arbiter_user)
    first, second = ballot_draw(round=round_, user=arbiter_user)
    with pytest.raises(BallotError, match="needs a reason"):
        ballot_draw_void(draw=first, reason="  ", user=arbiter_user)
    ballot_draw_void(draw=first, reason="Card read out for the wrong board", user=arbiter_user)
    first.refresh_from_db()
    assert first.voided_by == arbiter_user and first.void_reason.startswith("Card read out")
    assert first.pairing.pk not in round_cards(round_)
    with pytest.raises(BallotError, match="already voided"):
        ballot_draw_void(draw=first, reason="again", user=arbiter_user)
    (redraw,) = ballot_draw(round=round_, user=arbiter_user)
    assert redraw.pairing_id == first.pairing_id
    assert redraw.card_id not in {first.card_id, second.card_id}
    assert ballot_drawn_numbers(event, deck=deck) == [
        first.card.number,
        second.card.number,
        redraw.card.number,
    ]
    assert ballot_draw_check(redraw) == redraw.card.number
    assert first.history.count() == 2  # drawn, then voided


def test_only_the_events_organizers_and_arbiters_draw_or_void(arbiter_user):
    event = ballot_event(arbiter_user)
    round_ = published_round(event, arbiter_user)
    other = ballot_event(UserFactory(username="other-organizer"))
    other_arbiter = UserFactory(username="other-arbiter")
    other.arbiters.add(other_arbiter)
    player_user = UserFactory(username="a-player", is_staff=False)
    PlayerFactory(user=player_user)
    outsiders = [AnonymousUser(), player_user, other.organizers.get(), other_arbiter]
    for outsider in outsiders:
        with pytest.raises(BallotPermissionError):
            ballot_draw(round=round_, user=outsider)
    assert not BallotDraw.objects.filter(round=round_).exists()
    arbiter = UserFactory(username="event-arbiter")
    event.arbiters.add(arbiter)
    draw = ballot_draw(round=round_, user=arbiter)[0]
    for outsider in outsiders:
        with pytest.raises(BallotPermissionError):
            ballot_draw_void(draw=draw, reason="no", user=outsider)
    draw.refresh_from_db()
    assert draw.voided_at is None
    ballot_draw_void(draw=draw, reason="Wrong deck announced", user=arbiter)


def test_custom_cards_are_replayed_and_refused_with_the_ply(arbiter_user):
    deck = ballot_deck_create(
        name="International openings", slug="intl", variant="international", user=arbiter_user
    )
    card = ballot_card_save(deck=deck, code="1", moves="1. 32-28 18-23", user=arbiter_user)
    assert card.moves == "32-28 18-23" and card.fen.startswith("W:") and card.number == 1
    with pytest.raises(
        BallotError, match=r"card 2: ply 2 \('28-23'\).*white piece and black is to move"
    ):
        ballot_card_save(deck=deck, code="2", moves="32-28 28-23", user=arbiter_user)
    start = ballot_card_save(deck=deck, code="3", start_fen="W:W31-50:B1-19,21", user=arbiter_user)
    assert start.start_fen and start.fen == start.start_fen and start.number == 2
    builtin = BallotDeck.objects.get(slug="english-2-move")
    with pytest.raises(BallotError, match="published deck"):
        ballot_card_save(deck=builtin, code="99", moves="9-13 21-17", user=arbiter_user)


def test_a_drawn_card_cannot_be_changed(arbiter_user):
    deck = ballot_deck_create(name="One", slug="one", variant="english", user=arbiter_user)
    card = ballot_card_save(deck=deck, code="A", moves="9-13 21-17", user=arbiter_user)
    ballot_draw(
        round=published_round(ballot_event(arbiter_user, deck=deck), arbiter_user),
        user=arbiter_user,
    )
    with pytest.raises(BallotError, match="has been drawn"):
        ballot_card_save(deck=deck, card=card, code="A", moves="9-14 22-18", user=arbiter_user)


def test_the_event_deck_must_be_for_its_variant(arbiter_user):
    with pytest.raises(ValidationError, match="russian"):
        event_with_players(
            arbiter_user,
            players=0,
            variant="english",
            system=System.ROUND_ROBIN,
            ballot_deck=BallotDeck.objects.get(slug="fmjd-64"),
        )


def test_two_game_results_and_cards_live_side_by_side(arbiter_user):
    """Entering results never touches the draw: the card stays with the pairing."""
    from tournaments.services.results import result_record

    event = ballot_event(arbiter_user)
    round_ = published_round(event, arbiter_user)
    ballot_draw(round=round_, user=arbiter_user)
    before = round_cards(round_)
    for game in (g for p in round_.pairings.all() for g in p.games.all()):
        result_record(game=game, result=GameResult.DRAW, user=arbiter_user)
    assert round_cards(round_) == before


def test_a_brazilian_event_draws_from_the_fmjd_tables_brazilian_subset(arbiter_user):
    deck = BallotDeck.objects.get(slug="fmjd-64")
    event = event_with_players(
        arbiter_user,
        players=4,
        variant="brazilian",
        system=System.ROUND_ROBIN,
        ballot_deck=deck,
        ballot_policy="pairing",
    )
    ballot_draw(round=published_round(event, arbiter_user), user=arbiter_user)
    drawn = BallotDraw.objects.filter(event=event).select_related("card")
    assert drawn.count() == 2 and all(d.card.brazilian for d in drawn)
    assert all(ballot_draw_check(d) == d.card.number for d in drawn)
    with pytest.raises(ValidationError, match="russian"):
        event_with_players(
            arbiter_user,
            players=0,
            variant="international",
            system=System.ROUND_ROBIN,
            ballot_deck=deck,
        )


def test_a_custom_deck_is_changed_by_its_owner_and_its_events_organizers_only(arbiter_user):
    """The owner and the organizers of the event the deck was made for add cards; the
    organizer of another event, a staff user with no event and a superuser's published
    deck are refused (BallotPermissionError, BallotError), and nothing is written."""
    olga, bram, lone = (UserFactory(username=name) for name in ("olga", "bram", "lone"))
    event = ballot_event(olga, players=0)
    deck = ballot_deck_create(
        name="Olga's", slug="olgas", variant="english", event=event, user=olga
    )
    assert deck.owner == olga
    ballot_card_save(deck=deck, code="A", moves="9-13 21-17", user=olga)
    colleague = UserFactory(username="colleague")
    event.organizers.add(colleague)
    card = ballot_card_save(deck=deck, code="B", moves="9-14 22-18", user=colleague)
    ballot_event(bram, players=0)
    for outsider in (bram, lone):
        with pytest.raises(BallotPermissionError, match="may not change Olga's"):
            ballot_card_save(deck=deck, code="C", moves="10-14 22-17", user=outsider)
        with pytest.raises(BallotPermissionError):
            ballot_card_save(deck=deck, card=card, code="B", moves="10-15 21-17", user=outsider)
    with pytest.raises(BallotPermissionError, match="does not organize"):
        ballot_deck_create(name="X", slug="x", variant="english", event=event, user=bram)
    root = UserFactory(username="root", is_superuser=True)
    with pytest.raises(BallotError, match="published deck"):
        ballot_card_save(
            deck=BallotDeck.objects.get(slug="english-2-move"), code="99", moves="9-13", user=root
        )
    assert list(deck.cards.values_list("code", "moves")) == [
        ("A", "9-13 21-17"),
        ("B", "9-14 22-18"),
    ]
