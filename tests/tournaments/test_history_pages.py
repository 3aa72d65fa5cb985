"""History pages in the page's language: headings, field labels, choice labels, "oui"/"non"
and "—" instead of "CHANGES", "None" and "False → True"."""

import pytest
from django.urls import reverse

from tests.client import logged_in
from tests.factories import make_organizer, played_event
from tournaments.models import Game, GameResult
from tournaments.services.events import event_update
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


def test_a_history_page_reads_in_french():
    organizer = make_organizer("history-organizer")
    event, round_ = played_event(organizer, organizers=[organizer])
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board").last()
    result_record(game=game, result=GameResult.DRAW, user=organizer)
    result_record(game=game, result=GameResult.WHITE_FORFEIT_WIN, user=organizer)
    event_update(event=event, user=organizer, venue="Lyon")
    client = logged_in(organizer)
    client.cookies["django_language"] = "fr"
    page = client.get(
        reverse("admin:tournaments_game_history", args=(game.pk,)), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "Modifications" in page and "Historique de" in page
    assert "en attente&nbsp;&rarr;&nbsp;partie nulle" in page
    assert "partie nulle&nbsp;&rarr;&nbsp;victoire des blancs par forfait" in page
    assert "None" not in page and "Changes" not in page
    page = client.get(
        reverse("admin:tournaments_event_history", args=(event.pk,)), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "Lieu</strong>\N{NO-BREAK SPACE}: —" in page and "Lyon" in page
    assert "None" not in page and "False" not in page
