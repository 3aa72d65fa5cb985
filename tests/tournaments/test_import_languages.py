"""The files people have: the players, teams and rating-list imports read Dutch, French and
Russian headers and yes/no words (ja/nee, oui/non, да/нет), dates written DD-MM-YYYY and
DD/MM/YYYY beside ISO, and a spreadsheet's UTF-16 "Unicode text"."""

import datetime

import pytest

from tests.factories import UserFactory, event_with_players
from tournaments.models import Player, RatingSource, System
from tournaments.ratings.lists_import import rating_list_plan
from tournaments.services.players_import import CREATE, import_apply, import_plan
from tournaments.teams.imports import NEW_TEAM, team_import_apply, team_import_plan
from tournaments.teams.models import TeamCompetition, TeamMember

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        ("Achternaam;Voornaam;Bond;Geboortedatum\nde Haan;Jan;NED;05-03-1990\n", "cp1252"),
        ("Nom;Prénom;Fédération;Date de naissance\nde Haan;Jan;NED;05/03/1990\n", "cp1252"),
        ("Фамилия;Имя;Федерация;Дата рождения\nde Haan;Jan;NED;05.03.1990\n", "utf-8"),
        ("Achternaam\tVoornaam\tLand\tGeboren\nde Haan\tJan\tNED\t1990-03-05\n", "utf-16"),
    ],
)
def test_a_players_file_in_dutch_french_or_russian_with_its_dates_is_read(data, encoding):
    raw = data.encode(encoding)
    plan = import_plan(raw)
    assert [(line.action, line.error) for line in plan.lines] == [(CREATE, "")]
    import_apply(raw, digest=plan.digest, user=None)
    player = Player.objects.get()
    assert (player.last_name, player.federation) == ("de Haan", "NED")
    assert player.birth_date == datetime.date(1990, 3, 5)


def test_a_day_first_date_that_is_no_date_is_refused_naming_the_field():
    plan = import_plan(b"Achternaam;Voornaam;Geboortedatum\nde Haan;Jan;31-02-1990\n")
    assert "birth_date" in plan.lines[0].error and "DD-MM-YYYY" in plan.lines[0].error


@pytest.fixture
def competition():
    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_with_players(user, players=4, system=System.ROUND_ROBIN)
    TeamCompetition.objects.create(event=event, boards=2)
    players = [r.player for r in event.registrations.order_by("pk").select_related("player")]
    return event, user, players


@pytest.mark.parametrize(
    ("header", "yes", "no"),
    [
        ("Ploeg;Volgorde;Achternaam;Voornaam;Invaller;Vereniging", "ja", "nee"),
        ("Équipe;Échiquier;Nom;Prénom;Réserve;Club", "oui", "non"),
        ("Команда;Порядок;Фамилия;Имя;Запасной;Клуб", "да", "нет"),
    ],
)
def test_a_teams_file_with_dutch_french_or_russian_headers_and_yes_no_words(
    competition, header, yes, no
):
    event, user, players = competition
    rows = [header]
    for order, (player, reserve) in enumerate(
        zip(players, (no, no, yes, no.upper()), strict=True), 1
    ):
        team = "Damlust" if order <= 3 else "Hoogeveen"
        rows.append(f"{team};{order};{player.last_name};{player.first_name};{reserve};DC")
    data = "\n".join(rows).encode("utf-8")
    plan = team_import_plan(event, data)
    assert [(line.action, line.error) for line in plan.lines] == [(NEW_TEAM, "")] * 4
    team_import_apply(event, data, digest=plan.digest, user=user)
    reserves = TeamMember.objects.filter(team__event=event, reserve=True)
    assert [m.registration.player for m in reserves] == [players[2]]


@pytest.mark.parametrize(
    "header",
    [
        "FMJD-nummer;Bijnaam;Achternaam;Voornaam;Land;Titel;Rating;Titel dames;Rating dames",
        "Номер FMJD;Ник;Фамилия;Имя;Страна;Звание;Рейтинг;Женское звание;Женский рейтинг",
        "FMJD id,Surnom,Nom,Prénom,Pays,Titre,Classement,Titre féminin,Classement féminin",
    ],
)
def test_a_rating_list_with_dutch_russian_or_french_headers_is_read(header):
    separator = ";" if ";" in header else ","
    line = separator.join(["15000", "", "Boomstra", "Roel", "NED", "GMI", "2400", "", ""])
    plan = rating_list_plan(
        f"{header}\n{line}\n".encode(),
        source=RatingSource.FMJD_100,
        published=datetime.date(2026, 1, 1),
    )
    assert [(line.action, line.error) for line in plan.lines] == [(CREATE, "")]
    assert plan.lines[0].values["rating"] == 2400
