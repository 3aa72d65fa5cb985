"""The event archive: written from the demo events, read back into a database emptied of
every event and player, it gives the same standings, records, findings, rulings and
documents; a bad archive is refused with the file and field named, leaving the database as
it was; players are matched by FMJD or national id, never by name."""

import hashlib
import io
import json
import zipfile

import pytest
from django.core.files.storage import default_storage

from games.archive import MANIFEST, PLAYERS, RECORDS, ROUNDS, TEAMS
from games.archive.check import archive_open
from games.archive.load import archive_import
from games.archive.preview import archive_preview
from games.archive.write import event_archive
from games.models import Dispute, GameRecord, Ruling
from games.services.disputes import dispute_rule
from games.services.errors import ArchiveError
from games.services.records import record_save
from tests.documents.conftest import ballot_decks, demo_loader  # noqa: F401
from tests.factories import (
    UserFactory,
    event_with_players,
    make_organizer,
    played_event,
    played_team_league,
)
from tournaments.documents.models import Document
from tournaments.documents.services import document_build
from tournaments.models import (
    BallotCard,
    BallotDeck,
    BallotDraw,
    Event,
    Game,
    Pairing,
    Player,
    Rating,
    RoundStatus,
    Team,
    TeamMatch,
)
from tournaments.selectors.standings import standings_get
from tournaments.selectors.team_ranking import team_ranking_get
from tournaments.services import rounds
from tournaments.services.ballots import ballot_card_save, ballot_deck_create, ballot_draw
from tournaments.teams.models import LineupEntry, TeamAdjustment, TeamMember
from tournaments.teams.selectors import every_team_match, team_competition, team_standings_get

pytestmark = pytest.mark.django_db

#: A short legal record.
PDN = '[Event "?"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'


@pytest.fixture
def demo(demo_loader, settings, tmp_path, django_capture_on_commit_callbacks):  # noqa: F811
    """The demo events with their records verified, the English ballot event's dispute ruled
    and its standings printed."""
    settings.MEDIA_ROOT = tmp_path
    with django_capture_on_commit_callbacks(execute=True):
        demo_loader()
    english = Event.objects.get(slug="demo-english-ballot")
    dispute = Dispute.objects.get(game__pairing__round__event=english)
    arbiter = english.arbiters.first() or english.organizers.first()
    english.arbiters.add(arbiter)
    dispute_rule(dispute=dispute, decision="reject", reason="The record shows it.", user=arbiter)
    document = Document.objects.create(event=english, kind="standings")
    document_build(document_id=document.pk)
    return english.organizers.first()


def _state(event: Event) -> dict:
    """What an archive must carry over: standings with tie-breaks, the team ranking of an
    event that ranks teams (the Nations Cup), each game's result, record and findings, the
    disputes and rulings, the documents' bytes."""
    last = max((r.number for r in event.rounds.all() if r.status != RoundStatus.DRAFT), default=0)
    records = GameRecord.objects.filter(game__pairing__round__event=event).select_related(
        "game__pairing__round", "verification"
    )
    assert all(r.verification.status == "done" for r in records)
    return {
        "standings": [
            (row.rank, row.name, row.points, row.tiebreaks)
            for row in standings_get(event, after_round=last)
        ]
        if last
        else [],
        "records": sorted(
            (
                r.game.pairing.round.number,
                r.game.pairing.board,
                r.game.index,
                r.game.result,
                r.pdn,
                r.verification.verdict,
                r.verification.flags,
            )
            for r in records
        ),
        "team_ranking": [
            (row.rank, row.team, row.score, [m.number for m in row.members])
            for row in team_ranking_get(event, after_round=last)
        ],
        "rulings": sorted(
            (r.dispute.claim, r.dispute.statement, r.decision, r.result_after)
            for r in Ruling.objects.filter(dispute__game__pairing__round__event=event)
        ),
        "documents": sorted(
            (d.kind, d.pages, d.file.open("rb").read())
            for d in Document.objects.filter(event=event)
            if d.has_file
        ),
        **_team_state(event),
    }


