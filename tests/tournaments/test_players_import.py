"""The players CSV import: the preview says per line what will be created, changed (old → new)
or refused and writes nothing; the confirmation writes the previewed file in one transaction."""

import datetime

import pytest

from tests.factories import PlayerFactory
from tournaments.models import Player
from tournaments.services.errors import ImportFormatError
from tournaments.services.players_import import (
    CREATE,
    REFUSED,
    UNCHANGED,
    UPDATE,
    ImportChangedError,
    import_apply,
    import_plan,
)

pytestmark = pytest.mark.django_db


def apply(data: bytes, user=None):
    return import_apply(data, digest=import_plan(data).digest, user=user)


def test_the_preview_writes_nothing_and_names_every_change_old_to_new():
    roel = PlayerFactory(
        last_name="Boomstra",
        first_name="Roel",
        fmjd_id="15000",
        federation="NED",
        rating=2400,
        birth_date=datetime.date(1993, 1, 1),
        club="",
    )
    data = (
        b"last_name,first_name,fmjd_id,rating,club\n"
        b"Boomstra,Roel,15000,2410,Hoogeveen\n"
        b"Ndiaye,Bassirou,16000,2300,\n"
    )
    plan = import_plan(data)
    first, second = plan.lines
    assert (first.number, first.action, first.player_id) == (2, UPDATE, roel.pk)
    assert [(c.column, c.old, c.new) for c in first.changes] == [
        ("rating", "2400", "2410"),
        ("club", "—", "Hoogeveen"),
    ]
    assert (second.number, second.action) == (3, CREATE)
    assert Player.objects.count() == 1
    roel.refresh_from_db()
    assert (roel.rating, roel.club) == (2400, "")


def test_columns_absent_from_the_file_and_empty_cells_are_left_alone(arbiter_user):
    roel = PlayerFactory(
        fmjd_id="15000", federation="NED", club="Hoogeveen", birth_date=datetime.date(1993, 1, 1)
    )
    apply(b"last_name,first_name,fmjd_id,club\nBoomstra,Roel,15000,\n", arbiter_user)
    roel.refresh_from_db()
    assert (roel.last_name, roel.first_name) == ("Boomstra", "Roel")
    assert (roel.federation, roel.club, roel.birth_date) == (
        "NED",
        "Hoogeveen",
        datetime.date(1993, 1, 1),
    )
    assert roel.history.first().history_user == arbiter_user


def test_semicolons_latin1_and_a_bom_are_read():
    plan = import_plan("last_name;first_name;club\nHéron;Zoë;Brétigny\n".encode("cp1252"))
    assert (plan.encoding, plan.separator) == ("Windows-1252", ";")
    assert plan.lines[0].player == "Héron, Zoë"
    assert plan.lines[0].values["club"] == "Brétigny"
    bom = import_plan("\ufefflast_name,first_name\nSijbrands,Ton\n".encode())
    assert (bom.encoding, bom.columns, bom.lines[0].action) == (
        "UTF-8",
        ["last_name", "first_name"],
        CREATE,
    )


def test_a_broken_line_is_refused_with_its_own_number_and_the_next_lines_are_kept():
    data = (
        b"last_name,first_name,club\n"
        b'Boomstra,Roel,"Hoogeveen\n'
        b"Georgiev,Alexander,Moscow\n"
        b"Baljakin,Alexander\n"
        b"\n"
        b"Schwarzman,Alexander,Paris\n"
    )
    plan = import_plan(data)
    assert [(line.number, line.action) for line in plan.lines] == [
        (2, REFUSED),
        (3, CREATE),
        (4, REFUSED),
        (6, CREATE),
    ]
    assert "quotation marks" in plan.lines[0].error
    assert "2 values where the header names 3 columns" in plan.lines[2].error
    apply(data)
    assert set(Player.objects.values_list("last_name", flat=True)) == {"Georgiev", "Schwarzman"}


def test_bad_values_and_repeated_players_are_refused_with_the_column_named():
    data = (
        b"last_name,first_name,fmjd_id,rating,birth_date,federation,title\n"
        b"A,B,1,strong,,,\n"
        b"C,D,2,,1967-13-01,,\n"
        b"E,F,3,,,Netherlands,\n"
        b"G,H,4,,,,XX\n"
        b"I,J,5,,31/12/1990,ned,gmi\n"
        b"K,L,5,,,,\n"
    )
    lines = import_plan(data).lines
    assert [line.action for line in lines] == [REFUSED] * 4 + [CREATE, REFUSED]
    assert lines[0].error.startswith("rating: 'strong'")
    assert lines[1].error.startswith("birth_date: '1967-13-01'")
    assert lines[2].error.startswith("federation:")
    assert lines[3].error.startswith("title:")
    assert lines[4].values == {
        "last_name": "I",
        "first_name": "J",
        "fmjd_id": "5",
        "birth_date": datetime.date(1990, 12, 31),
        "federation": "NED",
        "title": "GMI",
    }
    assert lines[5].error == "It names the same player as line 6."


def test_unknown_columns_are_reported_and_a_missing_name_column_refuses_the_file():
    plan = import_plan(b"last_name,first_name,shoe_size,country\nX,Y,44,FR\n")
    assert plan.unknown_columns == ["shoe size", "country"]
    assert plan.lines[0].action == CREATE and "shoe size" not in plan.lines[0].values
    with pytest.raises(ImportFormatError, match="lacks the column\\(s\\) first_name"):
        import_plan(b"last_name,rating\nX,1\n")
    with pytest.raises(ImportFormatError, match="empty"):
        import_plan(b"\n\n")


def test_an_unchanged_player_is_said_so_and_not_written():
    roel = PlayerFactory(last_name="Boomstra", first_name="Roel", fmjd_id="15000", rating=2400)
    data = b"last_name,first_name,fmjd_id,rating\nBoomstra,Roel,15000,2400\n"
    plan = import_plan(data)
    assert (plan.lines[0].action, plan.writes) == (UNCHANGED, 0)
    apply(data)
    assert roel.history.count() == 1


def test_the_confirmation_is_refused_when_a_player_changed_since_the_preview():
    roel = PlayerFactory(fmjd_id="15000", rating=2400)
    data = b"last_name,first_name,fmjd_id,rating\nBoomstra,Roel,15000,2410\nNew,One,,\n"
    digest = import_plan(data).digest
    Player.objects.filter(pk=roel.pk).update(rating=2405)
    with pytest.raises(ImportChangedError):
        import_apply(data, digest=digest, user=None)
    assert Player.objects.count() == 1
    assert Player.objects.get(pk=roel.pk).rating == 2405


def test_a_french_spreadsheet_s_headers_are_read():
    data = "Nom;Prénom;Fédération;Elo;Date de naissance\nLefèvre;Claire;fra;2100;03/02/1990\n"
    plan = import_plan(data.encode("utf-8"))
    assert plan.columns == ["last_name", "first_name", "federation", "rating", "birth_date"]
    assert plan.unknown_columns == []
    line = plan.lines[0]
    assert line.action == CREATE and line.values["rating"] == 2100
    assert line.values["federation"] == "FRA"


def test_every_problem_of_a_line_is_reported():
    data = b"last_name,first_name,rating,birth_date,email\n,Claire,lots,31/31/1990,not-an-email\n"
    line = import_plan(data).lines[0]
    assert line.action == REFUSED
    assert "rating: 'lots' is not a whole number." in line.error
    assert "birth_date: '31/31/1990' is not a date" in line.error
    assert "email:" in line.error and "last_name:" in line.error
