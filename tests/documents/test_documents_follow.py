"""Every published document follows every change (tournaments.documents.follow): a change
that alters what a built document shows marks it queued in the change's own transaction ("being
updated" on its link, never "done" beside old figures), and its job, started at the commit,
leaves it done with the figures of the event as it now is. Each kind of change against each
kind of document, individual and team; the league's corrected board result with a −1
match-point penalty, the case seen in a club league; the rebuilt team standings read back from
the PDF equal the page's figures."""

import random
from decimal import Decimal

import pytest
from django.db import transaction

from tests.documents.requests import pdf_text, request
from tests.factories import PlayerFactory, event_with_players, make_organizer
from tournaments import demo
from tournaments.documents.data import document_data
from tournaments.documents.models import Document, DocumentKind, DocumentStatus
from tournaments.documents.pdf.teams import TOTALS
from tournaments.documents.services import documents_state
from tournaments.documents.views import document_json
from tournaments.models import Event, Game, GameResult, RatingPolicy, RoundStatus
from tournaments.results import points_number
from tournaments.services import results, rounds
from tournaments.services.events import event_update
from tournaments.services.history import recorded_by
from tournaments.services.registrations import (
    registration_add,
    registration_withdraw,
    team_labels_set,
)
from tournaments.teams import services as teams
from tournaments.teams.models import Team, TeamMatch
from tournaments.teams.selectors import team_standings_get

pytestmark = pytest.mark.django_db


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def _built(capture, event: Event, kinds, round_=None) -> list[Document]:
    documents = []
    for kind in kinds:
        answer = request(capture, event=event, kind=kind, round=round_)
        assert answer.document.status == DocumentStatus.DONE, answer.document.error
        documents.append(answer.document)
    return documents


def _follows(capture, documents: list[Document], change) -> list[Document]:
    """Run ``change`` in a transaction: at its end (before the commit) each document is
    queued and its link says it is being updated; after the commit its job has left it done,
    drawn from the event as it now is. Returns the documents as they are then."""
    with capture(execute=True), transaction.atomic():
        change()
        for document in documents:
            document.refresh_from_db()
            assert document.status == DocumentStatus.QUEUED, document
            assert document_json(document)["status_label"] == "being updated"
    after = []
    for document in documents:
        document.refresh_from_db()
        assert document.status == DocumentStatus.DONE, (document, document.error)
        assert document.source_state == documents_state(document.event)
        assert document.fingerprint == document_data(document).fingerprint, document
        after.append(document)
    return after


# -- an individual event: each change against each document --------------------------------


@pytest.fixture
def open_event(media):
    """A Swiss of 6 ranking teams of two: round 1 completed, round 2 published, one result
    of round 2 entered."""
    organizer = make_organizer("follow")
    event = event_with_players(organizer, players=6, team_score_members=2)
    team_labels_set(
        event=event,
        labels={r.pk: f"Club {r.pk % 3}" for r in event.registrations.all()},
        user=organizer,
    )
    round_1 = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    for game in Game.objects.filter(pairing__round=round_1).order_by("pairing__board"):
        results.result_record(game=game, result=GameResult.WHITE_WIN, user=organizer)
    rounds.round_complete(round=round_1, user=organizer)
    round_2 = rounds.round_publish(
        round=rounds.round_pair(event=event, user=organizer), user=organizer
    )
    # The jobs queued by round 1's completion never ran (no commit in a test).
    Document.objects.filter(event=event).delete()
    return event, organizer, round_1, round_2


EVENT_KINDS = (
    DocumentKind.CROSSTABLE,
    DocumentKind.STANDINGS,
    DocumentKind.RATING_REPORT,
    DocumentKind.TEAM_RANKING,
)
ROUND_KINDS = (DocumentKind.PAIRING_SHEET, DocumentKind.SCORE_SHEETS)


def _enter(event, organizer, round_1, round_2):
    game = Game.objects.filter(pairing__round=round_2).order_by("pairing__board").first()
    results.result_record(game=game, result=GameResult.DRAW, user=organizer)


def _correct(event, organizer, round_1, round_2):
    game = Game.objects.filter(pairing__round=round_1).order_by("pairing__board").first()
    results.result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)


def _withdraw(event, organizer, round_1, round_2):
    registration = event.registrations.order_by("-pairing_number").first()
    registration_withdraw(registration=registration, from_round=3, user=organizer)


def _register(event, organizer, round_1, round_2):
    player = PlayerFactory.build(rating=2000)
    recorded_by(player, organizer).save()
    registration_add(event=event, player=player, user=organizer)


def _rename(event, organizer, round_1, round_2):
    player = event.registrations.order_by("pairing_number").first().player
    player.last_name = "Renamed"
    recorded_by(player, organizer).save()


def _rating_k(event, organizer, round_1, round_2):
    event_update(event=event, user=organizer, rating_k=40)


