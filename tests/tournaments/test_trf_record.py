"""The TRF export as the event's record, and the TRF import that reads it back."""

from pathlib import Path

import pytest

from tests.client import form_data, logged_in, message_texts
from tests.factories import UserFactory, make_organizer
from tests.tournaments.played_events import make_event, play
from tournaments.models import Event, Game, GameResult, Ranking, Round, System
from tournaments.pairing.trf import trf_loads
from tournaments.selectors.standings import standings_get
from tournaments.services import results, rounds
from tournaments.services.errors import ImportFormatError
from tournaments.trf.export import event_trf
from tournaments.trf.imports import (
    TrfImportSettings,
    trf_import_apply,
    trf_import_plan,
)
from tournaments.values import DutchRules

pytestmark = pytest.mark.django_db

SWISS_REFERENCES = Path(__file__).resolve().parents[3] / "shared" / "data" / "swiss"


def table(event: Event, after_round: int | None = None) -> list[tuple]:
    last = after_round or Round.objects.filter(event=event).count()
    return [
        (row.number, row.name, row.rank, row.points, row.tiebreaks)
        for row in standings_get(event, after_round=last)
    ]


EVENTS = {
    "swiss, one game, a withdrawal": dict(
        system=System.SWISS, players=8, number_of_rounds=5, rounds=4, withdraw=(3, 3)
    ),
    "swiss, two games, match points": dict(
        system=System.SWISS,
        players=6,
        games=2,
        ranking=Ranking.MATCH_POINTS,
        number_of_rounds=4,
        rounds=3,
    ),
    "swiss, draughts ordering": dict(
        system=System.SWISS, players=7, number_of_rounds=4, rounds=3, swiss_ordering="draughts"
    ),
    "round robin of 5, one game": dict(system=System.ROUND_ROBIN, players=5, rounds=5),
    "round robin of 6, a withdrawal whose games are annulled": dict(
        system=System.ROUND_ROBIN, players=6, rounds=4, withdraw=(2, 3)
    ),
    "round robin, two games, game points": dict(
        system=System.ROUND_ROBIN, players=4, games=2, ranking=Ranking.GAME_POINTS, rounds=3
    ),
}


@pytest.mark.parametrize("shape", EVENTS)
def test_an_export_read_back_by_the_import_gives_the_same_standings(shape):
    user = UserFactory(username="olga")
    options = dict(EVENTS[shape])
    played, withdraw = options.pop("rounds"), options.pop("withdraw", None)
    event = make_event(user, **options)
    play(event, user, rounds_to_play=played, withdraw=withdraw)
    text = event_trf(event)

    settings = TrfImportSettings(
        variant="international",
        games_per_pairing=event.games_per_pairing,
        ranking=event.ranking,
    )
    plan = trf_import_plan(text.encode(), settings=settings)
    assert plan.refusals == []
    assert len(plan.existing) == options["players"]  # known by their FMJD ids
    copy = trf_import_apply(plan, user=user)

    assert copy.pk != event.pk and copy.system == event.system
    assert copy.tiebreaks == event.tiebreaks
    assert copy.swiss_ordering == event.swiss_ordering
    assert "XXC rank" not in text, "the rank columns hold the standings, not a pairing order"
    assert table(copy) == table(event)
    if withdraw:
        number, from_round = withdraw
        assert copy.registrations.get(pairing_number=number).withdrawn_from_round == from_round


