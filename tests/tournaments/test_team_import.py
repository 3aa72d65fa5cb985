"""The teams CSV import: a preview naming the line and the field of every refusal, nothing
written before the confirmation, then the teams and rosters in one transaction; the admin's
page, for the organizer's own team competitions only."""

import base64

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import UserFactory, event_with_players
from tournaments.models import System
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import ImportChangedError
from tournaments.teams.imports import (
    EXISTING_TEAM,
    NEW_TEAM,
    REFUSED,
    team_import_apply,
    team_import_plan,
    team_import_summary,
)
from tournaments.teams.models import Team, TeamCompetition, TeamMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def competition():
    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_with_players(user, players=6, system=System.ROUND_ROBIN)
    TeamCompetition.objects.create(event=event, boards=2)
    players = [r.player for r in event.registrations.order_by("pk").select_related("player")]
    return event, user, players


def _csv(players, rows) -> bytes:
    lines = ["Équipe;Ordre;Nom;Prénom;Réserve;Club"]
    for team, order, index, reserve in rows:
        player = players[index]
        # The names as a spreadsheet might write them: upper case.
        lines.append(f"{team};{order};{player.last_name.upper()};{player.first_name};{reserve};")
    return "\n".join(lines).encode("cp1252")


def test_preview_then_confirm_creates_teams_and_rosters(competition):
    event, user, players = competition
    data = _csv(
        players,
        [("Lions", 1, 0, "non"), ("Lions", 2, 1, ""), ("Lions", 3, 2, "oui"), ("Tigres", 1, 3, "")],
    )
    plan = team_import_plan(event, data)
    assert [line.action for line in plan.lines] == [NEW_TEAM] * 4
    assert plan.new_teams == {"Lions": (1, "", ""), "Tigres": (2, "", "")}
    assert not Team.objects.filter(event=event).exists()  # a preview writes nothing
    done = team_import_apply(event, data, digest=plan.digest, user=user)
    assert team_import_summary(done) == "Import done: 2 teams created, 4 players placed."
    lions = Team.objects.get(event=event, name="Lions")
    roster = list(lions.members.order_by("order").values_list("registration__player", "reserve"))
    assert roster == [(players[0].pk, False), (players[1].pk, False), (players[2].pk, True)]
    # A second file adds to an existing team and refuses what clashes, naming line and field.
    data = _csv(
        players,
        [("Tigres", 2, 4, ""), ("Tigres", 1, 5, ""), ("Lions", 4, 0, ""), ("Ours", 1, 4, "")],
    )
    plan = team_import_plan(event, data)
    assert [(line.number, line.action) for line in plan.lines] == [
        (2, EXISTING_TEAM),
        (3, REFUSED),
        (4, REFUSED),
        (5, REFUSED),
    ]
    assert plan.lines[1].error.startswith("order: Tigres already has")
    assert "is already in a team" in plan.lines[2].error
    assert "already placed by line 2" in plan.lines[3].error


def test_refusals_name_the_field(competition):
    event, _user, players = competition
    lines = [
        "team,order,last_name,first_name,reserve",
        f"A,x,{players[0].last_name},{players[0].first_name},",
        "A,2,Nobody,Here,",
        f",3,{players[1].last_name},{players[1].first_name},maybe",
        'A,"4,B',
    ]
    plan = team_import_plan(event, "\n".join(lines).encode())
    errors = [line.error for line in plan.lines]
    assert all(line.action == REFUSED for line in plan.lines)
    assert errors[0] == "order: 'x' is not a whole number from 1."
    assert errors[1] == "last_name, first_name: no player of the event is named Nobody, Here."
    assert errors[2] == "team: it is empty. reserve: 'maybe' is neither yes nor no."
    assert "quotation marks" in errors[3]
    assert plan.writes == 0


def test_a_file_without_the_columns_is_refused_whole(competition):
    event, _user, _players = competition
    with pytest.raises(ImportFormatError, match=r"lacks the column\(s\) order"):
        team_import_plan(event, b"team,last_name,first_name\nA,B,C\n")
    with pytest.raises(ImportFormatError, match="unknown column"):
        team_import_plan(event, b"team,order,fmjd_id,colour\n")


def test_confirming_a_stale_preview_writes_nothing(competition):
    event, user, players = competition
    data = _csv(players, [("Lions", 1, 0, ""), ("Lions", 2, 1, "")])
    plan = team_import_plan(event, data)
    other = Team.objects.create(event=event, number=1, name="Others")
    TeamMember.objects.create(
        team=other, registration=event.registrations.get(player=players[1]), order=1
    )
    with pytest.raises(ImportChangedError):
        team_import_apply(event, data, digest=plan.digest, user=user)
    assert list(Team.objects.filter(event=event)) == [other]


def test_admin_import_page_previews_then_confirms(competition, client):
    event, user, players = competition
    client.force_login(user)
    url = "/admin/tournaments/team/import/"
    assert client.get(url).status_code == 200
    data = _csv(players, [("Lions", 1, 0, ""), ("Lions", 2, 1, "")])
    upload = SimpleUploadedFile("teams.csv", data, content_type="text/csv")
    page = client.post(url, {"event": event.pk, "file": upload})
    assert page.status_code == 200 and "placed in a new team" in page.text
    assert not Team.objects.filter(event=event).exists()
    form = page.context["confirm"]
    answer = client.post(
        url,
        {
            "confirm": "1",
            "content": form.initial["content"],
            "digest": form.initial["digest"],
            "event": event.pk,
        },
    )
    assert answer.status_code == 302
    assert Team.objects.get(event=event).members.count() == 2


def test_admin_import_offers_only_the_organizers_competitions(competition, client):
    event, _user, players = competition
    stranger = UserFactory(is_staff=True)
    stranger.user_permissions.set(
        Permission.objects.filter(codename__in=["add_team", "change_team", "view_team"])
    )
    client.force_login(stranger)
    url = "/admin/tournaments/team/import/"
    page = client.get(url)
    assert page.status_code == 200
    assert event.name not in page.text
    data = _csv(players, [("Lions", 1, 0, "")])
    answer = client.post(
        url,
        {
            "confirm": "1",
            "content": base64.b64encode(data).decode(),
            "digest": team_import_plan(event, data).digest,
            "event": event.pk,
        },
    )
    assert answer.status_code == 200
    assert not Team.objects.filter(event=event).exists()
