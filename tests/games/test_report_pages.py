"""The player's report page (/desk/games/<id>/report/), the link to it from the game's public
page, the desk's confirmation of an agreed result and the players' reports on the dispute."""

import pytest
from django.urls import reverse

from games.models import ResultReport, ResultReporting
from tests.factories import UserFactory
from tournaments.models import Game, GameResult

pytestmark = pytest.mark.django_db


def report_url(game):
    return reverse("desk:report", args=(game.pk,))


def test_the_game_page_links_to_the_report_page_while_the_game_is_pending(client, game):
    event = game.pairing.round.event
    page = client.get(reverse("public:game", args=(event.slug, game.pk))).content.decode()
    assert report_url(game) in page


def test_a_player_sees_his_side_and_reports_with_one_tap(client, game):
    client.force_login(game.white.player.user)
    page = client.get(report_url(game)).content.decode()
    assert "You play White against" in page and str(game.black.player) in page
    assert 'value="1-0"' in page and 'value="+/-"' not in page
    answer = client.post(report_url(game), {"result": "1-0"}, follow=True)
    text = answer.content.decode()
    assert "waiting for the opponent" in text
    assert ResultReport.objects.get().user == game.white.player.user


@pytest.mark.parametrize("result", ["", "+/-", "1-0'; DROP TABLE", "x" * 5000])
def test_hostile_input_is_refused_on_the_field(client, game, result):
    client.force_login(game.white.player.user)
    answer = client.post(report_url(game), {"result": result})
    assert answer.status_code == 200
    assert "form-error" in answer.content.decode()
    assert not ResultReport.objects.exists()


def test_no_one_but_the_players_opens_the_page(client, game, organizer):
    assert client.get(report_url(game)).status_code == 302  # to the login
    for user in (UserFactory(username="stranger"), organizer):
        client.force_login(user)
        assert client.get(report_url(game)).status_code == 403
        assert client.post(report_url(game), {"result": "1-0"}).status_code == 403
    assert not ResultReport.objects.exists()


def test_the_desk_confirms_an_agreed_result(client, game, official_arbiter):
    ResultReporting.objects.create(event=game.pairing.round.event, confirm=True)
    for player in (game.white.player.user, game.black.player.user):
        client.force_login(player)
        client.post(report_url(game), {"result": "0-1"})
    report = ResultReport.objects.latest("pk")
    client.force_login(official_arbiter)
    desk = reverse("desk:desk", args=(game.pairing.round.event.slug,))
    assert reverse("desk:report_confirm", args=(report.pk,)) in client.get(desk).content.decode()
    client.post(reverse("desk:report_confirm", args=(report.pk,)))
    assert Game.objects.get(pk=game.pk).result == GameResult.BLACK_WIN
    # a player cannot confirm
    client.force_login(game.white.player.user)
    confirm = client.post(reverse("desk:report_confirm", args=(report.pk,)))
    assert confirm.status_code == 403


def test_the_dispute_shows_both_claims(client, game, official_arbiter):
    for player, result in ((game.white.player.user, "1-0"), (game.black.player.user, "1/2")):
        client.force_login(player)
        client.post(report_url(game), {"result": result})
    dispute = ResultReport.objects.latest("pk").dispute
    client.force_login(official_arbiter)
    page = client.get(reverse("desk:dispute", args=(dispute.pk,))).content.decode()
    assert "The players&#x27; reports" in page or "The players' reports" in page
    assert "2-0" in page and "1-1" in page