def test_a_round_robin_with_a_game_still_pending_reads_back_the_same():
    """A pending game is written Z for both players like the rest: the import tells the
    Berger table's rest from it and leaves the pending game out. TRF-2026 has no code for a
    game in progress, so the copy scores that round as unplayed for its players where the
    event leaves it out of their tie-breaks (docs/rules/tournaments.md §4.11): the points
    agree after it, the whole standings after the last completed round."""
    user = UserFactory(username="olga")
    event = make_event(user, system=System.ROUND_ROBIN, players=5)
    play(event, user, rounds_to_play=4)
    last = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
    first, *_pending = Game.objects.filter(pairing__round=last).order_by("pairing__board")
    results.result_record(game=first, result=GameResult.WHITE_WIN, user=user)
    settings = TrfImportSettings(variant="international")
    plan = trf_import_plan(event_trf(event).encode(), settings=settings)
    assert plan.refusals == [] and len(plan.rests) == 5
    assert len(plan.rounds[5]) == 2  # the game played and the rest
    copy = trf_import_apply(plan, user=user)
    points = sorted((row.number, row.points) for row in standings_get(event, after_round=5))
    assert sorted((row.number, row.points) for row in standings_get(copy, after_round=5)) == points
    assert table(copy, after_round=4) == table(event, after_round=4)


def test_the_export_is_the_record():
    """Ranks of the standings (not of the points alone), the system in 092 and 192, the FMJD
    id in the FIDE id columns, the rating, the withdrawal."""
    user = UserFactory(username="olga")
    event = make_event(user, system=System.ROUND_ROBIN, players=5, tiebreaks=["SB"])
    play(event, user, rounds_to_play=5)
    text = event_trf(event)
    lines = text.splitlines()
    assert "092 Round robin (Berger tables)" in lines
    assert "192 BERGER_ROUNDROBIN" in lines
    assert "202 SB" in lines
    ranks = {int(line[4:8]): int(line[85:89]) for line in lines if line.startswith("001")}
    standings = standings_get(event, after_round=5)
    assert ranks == {row.number: row.rank for row in standings}
    by_points = sorted(standings, key=lambda row: (-row.points, row.number))
    assert [r.number for r in by_points] != [r.number for r in standings], "SB must decide"
    first = next(line for line in lines if line.startswith("001    1"))
    assert first[57:68].strip() == "16000" and first[48:52] == "2400"


def test_a_swiss_export_names_its_system_and_the_withdrawal():
    user = UserFactory(username="olga")
    event = make_event(user, system=System.SWISS, players=6, number_of_rounds=4)
    play(event, user, rounds_to_play=3, withdraw=(2, 3))
    text = event_trf(event)
    assert "092 Swiss system (FIDE Dutch, rules applied from 1 February 2026)" in text
    assert "192 FIDE_DUTCH_2025" in text
    assert trf_loads(text).state.rules == DutchRules.FIDE_2026  # the pairing command reads it
    event.swiss_rules = DutchRules.PRE_2026
    earlier = event_trf(event)
    assert "192 FIDE_DUTCH_2017" in earlier
    assert trf_loads(earlier).state.rules == DutchRules.PRE_2026
    assert "DAT 0002 WITHDRAWN 3" in text
    player = trf_loads(text).state.competitor(2)
    assert player.withdrawn_from_round == 3 and player.results[2].code == "Z"


def test_a_name_with_line_breaks_injects_no_record(tmp_path):
    """Issue #21 point 7: the project's own pairing command reads the file."""
    from tournaments.pairing.__main__ import main

    user = UserFactory(username="olga")
    event = make_event(user, system=System.SWISS, players=4, number_of_rounds=3)
    player = event.registrations.get(pairing_number=1).player
    player.last_name = "Boomstra\n001    9      Fake, Player"
    player.club = "Hoogeveen\r\nXXR 1"
    player.save()
    event.venue = "Paris\n012 Other"
    event.save()
    play(event, user, rounds_to_play=1)
    text = event_trf(event)
    lines = text.splitlines()
    assert [line[:3] for line in lines].count("001") == 4
    assert [line for line in lines if line[:3] in {"XXR", "012", "022"}] == [
        "012 Record swiss 1",
        "022 Paris 012 Other",
        "XXR 3",
    ]
    document = trf_loads(text)
    assert [c.number for c in document.state.competitors] == [1, 2, 3, 4]
    assert document.state.competitor(1).club == "Hoogeveen XXR 1"
    assert document.state.total_rounds == 3
    source, target = tmp_path / "event.trf", tmp_path / "pairing.txt"
    source.write_text(text)
    assert main(["dutch", str(source), "-p", str(target)]) == 0
    assert target.read_text().splitlines()[0] == "2"