def _team_label(event, organizer, round_1, round_2):
    registration = event.registrations.order_by("pairing_number").first()
    team_labels_set(event=event, labels={registration.pk: "Elsewhere"}, user=organizer)


@pytest.mark.parametrize(
    "change",
    [_enter, _correct, _withdraw, _register, _rename, _rating_k, _team_label],
)
def test_every_change_makes_every_document_of_the_event_follow(
    open_event, change, django_capture_on_commit_callbacks
):
    event, organizer, round_1, round_2 = open_event
    capture = django_capture_on_commit_callbacks
    documents = _built(capture, event, EVENT_KINDS) + _built(capture, event, ROUND_KINDS, round_2)
    _follows(capture, documents, lambda: change(event, organizer, round_1, round_2))


def test_a_rating_policy_changed_before_round_1_is_followed(
    media, django_capture_on_commit_callbacks
):
    organizer = make_organizer("policy")
    event = event_with_players(organizer, players=4)
    capture = django_capture_on_commit_callbacks
    documents = _built(capture, event, (*EVENT_KINDS[:3],))
    _follows(
        capture,
        documents,
        lambda: event_update(event=event, user=organizer, rating_policy=RatingPolicy.HIGHEST),
    )


def test_a_corrected_result_is_drawn_into_the_crosstable_and_standings(
    open_event, django_capture_on_commit_callbacks
):
    event, organizer, round_1, round_2 = open_event
    capture = django_capture_on_commit_callbacks
    documents = _built(capture, event, (DocumentKind.CROSSTABLE, DocumentKind.STANDINGS))
    before = [(d.file.name, d.fingerprint) for d in documents]
    after = _follows(capture, documents, lambda: _correct(event, organizer, round_1, round_2))
    for (name, fingerprint), new in zip(before, after, strict=True):
        assert new.file.name != name and new.fingerprint != fingerprint


def test_a_change_no_document_shows_keeps_the_files(open_event, django_capture_on_commit_callbacks):
    event, organizer, _round_1, _round_2 = open_event
    capture = django_capture_on_commit_callbacks
    documents = _built(capture, event, (DocumentKind.CROSSTABLE, DocumentKind.STANDINGS))
    before = [(d.file.name, d.attempts) for d in documents]
    player = event.registrations.first().player
    player.phone = "+31 20 000 0000"
    after = _follows(capture, documents, lambda: recorded_by(player, organizer).save())
    for (name, attempts), new in zip(before, after, strict=True):
        assert new.file.name == name and new.attempts == attempts + 1


def test_a_change_while_the_job_draws_queues_it_again(
    open_event, django_capture_on_commit_callbacks, monkeypatch
):
    """A job that read the event before a change committed draws what it read, then finds
    the event changed and is queued again: the next job draws the change."""
    event, organizer, round_1, round_2 = open_event
    capture = django_capture_on_commit_callbacks
    (standings,) = _built(capture, event, (DocumentKind.STANDINGS,))
    from tournaments.documents import services

    real = services.document_data
    changed = []

    def data_then_change(document):
        data = real(document)
        if not changed:  # a correction committed while the first job draws
            changed.append(True)
            with transaction.atomic():
                Game.objects.filter(pairing__round=round_1).update(result=GameResult.BLACK_WIN)
                _rename(event, organizer, round_1, round_2)
        return data

    monkeypatch.setattr(services, "document_data", data_then_change)
    with capture(execute=True):
        request(capture, event=event, kind=DocumentKind.STANDINGS, force=True)
    standings.refresh_from_db()
    assert standings.status == DocumentStatus.DONE and standings.attempts == 3
    assert standings.source_state == documents_state(event)
    _, text = pdf_text(standings)
    assert "Renamed" in text


# -- a team league: each change against each team document ---------------------------------


@pytest.fixture
def league(media):
    organizer = make_organizer("league-follow")
    players = demo._players(random.Random(demo.SEED))
    event = demo.team_league(organizer, players, random.Random(1))
    # The jobs queued while the league was played never ran (no commit in a test).
    Document.objects.filter(event=event).delete()
    return event, organizer


TEAM_KINDS = (DocumentKind.TEAM_STANDINGS, DocumentKind.TEAM_MATCHES, DocumentKind.TEAM_CROSSTABLE)


def _board_game(event: Event) -> Game:
    """A decided game on a board of a completed round."""
    return (
        Game.objects.filter(
            pairing__round__event=event,
            pairing__round__status=RoundStatus.COMPLETED,
            pairing__team_board__isnull=False,
            result=GameResult.WHITE_WIN,
        )
        .order_by("pairing__round__number", "pairing__board")
        .first()
    )


def _board_correction(event, organizer):
    results.result_record(game=_board_game(event), result=GameResult.BLACK_WIN, user=organizer)


def _penalty(event, organizer):
    team = Team.objects.filter(event=event).order_by("number").first()
    teams.adjustment_add(team=team, match_points=-1, reason="Unregistered player", user=organizer)


