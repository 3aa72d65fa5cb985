"""The longest value every form accepts fits every column it is written into, on PostgreSQL
(SQLite does not enforce a column's length): an event whose name and slug are as long as their
fields allow, players, clubs and teams with the longest names, run through a team round to its
end with every document built (the documents' paths hold the slug)."""

import pytest
from django.db import models

from tests.factories import UserFactory, event_made
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.services import document_request
from tournaments.models import Event, Game, GameResult, Player, Registration, System
from tournaments.services import results, rounds
from tournaments.services.history import recorded_by
from tournaments.services.registrations import registration_add
from tournaments.teams import services as teams
from tournaments.teams.models import Team, TeamAdjustment, TeamCompetition, TeamMember

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def longest(model: type[models.Model], field: str, letter: str = "я") -> str:
    """A value as long as ``model.field`` accepts (Cyrillic: a letter of two bytes)."""
    return letter * model._meta.get_field(field).max_length


def test_the_longest_names_run_a_team_round_to_its_end_with_its_documents(
    settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_made(
        user,
        system=System.ROUND_ROBIN,
        name=longest(Event, "name"),
        slug=longest(Event, "slug", "s"),
        venue=longest(Event, "venue"),
        chief_arbiter=longest(Event, "chief_arbiter"),
        published=True,
    )
    TeamCompetition.objects.create(event=event, boards=2)
    for number in range(1, 3):
        team = Team.objects.create(
            event=event,
            number=number,
            name=longest(Team, "name")[:-1] + str(number),
            club=longest(Team, "club"),
        )
        for order in range(1, 3):
            player = Player(
                first_name=longest(Player, "first_name"),
                last_name=longest(Player, "last_name")[:-2] + f"{number}{order}",
                club=longest(Player, "club"),
                fmjd_id=f"{number}{order}".rjust(Player._meta.get_field("fmjd_id").max_length, "9"),
                national_id=f"{number}{order}".rjust(
                    Player._meta.get_field("national_id").max_length, "7"
                ),
                rating=2000 - 10 * order - number,
            )
            recorded_by(player, user).save()
            registration = registration_add(event=event, player=player, user=user)
            registration.team_label = longest(Registration, "team_label")
            recorded_by(registration, user).save()
            TeamMember.objects.create(team=team, registration=registration, order=order)
    teams.adjustment_add(
        team=Team.objects.get(event=event, number=2),
        match_points=-1,
        reason=longest(TeamAdjustment, "reason"),
        user=user,
    )
    round_ = teams.team_round_schedule(event=event, user=user)
    round_ = rounds.round_publish(round=teams.team_round_pair(round=round_, user=user), user=user)
    with django_capture_on_commit_callbacks(execute=True):
        for game in Game.objects.filter(pairing__round=round_):
            results.result_record(game=game, result=GameResult.WHITE_WIN, user=user)
        rounds.round_complete(round=round_, user=user)
    for kind in (DocumentKind.PAIRING_SHEET, DocumentKind.SCORE_SHEETS):
        with django_capture_on_commit_callbacks(execute=True):
            document_request(event=event, kind=kind, round=round_)
    built = {d.kind: d for d in Document.objects.filter(event=event)}
    assert set(built) >= {
        DocumentKind.CROSSTABLE,
        DocumentKind.STANDINGS,
        DocumentKind.TEAM_STANDINGS,
        DocumentKind.TEAM_MATCHES,
        DocumentKind.TEAM_CROSSTABLE,
        DocumentKind.PAIRING_SHEET,
        DocumentKind.SCORE_SHEETS,
    }
    for document in built.values():
        assert document.status == DocumentStatus.DONE, (document.kind, document.error)
        assert document.has_file and event.slug in document.file.name