def test_the_preview_names_each_refused_line_and_nothing_is_written():
    def line(number: int, name: str, rating: str, *cells: str) -> str:
        return f"001 {number:4d}      {name:<33} {rating:>4}{'':>34}  ".ljust(91) + "  ".join(cells)

    text = "\n".join(
        [
            "012 Broken open",
            line(1, "Alpha, Ann", "2300", "   2 w 1", "   3 b 1"),
            line(2, "Beta, Bob", "2200", "   1 b 1", "0000 - U"),
            line(3, "Gamma, Gus", "22x0", "0000 - U", "   1 w 0"),
            line(4, "Delta, Dan", "2000", "   9 w 1", "0000 - Z"),
        ]
    )
    settings = TrfImportSettings(variant="international")
    plan = trf_import_plan(text.encode(), settings=settings)

    def refused(line: int, reason: str) -> bool:
        return any(r.line == line and reason in r.reason for r in plan.refusals)

    assert refused(4, "rating '22x0' is not a number")
    assert refused(2, "Player 1, round 1: results 1 and 1 of opponent 2 do not agree")
    assert refused(3, "Player 2, round 1: results 1 and 1 of opponent 1 do not agree")
    assert refused(2, "Player 1, round 2: opponent 3 has no player line")
    assert refused(5, "Player 4, round 1: opponent 9 has no player line")
    with pytest.raises(ImportFormatError, match="nothing was written"):
        trf_import_apply(plan, user=UserFactory(username="olga"))
    assert not Event.objects.exists()


def test_a_bbppairings_tournament_is_imported():
    folder = SWISS_REFERENCES / "dutch-2026"
    if not folder.is_dir():
        pytest.skip(f"the bbpPairings reference tournaments are not at {folder}")
    path = sorted(folder.glob("t*.trf"))[0]
    settings = TrfImportSettings(variant="international")
    plan = trf_import_plan(path.read_bytes(), settings=settings)
    assert plan.refusals == []
    event = trf_import_apply(plan, user=UserFactory(username="olga"))
    assert event.system == System.SWISS
    rounds_played = plan.rounds_played
    file_points = {c.number: c.score(rounds_played) for c in plan.competitors}
    standings = standings_get(event, after_round=rounds_played)
    assert {row.number: row.points for row in standings} == file_points


def test_the_admin_previews_the_file_then_creates_the_event_when_confirmed():
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    organizer = make_organizer("olga")
    event = make_event(organizer, system=System.ROUND_ROBIN, players=5)
    play(event, organizer, rounds_to_play=5)
    client = logged_in(organizer)
    changelist = client.get(reverse("admin:tournaments_event_changelist")).content.decode()
    url = reverse("admin:tournaments_event_trf_import")
    assert url in changelist
    exported = client.get(reverse("admin:tournaments_event_trf", args=(event.pk,))).content
    upload = SimpleUploadedFile("record.trf", exported, content_type="text/plain")
    settings = {"variant": "international", "games_per_pairing": 1, "ranking": "game"}
    preview = client.post(url, {"file": upload, **settings})
    page = preview.content.decode()
    assert "Preview: nothing has been written yet" in page
    assert "5 rounds played of 5" in page and "Pairing system: round robin" in page
    assert page.count("existing player, registered") == 5
    assert Event.objects.count() == 1

    response = client.post(url, {**form_data(preview, "trf-confirm"), "confirm": "1"})
    assert response.status_code == 302
    copy = Event.objects.exclude(pk=event.pk).get()
    assert f"{copy} is imported as a draft: check it, then publish it." in message_texts(response)
    assert table(copy) == table(event)
    assert organizer in copy.organizers.all()


