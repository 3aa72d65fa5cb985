"""Notifications: when a round is published, each player with an e-mail is told his board,
opponent and colour (or his bye) by a Celery task run in-process, unless he turned the mails
off (from /me/ or the link in a mail); the organizer is told of a disputed report. Django's
locmem outbox holds the mails."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import MailChoice
from games.services.reports import report_submit
from tests.factories import UserFactory, event_with_players, make_organizer
from tournaments.models import Game, GameResult
from tournaments.services import rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    user = make_organizer("olga")
    user.email = "olga@example.org"
    user.save()
    return user


def publish(event, organizer, execute):
    draft = rounds.round_pair(event=event, user=organizer)
    with execute(execute=True):
        return rounds.round_publish(round=draft, user=organizer)


def test_each_player_is_told_his_board_opponent_and_colour_or_his_bye(
    organizer, django_capture_on_commit_callbacks
):
    event = event_with_players(organizer, players=3)
    round_ = publish(event, organizer, django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 3
    by_player = {message.to[0]: message.body for message in mail.outbox}
    pairing = round_.pairings.exclude(black=None).get()
    white, black = pairing.white.player, pairing.black.player
    assert f"against {black.last_name}" in by_player[white.email]
    assert "White, board 1" in by_player[white.email]
    assert "Black, board 1" in by_player[black.email]
    bye = round_.pairings.get(black=None).white.player
    assert "bye" in by_player[bye.email].lower()
    assert all(event.name in message.subject for message in mail.outbox)


def test_a_player_who_turned_the_mails_off_is_not_told(
    client, organizer, django_capture_on_commit_callbacks
):
    event = event_with_players(organizer, players=2)
    quiet = event.registrations.first().player
    quiet.user = UserFactory(username="quiet")
    quiet.save()
    client.force_login(quiet.user)
    client.post(reverse("accounts:me"), {})  # the box unticked
    assert MailChoice.objects.get(player=quiet).round_mail is False
    publish(event, organizer, django_capture_on_commit_callbacks)
    assert [message.to for message in mail.outbox] == [
        [r.player.email] for r in event.registrations.exclude(player=quiet)
    ]


def test_the_link_in_the_mail_turns_them_off_on_a_button_only(
    client, organizer, django_capture_on_commit_callbacks
):
    event = event_with_players(organizer, players=2)
    publish(event, organizer, django_capture_on_commit_callbacks)
    message = mail.outbox[0]
    link = re.search(r"http\S+/me/mails/\S+/", message.body)[0].split("8000", 1)[1]
    player = event.registrations.get(player__email=message.to[0]).player
    client.get(link)
    assert not MailChoice.objects.filter(player=player).exists()  # a look changes nothing
    assert "no longer be told" in client.post(link).content.decode()
    assert MailChoice.objects.get(player=player).round_mail is False
    assert "not valid" in client.get(link[:-4] + "xyz/").content.decode()


def test_the_organizer_is_told_of_a_disputed_report(organizer, django_capture_on_commit_callbacks):
    event = event_with_players(organizer, players=2)
    round_ = publish(event, organizer, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    game = Game.objects.select_related("white__player", "black__player").get(pairing__round=round_)
    for registration, name in ((game.white, "w"), (game.black, "b")):
        registration.player.user = UserFactory(username=f"player-{name}")
        registration.player.save()
    with django_capture_on_commit_callbacks(execute=True):
        report_submit(game=game, result=GameResult.WHITE_WIN, user=game.white.player.user)
    assert mail.outbox == []  # one report: nothing disputed
    with django_capture_on_commit_callbacks(execute=True):
        report = report_submit(game=game, result=GameResult.BLACK_WIN, user=game.black.player.user)
    (message,) = mail.outbox
    assert message.to == ["olga@example.org"]
    assert "disputed" in message.subject
    assert reverse("desk:dispute", args=[report.dispute_id]) in message.body


def test_a_player_with_an_account_is_sent_to_his_page_to_report(
    organizer, django_capture_on_commit_callbacks
):
    event = event_with_players(organizer, players=2)
    claimed = event.registrations.first().player
    claimed.user = UserFactory()
    claimed.save()
    publish(event, organizer, django_capture_on_commit_callbacks)
    by_player = {message.to[0]: message.body for message in mail.outbox}
    me = reverse("accounts:me")
    assert f"{me}\n" in by_player[claimed.email]
    (other,) = (body for address, body in by_player.items() if address != claimed.email)
    assert f"{me}\n" not in other  # no account to report from (its mail-off link is /me/mails/...)