def _team_state(event: Event) -> dict:
    """What an archive must carry over of a team competition: its settings, the team
    standings and the team matches board by board (teams.selectors), the teams with their
    captain, roster and adjustments, the lineups."""
    competition = team_competition(event)
    if competition is None:
        return {}
    return {
        "competition": (
            competition.boards,
            competition.match_win,
            competition.primary,
            competition.tiebreaks,
            competition.colour_model,
        ),
        "team_standings": [(s.name, s.row) for s in team_standings_get(event)],
        "team_matches": [
            (
                m.round,
                m.number,
                m.team_a,
                m.team_b,
                m.board_points_a,
                m.board_points_b,
                m.finished,
                [
                    (b.number, b.player_a, b.player_b, b.a_is_white, b.points_a, b.points_b)
                    for b in m.boards
                ],
            )
            for m in every_team_match(event)
        ],
        "teams": [
            (
                t.number,
                t.name,
                t.club,
                t.federation,
                str(t.captain) if t.captain else None,
                [
                    (m.registration.pairing_number, m.order, m.reserve)
                    for m in TeamMember.objects.filter(team=t).order_by("order")
                ],
                [
                    (a.match_points, a.board_points, a.reason)
                    for a in TeamAdjustment.objects.filter(team=t).order_by("pk")
                ],
            )
            for t in event.teams.select_related("captain").order_by("number")
        ],
        "lineups": sorted(
            (e.match.round.number, e.match.number, e.team.number, e.board, str(e.member))
            for e in LineupEntry.objects.filter(match__round__event=event).select_related(
                "match__round", "team", "member__registration__player"
            )
        ),
    }


def test_round_trip_into_an_empty_database(demo):
    organizer = demo
    events = list(Event.objects.order_by("slug"))
    archives = {e.slug: event_archive(event=e, user=organizer) for e in events}
    before = {e.slug: _state(e) for e in events}
    assert before["demo-english-ballot"]["documents"], "the demo's standings PDF is missing"
    assert before["demo-english-ballot"]["rulings"]
    assert before["demo-nations-cup"]["team_ranking"]
    league = before["demo-team-league"]
    assert league["team_standings"] and league["lineups"] and league["teams"][0][4]
    assert any(team[6] for team in league["teams"]), "the demo league's penalty is missing"
    assert all(team[5] for team in league["teams"]), "a team without its roster"

    for document in Document.objects.all():
        default_storage.delete(document.file.name)
    protected_first = (TeamMatch, Team, Rating, BallotDraw, Game, Pairing, Event, Player)
    for model in protected_first:
        model.objects.all().delete()

    for slug, data in archives.items():
        archive = archive_open(data, name=f"{slug}.zip")
        preview = archive_preview(archive=archive, user=organizer)
        assert not preview.slug_taken
        archive_import(archive=archive, user=organizer, slug=preview.slug)
    after = {e.slug: _state(e) for e in Event.objects.order_by("slug")}
    assert after == before


@pytest.fixture
def small(settings, tmp_path):
    """A Swiss of four players with FMJD ids, round 1 published with one result."""
    settings.MEDIA_ROOT = tmp_path
    organizer = make_organizer("organizer")
    event, _ = played_event(organizer, players=4)
    for number, player in enumerate(Player.objects.order_by("pk"), 1):
        player.fmjd_id, player.national_id = f"4000{number}", f"N{number}"
        player.save()
    return organizer, event


