"""Player accounts: the organizer's invitation (his own events' players only, never over an
existing link), the player's claim from the signed link (used, expired or forged: a clear
message), and /me/ (his events, his games, the results to report)."""

import re

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core import mail
from django.urls import reverse

from accounts.services import invitation_token, invitations_send
from games.services.reports import report_submit
from tests.factories import PlayerFactory, UserFactory, event_with_players, make_organizer
from tournaments.models import Game, GameResult, Player
from tournaments.services import rounds

pytestmark = pytest.mark.django_db

PASSWORD = "Kp7-claimed-account"


@pytest.fixture
def organizer():
    return make_organizer("olga")


@pytest.fixture
def event(organizer):
    return event_with_players(organizer, players=2)


def invite(client, organizer, players, execute):
    client.force_login(organizer)
    with execute(execute=True):
        return client.post(
            reverse("admin:tournaments_player_changelist"),
            {
                "action": "send_invitations",
                ACTION_CHECKBOX_NAME: [str(player.pk) for player in players],
            },
            follow=True,
        )


def claim_link(message) -> str:
    return re.search(r"https?://\S+/me/claim/\S+/", message.body)[0].split("testserver", 1)[1]


def test_an_invited_player_claims_his_account_and_lands_on_his_page(
    client, organizer, event, django_capture_on_commit_callbacks
):
    player = event.registrations.first().player
    invite(client, organizer, [player], django_capture_on_commit_callbacks)
    (message,) = mail.outbox
    assert message.to == [player.email]
    link = claim_link(message)
    client.logout()
    assert str(player) in client.get(link).content.decode()
    answer = client.post(
        link, {"username": "gabriel", "password1": PASSWORD, "password2": PASSWORD}, follow=True
    )
    assert answer.redirect_chain[-1][0] == reverse("accounts:me")
    player.refresh_from_db()
    assert player.user.username == "gabriel"
    assert player.history.first().history_user == player.user
    # used once: the same link now says so, and links nothing else
    used = client.get(link).content.decode()
    assert "already used" in used


def test_an_invitation_never_replaces_a_link_nor_reaches_another_organizers_player(
    client, organizer, event, django_capture_on_commit_callbacks
):
    linked = event.registrations.first().player
    linked.user = UserFactory(username="already")
    linked.save()
    stranger = event_with_players(make_organizer("other"), players=1).registrations.get().player
    no_mail = PlayerFactory(email="")
    event.registrations.create(player=no_mail, pairing_number=3)
    page = invite(
        client, organizer, [linked, stranger, no_mail], django_capture_on_commit_callbacks
    )
    assert mail.outbox == []
    text = page.content.decode()
    assert "already has an account" in text and "no e-mail address" in text
    assert Player.objects.get(pk=linked.pk).user.username == "already"
    # whatever path the stranger comes by, the service leaves him out
    outcome = invitations_send(
        players=Player.objects.filter(pk=stranger.pk), user=organizer, site="http://testserver"
    )
    assert outcome.sent == [] and "do not organize" in outcome.skipped[0][1]


def test_an_expired_or_forged_link_says_so(client, event, settings):
    player = event.registrations.first().player
    token = invitation_token(player)
    settings.INVITATION_SECONDS = -1
    assert "expired" in client.get(reverse("accounts:claim", args=[token])).content.decode()
    forged = reverse("accounts:claim", args=[token[:-3] + "abc"])
    assert "not a valid invitation" in client.get(forged).content.decode()
    answer = client.post(forged, {"username": "x", "password1": PASSWORD, "password2": PASSWORD})
    assert answer.status_code == 200
    assert Player.objects.get(pk=player.pk).user is None


def test_a_changed_e_mail_voids_the_invitation(client, event):
    player = event.registrations.first().player
    token = invitation_token(player)
    player.email = "new@example.org"
    player.save()
    assert "no longer valid" in client.get(reverse("accounts:claim", args=[token])).content.decode()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "ok-name", "password1": PASSWORD, "password2": "other"}, "password2"),
        ({"username": "bad name!", "password1": PASSWORD, "password2": PASSWORD}, "username"),
        ({"username": "x" * 300, "password1": PASSWORD, "password2": PASSWORD}, "username"),
        ({"username": "olga", "password1": PASSWORD, "password2": PASSWORD}, "username"),
        ({"username": "fine", "password1": "123", "password2": "123"}, "password2"),
    ],
)
def test_hostile_input_to_the_claim_form_names_the_field(client, event, organizer, body, field):
    player = event.registrations.first().player
    answer = client.post(reverse("accounts:claim", args=[invitation_token(player)]), body)
    assert answer.status_code == 200
    assert answer.context["form"].errors[field]
    assert Player.objects.get(pk=player.pk).user is None


def test_my_page_lists_events_games_and_the_results_to_report(client, organizer, event):
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    game = Game.objects.select_related("white__player", "black__player").get(pairing__round=round_)
    me = UserFactory(username="white-player")
    game.white.player.user = me
    game.white.player.save()
    client.force_login(me)
    page = client.get(reverse("accounts:me")).content.decode()
    assert event.name in page and str(game.black.player) in page
    assert reverse("desk:report", args=[game.pk]) in page
    report_submit(game=game, result=GameResult.DRAW, user=me)
    page = client.get(reverse("accounts:me")).content.decode()
    assert reverse("desk:report", args=[game.pk]) not in page
    assert "No result is waiting for your report." in page


def test_my_page_needs_a_login_and_tells_an_account_without_player(client):
    assert client.get(reverse("accounts:me")).status_code == 302
    client.force_login(UserFactory(username="nobody"))
    assert "No player is linked" in client.get(reverse("accounts:me")).content.decode()
    answer = client.post(reverse("accounts:me"), {"round_mail": ""})
    assert answer.status_code == 200


def test_the_organizer_links_only_a_free_players_account_in_the_admin(client, organizer, event):
    player, other = (r.player for r in event.registrations.order_by("pairing_number"))
    free = UserFactory(username="free-account", is_staff=False)
    taken = UserFactory(username="taken-account", is_staff=False)
    other.user = taken
    other.save()
    client.force_login(organizer)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    form = client.get(url).context["adminform"].form
    offered = set(form.fields["user"].queryset.values_list("username", flat=True))
    assert "free-account" in offered
    assert not offered & {"taken-account", "olga", "other"}  # another player's, officials'
    data = {name: form[name].value() or "" for name in form.fields}
    data["birth_date"] = player.birth_date.isoformat()
    for account, linked in ((organizer, None), (free, free)):
        answer = client.post(url, {**data, "user": account.pk})
        assert (answer.status_code == 302) == (linked is not None)
        assert Player.objects.get(pk=player.pk).user == linked


def test_the_login_leads_a_player_to_his_page_and_an_arbiter_to_the_desk(client, event):
    player = event.registrations.first().player
    player.user = UserFactory(username="piet")
    player.user.set_password(PASSWORD)
    player.user.save()
    player.save()
    login = reverse("login")
    answer = client.post(login, {"username": "piet", "password": PASSWORD})
    assert answer.url == reverse("accounts:landing")
    assert client.get(answer.url).url == reverse("accounts:me")
    event.arbiters.add(player.user)  # an arbiter too: the desk comes first
    assert client.get(reverse("accounts:landing")).url == reverse("desk:home")
    client.logout()
    assert client.get(reverse("accounts:landing")).url == reverse("desk:home")