def _team_rename(event, organizer):
    team = Team.objects.filter(event=event).order_by("number").first()
    team.name = "Renamed club"
    recorded_by(team, organizer).save()


def _next_round_paired(event, organizer):
    """The lineups of the next round set, then its matches paired and published."""
    round_ = event.rounds.exclude(status=RoundStatus.COMPLETED).order_by("number").first()
    if round_ is None:
        round_ = teams.team_round_schedule(event=event, user=organizer)
    for match in TeamMatch.objects.filter(round=round_).exclude(team_b=None):
        for team in (match.team_a, match.team_b):
            if not match.lineup.filter(team=team).exists():
                members = teams.roster(team)[: event.team_competition.boards]
                teams.lineup_set(match=match, team=team, members=members, user=organizer)
    if round_.status == RoundStatus.DRAFT and not round_.pairings.exists():
        round_ = teams.team_round_pair(round=round_, user=organizer)
    if round_.status == RoundStatus.DRAFT:
        rounds.round_publish(round=round_, user=organizer)
    for game in Game.objects.filter(pairing__round=round_, result=GameResult.PENDING):
        results.result_record(game=game, result=GameResult.DRAW, user=organizer)


def _team_withdrawal(event, organizer):
    registration = event.registrations.order_by("-pairing_number").first()
    last = event.rounds.order_by("-number").first()
    registration_withdraw(registration=registration, from_round=last.number + 1, user=organizer)


@pytest.mark.parametrize(
    "change", [_board_correction, _penalty, _team_rename, _next_round_paired, _team_withdrawal]
)
def test_every_change_makes_every_team_document_follow(
    league, change, django_capture_on_commit_callbacks
):
    event, organizer = league
    capture = django_capture_on_commit_callbacks
    documents = _built(capture, event, (*TEAM_KINDS, DocumentKind.CROSSTABLE))
    _follows(capture, documents, lambda: change(event, organizer))


def _standings_lines(event: Event) -> list[str]:
    """Each team's line of the standings as the team standings PDF writes it: rank, name,
    match points, board points, adjustment, the tie-breaks but those repeating a total
    (tournaments.documents.pdf.teams.TOTALS)."""
    lines = []
    for standing in team_standings_get(event):
        row = standing.row
        cells = [str(row.rank), standing.name, points_number(row.match_points)]
        cells.append(points_number(row.board_points))
        if row.adjustment:
            cells.append(points_number(row.adjustment))
        cells.extend(
            points_number(value) for code, value in row.tiebreaks.items() if code not in TOTALS
        )
        lines.append(" ".join(cells))
    return lines


def test_a_corrected_board_and_a_penalty_are_in_the_team_pdfs_once_done(
    league, django_capture_on_commit_callbacks
):
    """The club league's case: a board result corrected and a −1 match-point penalty; the
    team standings and match sheets, built before, are drawn again, and once done they hold
    the new figures."""
    event, organizer = league
    capture = django_capture_on_commit_callbacks
    standings, matches = _built(
        capture, event, (DocumentKind.TEAM_STANDINGS, DocumentKind.TEAM_MATCHES)
    )
    old_lines = _standings_lines(event)
    _, old_sheets = pdf_text(matches)
    game = _board_game(event)
    board = game.pairing.team_board
    with capture(execute=True), transaction.atomic():
        results.result_record(game=game, result=GameResult.BLACK_WIN, user=organizer)
        team = Team.objects.get(pk=board.match.team_a_id)
        teams.adjustment_add(
            team=team, match_points=Decimal(-1), reason="Late lineup", user=organizer
        )
    new_lines = _standings_lines(event)
    assert new_lines != old_lines
    for document in (standings, matches):
        document.refresh_from_db()
        assert document.status == DocumentStatus.DONE
    _, text = pdf_text(standings)
    for line in new_lines:
        assert line in text, (line, text)
    assert "Late lineup" in text
    _, sheets = pdf_text(matches)
    assert f"{board.match.team_a} – {board.match.team_b}" in sheets
    assert sheets != old_sheets


def test_the_rebuilt_team_standings_pdf_equals_the_page(
    league, django_capture_on_commit_callbacks, client
):
    event, organizer = league
    capture = django_capture_on_commit_callbacks
    (standings,) = _built(capture, event, (DocumentKind.TEAM_STANDINGS,))
    with capture(execute=True):
        _board_correction(event, organizer)
        _penalty(event, organizer)
    standings.refresh_from_db()
    _, text = pdf_text(standings)
    lines = _standings_lines(event)
    positions = [text.index(line) for line in lines]
    assert positions == sorted(positions)  # every line, in the page's order
    page = client.get(f"/events/{event.slug}/teams/").content.decode()
    for standing in team_standings_get(event):
        assert standing.name in page
        assert points_number(standing.row.match_points) in page