def test_players_are_matched_by_id_never_by_name(small):
    organizer, event = small
    archive = archive_open(event_archive(event=event, user=organizer), name="e.zip")
    preview = archive_preview(archive=archive, user=organizer)
    assert preview.slug_taken and preview.slug == f"{event.slug}-2"
    assert [m.matched_by for m in preview.report.players] == ["FMJD id"] * 4
    assert "players" not in preview.report.counts

    # Another site: the same players without FMJD ids, but with their national ids.
    Player.objects.update(fmjd_id="")
    preview = archive_preview(archive=archive, user=organizer)
    assert [m.matched_by for m in preview.report.players] == ["national id"] * 4

    # The same names only: new players, the namesakes shown.
    Player.objects.update(national_id="")
    preview = archive_preview(archive=archive, user=organizer)
    assert all(m.existing is None and m.same_name for m in preview.report.players)
    assert preview.report.counts["players"] == 4

    with pytest.raises(ArchiveError, match=f"slug {event.slug} is taken"):
        archive_import(archive=archive, user=organizer, slug=event.slug)


def test_private_fields_only_for_those_who_may_read_them(small):
    organizer, event = small
    stranger = UserFactory(username="stranger")

    def players(user) -> list[dict]:
        data = event_archive(event=event, user=user)
        return json.loads(zipfile.ZipFile(io.BytesIO(data)).read(PLAYERS))

    assert all(p["email"].endswith("@example.org") for p in players(organizer))
    assert not any({"email", "phone", "birth_date"} & set(p) for p in players(stranger))


def _rewrite(data: bytes, name: str, change) -> bytes:
    """``data`` with file ``name`` changed by ``change`` and the manifest's checksums
    written again, as a careless editor of the archive would."""
    source = zipfile.ZipFile(io.BytesIO(data))
    files = {info.filename: source.read(info) for info in source.infolist()}
    files[name] = change(files[name])
    manifest = json.loads(files[MANIFEST])
    manifest["files"][name] = {
        "sha256": hashlib.sha256(files[name]).hexdigest(),
        "size": len(files[name]),
    }
    files[MANIFEST] = json.dumps(manifest).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for path, content in files.items():
            target.writestr(path, content)
    return out.getvalue()


def _bad_result(content: bytes) -> bytes:
    rounds = json.loads(content)
    rounds[0]["pairings"][0]["games"][0]["result"] = "9-9"
    return json.dumps(rounds).encode()