def test_the_admin_lists_the_refused_lines_and_offers_no_confirmation():
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    client = logged_in(make_organizer("olga"))
    text = (
        "012 Two lines\n001    1      Alpha, Ann                        2300\n001    1      Beta\n"
    )
    upload = SimpleUploadedFile("bad.trf", text.encode(), content_type="text/plain")
    settings = {"variant": "international", "games_per_pairing": 1, "ranking": "game"}
    page = client.post(reverse("admin:tournaments_event_trf_import"), {"file": upload, **settings})
    content = page.content.decode()
    assert "1 line refused" in content and "line 3, column 5: pairing number repeated" in content
    assert 'id="trf-confirm"' not in content


def test_an_absence_written_as_a_forfeit_without_opponent_is_a_zero_point_bye():
    """Swiss-Manager and JaVaFo write an absence ``0000 - -`` and a full-point bye
    ``0000 - +``: read as ``Z`` and ``F``."""
    head = "001    1      Alpha, Ann                        2300"
    line = head.ljust(91) + "0000 - -  0000 - +"
    first, second = trf_loads(f"012 Absences\n{line}\n").state.competitor(1).results
    assert (first.code, first.opponent, second.code) == ("Z", None, "F")


def test_a_failed_import_leaves_the_database_as_it_was(monkeypatch):
    from django.core.exceptions import ValidationError

    from tournaments.models import Player, Registration

    user = UserFactory(username="olga")
    event = make_event(user, system=System.ROUND_ROBIN, players=4)
    play(event, user, rounds_to_play=3)
    plan = trf_import_plan(event_trf(event).encode(), settings=TrfImportSettings("international"))
    counts = (Event.objects.count(), Player.objects.count(), Registration.objects.count())
    original = Registration.full_clean

    def refuse_the_third(registration, *args, **kwargs):
        if registration.pairing_number == 3:
            raise ValidationError({"rating": ["Refused for the test."]})
        return original(registration, *args, **kwargs)

    monkeypatch.setattr(Registration, "full_clean", refuse_the_third)
    with pytest.raises(ImportFormatError, match="rating: Refused for the test"):
        trf_import_apply(plan, user=user)
    assert (Event.objects.count(), Player.objects.count(), Registration.objects.count()) == counts


def test_points_the_file_states_but_its_point_system_does_not_give_are_refused():
    """A draughts event (2 for a win) written without record 162 or XXS would be imported
    with the TRF default (1 for a win): the points column tells."""

    def line(number: int, points: str, cell: str) -> str:
        head = f"001 {number:4d}      {f'Player {number}, A':<33} 2000"
        return head.ljust(80) + f"{points:>4}" + f"{number:5d}".ljust(7) + cell

    players = [line(1, "2.0", "   2 w 1"), line(2, "0.0", "   1 b 0")]
    settings = TrfImportSettings(variant="international")
    plan = trf_import_plan("\n".join(["012 Club open", *players]).encode(), settings=settings)
    assert [r.line for r in plan.refusals] == [2]
    assert "Player 1 has 2.0 points in columns 81-84, but his results give 1" in (
        plan.refusals[0].reason
    )
    declared = "\n".join(["012 Club open", "162  W 2.0    D 1.0", *players])
    assert trf_import_plan(declared.encode(), settings=settings).refusals == []


def test_bbpairings_scoring_lines_give_forfeit_wins_and_byes_their_values():
    """BBW 2.0 alone: a forfeit win, a full-point bye and the pairing-allocated bye are worth
    a win (the bbpPairings reference files' points columns agree); a BBU of its own stays."""
    scoring = trf_loads("BBW  2.0\nBBD  1.0\nBBU  1.0\n").state.scoring
    assert (scoring.win, scoring.forfeit_win, scoring.full_bye) == (2, 2, 2)
    assert (scoring.draw, scoring.half_bye, scoring.pairing_bye) == (1, 1, 1)
    scoring = trf_loads("BBU  1.0\nBBW  2.0\n").state.scoring
    assert (scoring.win, scoring.pairing_bye) == (2, 1)
