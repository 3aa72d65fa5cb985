"""Players: creation and CSV import."""

import io

import pytest

from tournaments.models import Player
from tournaments.services.errors import ImportFormatError
from tournaments.services.players import player_create, players_import_csv

pytestmark = pytest.mark.django_db

CSV = """last_name,first_name,federation,fmjd_id,rating,title,club,email,birth_date
Boomstra,Roel,ned,15000,2400,GMI,Hoogeveen,roel@example.org,1993-01-01
Ndiaye,Bassirou,SEN,16000,abc,,,,
Shvartsman,Alexander,RUS,,2380,GMI,,,1967-13-01
Valneris,Guntis,LAT,17000,2370,XX,,,
Boomstra,Roel,NED,15000,2410,GMI,Hoogeveen,roel@example.org,1993-01-01
"""


def test_import_reports_created_updated_and_errors_by_line(arbiter_user):
    report = players_import_csv(io.StringIO(CSV), user=arbiter_user)
    assert (report.created, report.updated) == (1, 1)
    lines = {line: message for line, message in report.errors}
    assert set(lines) == {3, 4, 5}
    assert "rating 'abc' is not an integer" in lines[3]
    assert "birth_date '1967-13-01'" in lines[4]
    assert lines[5].startswith("title:")
    roel = Player.objects.get(fmjd_id="15000")
    assert (roel.federation, roel.rating) == ("NED", 2410)
    assert roel.history.count() == 2 and roel.history.first().history_user == arbiter_user


def test_import_accepts_bytes_with_a_bom(arbiter_user):
    data = "\ufefflast_name,first_name\nSijbrands,Ton\n".encode()
    report = players_import_csv(io.BytesIO(data), user=arbiter_user)
    assert (report.created, report.errors) == (1, [])


def test_import_refuses_a_header_without_names(arbiter_user):
    with pytest.raises(ImportFormatError, match="lacks the column\\(s\\) first_name"):
        players_import_csv(io.StringIO("last_name,rating\nX,1\n"), user=arbiter_user)
    with pytest.raises(ImportFormatError, match="unknown column\\(s\\) elo"):
        players_import_csv(io.StringIO("last_name,first_name,elo\n"), user=arbiter_user)
    assert not Player.objects.exists()


def test_player_create_validates(arbiter_user):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="three-letter code"):
        player_create(user=arbiter_user, first_name="A", last_name="B", federation="Netherlands")
    player = player_create(user=arbiter_user, first_name="Jan", last_name="Groenendijk")
    assert player.history.get().history_user == arbiter_user