def _tamper(data: bytes) -> bytes:
    """The rounds file changed without its checksum."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename == ROUNDS:
                content = content.replace(b'"result": "', b'"result":  "', 1)
            target.writestr(info.filename, content)
    return out.getvalue()


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: b"PK not a zip", r"rr\.zip: not a zip file"),
        (_tamper, r"rr\.zip: rounds\.json does not match its sha256"),
        (
            lambda data: _rewrite(data, ROUNDS, _bad_result),
            r"rr\.zip: rounds\.json, \[0\]\.pairings\[0\]\.games\[0\]: result: .*9-9",
        ),
        (
            lambda data: _rewrite(data, ROUNDS, lambda c: c[:-2]),
            r"rr\.zip: rounds\.json, line \d+, column \d+",
        ),
    ],
)
def test_a_bad_archive_names_the_file_and_field_and_writes_nothing(small, damage, message):
    organizer, event = small
    data = damage(event_archive(event=event, user=organizer))
    counts = (Event.objects.count(), Player.objects.count(), GameRecord.objects.count())
    with pytest.raises(ArchiveError, match=message):
        archive = archive_open(data, name="rr.zip")
        archive_import(archive=archive, user=organizer, slug="copy")
    assert (Event.objects.count(), Player.objects.count(), GameRecord.objects.count()) == counts


def test_a_custom_deck_travels_with_its_cards(small):
    organizer, _ = small
    deck = ballot_deck_create(
        name="Club openings", slug="club-openings", variant="english", user=organizer
    )
    for moves in ("11-15 23-19 8-11", "11-15 23-19 9-13", "11-15 22-18 15x22"):
        ballot_card_save(deck=deck, code=moves[-5:], moves=moves, user=organizer)
    event = event_with_players(
        organizer, players=4, system="rr", variant="english", ballot_deck=deck
    )
    round_ = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    drawn = sorted(d.card.code for d in ballot_draw(round=round_, user=organizer))
    archive = archive_open(event_archive(event=event, user=organizer), name="club.zip")

    # The same deck here: used as it is.
    assert archive_preview(archive=archive, user=organizer).report.decks_created == []

    # Another deck of that slug: refused.
    BallotCard.objects.filter(deck=deck, number=1).update(fen="W:W21:B1")
    with pytest.raises(ArchiveError, match="custom deck 'club-openings' is here with other"):
        archive_preview(archive=archive, user=organizer)

    # No such deck here: created from the archive's cards.
    BallotDeck.objects.filter(pk=deck.pk).update(slug="club-openings-old")
    report = archive_import(archive=archive, user=organizer, slug="club-copy")
    assert report.decks_created == ["Club openings"]
    copy = BallotDeck.objects.get(slug="club-openings")
    assert copy.cards.count() == 3 and report.event.ballot_deck == copy
    draws = BallotDraw.objects.filter(event=report.event)
    assert sorted(d.card.code for d in draws) == drawn
    assert all(d.card.deck == copy for d in draws)


def test_findings_are_the_replay_here_not_the_archive_word(small):
    organizer, event = small
    game = Game.objects.filter(pairing__round__event=event, result="1-0").first()
    record_save(game=game, pdn=PDN, user=organizer)

    def claim_illegal(content: bytes) -> bytes:
        records = json.loads(content)
        flag = {"kind": "illegal-move", "ply": 3, "message": "28x19 is not a capture"}
        records[0]["verification"].update(verdict="illegal", flags=[flag])
        return json.dumps(records).encode()

    data = _rewrite(event_archive(event=event, user=organizer), RECORDS, claim_illegal)
    report = archive_preview(archive=archive_open(data, name="e.zip"), user=organizer).report
    board = game.pairing.board
    assert report.differing == [f"round 1, board {board}, game 1"]
    assert report.counts["verification findings"] == 1


def test_a_document_must_be_a_pdf(small):
    organizer, event = small
    document_build(document_id=Document.objects.create(event=event, kind="standings").pk)
    data = _rewrite(
        event_archive(event=event, user=organizer),
        "documents/standings.pdf",
        lambda content: b"<html><script>alert(1)</script></html>",
    )
    with pytest.raises(ArchiveError, match=r"e\.zip: documents/standings\.pdf: not a PDF file"):
        archive_preview(archive=archive_open(data, name="e.zip"), user=organizer)


def test_an_archive_packed_again_with_its_folders_is_read(small):
    organizer, event = small
    source = zipfile.ZipFile(io.BytesIO(event_archive(event=event, user=organizer)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as repacked:
        repacked.writestr(zipfile.ZipInfo("records/"), b"")  # as `zip -r` writes a folder
        for info in source.infolist():
            repacked.writestr(info.filename, source.read(info))
    archive = archive_open(out.getvalue(), name="repacked.zip")
    assert archive_preview(archive=archive, user=organizer).report.counts["registrations"] == 4


@pytest.fixture
def league(settings, tmp_path):
    """A team league with a captain, a penalty, a lineup with a reserve and round 1 played in
    part, and its archive."""
    settings.MEDIA_ROOT = tmp_path
    event, user = played_team_league()
    return user, event, event_archive(event=event, user=user)


def test_a_team_competition_travels_with_its_teams_and_lineups(league):
    user, event, data = league
    before = _team_state(event)
    assert before["lineups"] and before["team_standings"] and before["teams"][0][4]
    archive = archive_open(data, name="league.zip")
    report = archive_import(archive=archive, user=user, slug="league-copy")
    assert report.counts["teams"] == 4 and report.counts["team matches"] == 2
    assert report.counts["lineup entries"] == 2 and report.counts["team adjustments"] == 1
    assert _team_state(report.event) == before
    # The captain is the copy's player of his pairing number (the factory's players have no
    # FMJD id: they are created again), not the original event's.
    number = event.registrations.get(player=event.teams.get(number=1).captain).pairing_number
    copy = report.event.registrations.get(pairing_number=number).player
    assert report.event.teams.get(number=1).captain == copy != event.teams.get(number=1).captain


def _teams_changed(change):
    def rewrite(content: bytes) -> bytes:
        teams = json.loads(content)
        change(teams)
        return json.dumps(teams).encode()

    return rewrite


def _other_teams_player(teams: dict) -> None:
    match = teams["matches"][0]
    entry = match["lineup"][0]
    other = match["team_b"] if entry["team"] == match["team_a"] else match["team_a"]
    entry["player"] = teams["teams"][other - 1]["members"][0]["player"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t["competition"].update(tiebreaks=["XX"]),
            r"teams\.json, competition: tiebreaks: Unknown team tie-break XX",
        ),
        (
            lambda t: t["teams"][0]["members"][0].update(player=99),
            r"teams\.json, teams\[0\]\.members\[0\]\.player: pairing number 99 is not registered",
        ),
        (
            lambda t: t["teams"][1].update(number=1),
            r"teams\.json, teams\[1\]: .*already exists",
        ),
        (
            lambda t: t["teams"][0].update(captain=99),
            r"teams\.json, teams\[0\]\.captain: player 99 is not in players\.json",
        ),
        (
            lambda t: t["teams"][1]["adjustments"][0].update(reason=""),
            r"teams\.json, teams\[1\]\.adjustments\[0\]: reason: ",
        ),
        (
            lambda t: t["matches"][0].update(team_b=9),
            r"teams\.json, matches\[0\]\.team_b: team 9 is not in teams\.json",
        ),
        (
            lambda t: t["matches"][0]["boards"][0].update(pairing=99),
            r"teams\.json, matches\[0\]\.boards\[0\]\.pairing: no board 99 in round 1",
        ),
        (
            _other_teams_player,
            r"teams\.json, matches\[0\]\.lineup\[0\]\.player: .* not on the roster of team",
        ),
    ],
)
def test_bad_team_data_names_the_file_and_field_and_writes_nothing(league, change, message):
    user, _, data = league
    data = _rewrite(data, TEAMS, _teams_changed(change))
    counts = (Event.objects.count(), Team.objects.count(), TeamMatch.objects.count())
    with pytest.raises(ArchiveError, match=message):
        archive_import(archive=archive_open(data, name="league.zip"), user=user, slug="copy")
    assert (Event.objects.count(), Team.objects.count(), TeamMatch.objects.count()) == counts


def test_a_broken_teams_file_names_its_line(league):
    *_, data = league
    data = _rewrite(data, TEAMS, lambda content: content[:-3])
    with pytest.raises(ArchiveError, match=r"league\.zip: teams\.json, line \d+, column \d+"):
        archive_open(data, name="league.zip")


def test_a_captain_who_plays_for_no_registration_travels_as_a_player(league):
    user, event, _ = league
    captain = Player.objects.create(first_name="Ton", last_name="Sijbrands", fmjd_id="99001")
    Team.objects.filter(event=event, number=2).update(captain=captain)
    data = event_archive(event=event, user=user)
    players = json.loads(zipfile.ZipFile(io.BytesIO(data)).read(PLAYERS))
    assert len(players) == 13 and players[-1]["fmjd_id"] == "99001"
    report = archive_import(archive=archive_open(data, name="l.zip"), user=user, slug="l-copy")
    assert report.event.teams.get(number=2).captain == captain
    assert report.event.registrations.count() == 12


def test_an_archive_of_version_1_is_still_read(small):
    """Version 2 added teams.json only: an individual event's archive written before it
    imports as it did."""
    organizer, event = small
    data = event_archive(event=event, user=organizer)
    assert json.loads(zipfile.ZipFile(io.BytesIO(data)).read(MANIFEST))["version"] == 2
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename == MANIFEST:
                content = json.dumps({**json.loads(content), "version": 1}).encode()
            target.writestr(info.filename, content)
    archive = archive_open(out.getvalue(), name="old.zip")
    assert TEAMS not in archive.json
    report = archive_import(archive=archive, user=organizer, slug="old-copy")
    assert report.counts["registrations"] == 4 and "teams" not in report.counts
