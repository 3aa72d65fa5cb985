"""Taking a step back from the round page: unpublish, pair again, and the confirmations
asked before publishing over warnings, completing a round or deleting a draft."""

import pytest
from django.urls import reverse

from tests.client import form_data, logged_in, message_texts
from tests.factories import completed_round_1, event_with_players, make_organizer
from tournaments.forms import game_field_names
from tournaments.models import Game, GameResult, Pairing, RoundStatus
from tournaments.services import results, rounds

pytestmark = pytest.mark.django_db


def _url(name: str, round_) -> str:
    return reverse(f"admin:tournaments_round_{name}", args=(round_.pk,))


def test_a_published_round_without_results_is_unpublished_and_paired_again():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=6)
    round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=organizer), user=None)
    client = logged_in(organizer)
    page = client.get(_url("change", round_)).content.decode()
    assert "Unpublish" in page
    response = client.post(_url("unpublish", round_), follow=True)
    assert "is a draft again" in " ".join(message_texts(response))
    round_.refresh_from_db()
    assert (round_.status, round_.published_at) == (RoundStatus.DRAFT, None)
    first = set(round_.pairings.values_list("pk", flat=True))
    response = client.post(_url("pair_again", round_), follow=True)
    assert "paired again" in " ".join(message_texts(response))
    assert round_.pairings.count() == 3
    assert not first & set(round_.pairings.values_list("pk", flat=True))
    # The replaced pairings stay in the history, with who replaced them.
    deleted = Pairing.history.filter(id__in=first, history_type="-")
    assert deleted.count() == 3


def test_a_round_with_a_result_is_not_unpublished():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=organizer), user=None)
    game = Game.objects.filter(pairing__round=round_, pairing__board=2).first()
    results.result_record(game=game, result=GameResult.DRAW, user=None)
    response = logged_in(organizer).post(_url("unpublish", round_), follow=True)
    assert "board 2 already has a result" in " ".join(message_texts(response))
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED


def test_publishing_over_a_rematch_asks_first_and_names_the_boards():
    organizer = make_organizer("olga")
    event = completed_round_1(organizer, players=4)
    old = event.rounds.get(number=1).pairings.get(board=1)
    round_2 = rounds.round_pair(event=event, user=organizer)
    rounds.pairing_update(
        pairing=round_2.pairings.get(board=1), white=old.white, black=old.black, user=None
    )
    client = logged_in(organizer)
    asked = client.post(_url("publish", round_2)).content.decode()
    assert "round 2 despite these warnings?" in asked
    assert "Board 1:" in asked and "no rematch" in asked
    round_2.refresh_from_db()
    assert round_2.status == RoundStatus.DRAFT
    client.post(_url("publish", round_2), {"confirmed": "1"})
    round_2.refresh_from_db()
    assert round_2.status == RoundStatus.PUBLISHED


def test_completing_asks_first():
    organizer = make_organizer("olga")
    event = event_with_players(organizer, players=4)
    round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=organizer), user=None)
    for game in Game.objects.filter(pairing__round=round_):
        results.result_record(game=game, result=GameResult.DRAW, user=None)
    client = logged_in(organizer)
    asked = client.post(_url("complete", round_)).content.decode()
    assert "round 1? Its results become final" in asked
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED
    client.post(_url("complete", round_), {"confirmed": "1"})
    round_.refresh_from_db()
    assert round_.status == RoundStatus.COMPLETED


def test_a_result_changed_under_a_later_round_is_saved_and_names_that_round():
    organizer = make_organizer("olga")
    event = completed_round_1(organizer, players=4)
    round_1 = event.rounds.get(number=1)
    rounds.round_pair(event=event, user=organizer)
    client = logged_in(organizer)
    data = form_data(client.get(_url("results", round_1)), "results-form")
    game = Game.objects.filter(pairing__round=round_1).order_by("pairing__board").first()
    changed = GameResult.BLACK_WIN if game.result != GameResult.BLACK_WIN else GameResult.DRAW
    data[game_field_names(game.pk)[0]] = [changed]
    response = client.post(_url("results", round_1), data, follow=True)
    texts = " ".join(message_texts(response))
    assert "1 result saved for " in texts
    assert "Round 2 was already paired on the previous results of round 1" in texts
    game.refresh_from_db()
    assert game.result == changed
