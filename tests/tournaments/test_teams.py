"""Team competitions with rows: scheduling, lineups (frozen once paired), boards as ordinary
pairings and games, team standings with a penalty, and the admin's lineup page."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import UserFactory, event_with_players, team_league
from tournaments.models import Game, GameResult, System
from tournaments.services.errors import RoundPairingError
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish
from tournaments.teams.models import Team, TeamAdjustment, TeamCompetition, TeamMatch, TeamMember
from tournaments.teams.selectors import team_matches, team_standings_get
from tournaments.teams.services import (
    TeamError,
    adjustment_add,
    lineup_of,
    lineup_set,
    team_round_pair,
    team_round_schedule,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    return team_league()


def test_schedule_lineup_pair_and_standings(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    matches = list(round_.team_matches.order_by("number"))
    assert [(m.team_a.number, m.team_b.number) for m in matches] == [(1, 4), (2, 3)]
    first = matches[0]
    regulars = list(first.team_a.members.order_by("reserve", "order"))
    # The first player of team 1 is absent: the reserve plays board 2.
    lineup_set(match=first, team=first.team_a, members=[regulars[1], regulars[2]], user=user)
    assert lineup_of(first, first.team_a) == [regulars[1], regulars[2]]
    team_round_pair(round=round_, user=user)
    boards = list(first.boards.select_related("pairing__white", "pairing__black"))
    # Odd boards: team A has white; even boards: black.
    assert [b.a_is_white for b in boards] == [True, False]
    assert boards[0].pairing.white_id == regulars[1].registration_id
    assert boards[1].pairing.black_id == regulars[2].registration_id
    with pytest.raises(TeamError, match="lineups are frozen"):
        lineup_set(match=first, team=first.team_a, members=[regulars[0]], user=user)
    round_publish(round=round_, user=user)
    results = {1: GameResult.WHITE_WIN, 2: GameResult.DRAW, 3: GameResult.DRAW, 4: GameResult.DRAW}
    for game in Game.objects.filter(pairing__round=round_).order_by("pairing__board"):
        result_record(game=game, result=results[game.pairing.board], user=user)
    views = team_matches(event)
    assert [(v.board_points_a, v.board_points_b, v.finished) for v in views] == [
        (Decimal(3), Decimal(1), True),
        (Decimal(2), Decimal(2), True),
    ]
    TeamAdjustment.objects.create(team=first.team_a, match_points=Decimal(-2), reason="Late lineup")
    rows = {s.name: s.row for s in team_standings_get(event)}
    assert (rows["Team 1"].match_points, rows["Team 1"].board_points) == (0, 3)
    assert rows["Team 1"].reasons == ("Late lineup",)
    assert (rows["Team 2"].match_points, rows["Team 3"].match_points) == (1, 1)


def test_lineup_refusals_name_the_board(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    other = TeamMember.objects.filter(team__number=2).first()
    with pytest.raises(TeamError, match=r"Board 1: .* is not on the roster\."):
        lineup_set(match=match, team=match.team_a, members=[other], user=user)
    own = list(match.team_a.members.all())
    with pytest.raises(TeamError, match="3 players for 2 boards"):
        lineup_set(match=match, team=match.team_a, members=own, user=user)
    assert not match.lineup.exists()


def test_empty_board_is_a_forfeit_and_schedule_stops_after_the_table(league):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    keeper = match.team_a.members.get(order=1)
    lineup_set(match=match, team=match.team_a, members=[keeper, None], user=user)
    team_round_pair(round=round_, user=user)
    assert team_matches(event) == []  # a draft round is not public
    round_publish(round=round_, user=user)
    view = team_matches(event)[0]
    assert view.boards[1].forfeit and view.boards[1].player_a == "—"
    assert view.boards[1].points_b == 2
    assert TeamMatch.objects.filter(round=round_).count() == 2
    with pytest.raises(TeamError, match="boards are fixed"):
        team_round_pair(round=round_, user=user)
    for _ in range(2):
        later = team_round_schedule(event=event, user=user)
        round_publish(round=team_round_pair(round=later, user=user), user=user)
    with pytest.raises(TeamError, match="3 rounds of teams: all are scheduled"):
        team_round_schedule(event=event, user=user)


def test_admin_lineup_page_saves_through_the_service(league, client):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    client.force_login(user)
    url = f"/admin/tournaments/teammatch/{match.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200 and "Board 2" in page.text
    members = list(match.team_a.members.order_by("order"))
    prefix = f"team{match.team_a.pk}"
    answer = client.post(
        url,
        {
            "team": match.team_a.pk,
            f"{prefix}-board_1": members[2].pk,
            f"{prefix}-board_2": members[1].pk,
        },
        follow=True,
    )
    assert "Lineup of Team 1 saved." in answer.text
    assert lineup_of(match, match.team_a) == [members[2], members[1]]


def test_an_organizer_of_another_event_cannot_open_the_lineup(league, client):
    event, user = league
    match = team_round_schedule(event=event, user=user).team_matches.get(number=1)
    stranger = UserFactory(is_staff=True)
    from django.contrib.auth.models import Permission

    stranger.user_permissions.add(*Permission.objects.filter(codename__endswith="teammatch"))
    client.force_login(stranger)
    assert client.get(f"/admin/tournaments/teammatch/{match.pk}/change/").status_code == 404


def _played_round(event, user):
    round_ = team_round_schedule(event=event, user=user)
    team_round_pair(round=round_, user=user)
    round_publish(round=round_, user=user)
    for game in Game.objects.filter(pairing__round=round_):
        result_record(game=game, result=GameResult.WHITE_WIN, user=user)
    first = round_.team_matches.get(number=1)
    TeamAdjustment.objects.create(team=first.team_b, match_points=Decimal(-2), reason="No show")
    return round_


def test_api_team_standings_and_matches_agree(league, client):
    event, user = league
    _played_round(event, user)
    standings = client.get(f"/api/events/{event.slug}/team-standings/").json()
    matches = client.get(f"/api/events/{event.slug}/team-matches/").json()
    rows = standings.get("results", standings)
    played = matches.get("results", matches)
    assert {
        "rank",
        "shared_rank",
        "team",
        "match_points",
        "board_points",
        "adjustment",
        "tiebreaks",
    } <= set(rows[0])
    assert {"round", "team_a", "team_b", "board_points_a", "board_points_b", "boards"} <= set(
        played[0]
    )
    # Every board 1-0 for white: board 1 to team A, board 2 to team B, each match 2-2.
    assert [(m["board_points_a"], m["board_points_b"]) for m in played] == [("2.0", "2.0")] * 2
    by_team = {row["team"]: row for row in rows}
    assert by_team["Team 4"]["match_points"] == "-1.0"
    assert by_team["Team 4"]["adjustment"] == "-2.0" and by_team["Team 4"]["reasons"] == ["No show"]
    for row in rows:
        mine = [m for m in played if row["team"] in (m["team_a"], m["team_b"])]
        boards = sum(
            Decimal(m["board_points_a"] if m["team_a"] == row["team"] else m["board_points_b"])
            for m in mine
        )
        assert Decimal(row["board_points"]) == boards


def test_public_team_pages_in_english_and_french(league, client):
    event, user = league
    _played_round(event, user)
    page = client.get(f"/events/{event.slug}/teams/")
    assert page.status_code == 200 and "Team standings" in page.text and "No show" in page.text
    french = client.get(f"/events/{event.slug}/teams/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Classement par équipes" in french.text
    matches = client.get(f"/events/{event.slug}/team-matches/", HTTP_ACCEPT_LANGUAGE="fr")
    assert matches.status_code == 200 and "Rencontres par équipes" in matches.text
    assert "Team 1 – Team 4" in matches.text


def test_the_team_crosstable_page_gives_each_teams_board_points_against_every_other(league, client):
    """Round 1: Team 1 - Team 4 and Team 2 - Team 3; each cell is the row team's board
    points against the column's team, equal to the team-matches API's, × on the diagonal."""
    event, user = league
    _played_round(event, user)
    matches = client.get(f"/api/events/{event.slug}/team-matches/").json()["results"]
    standings = client.get(f"/api/events/{event.slug}/team-standings/").json()["results"]
    order = [row["team"] for row in standings]
    page = client.get(f"/events/{event.slug}/team-crosstable/")
    assert page.status_code == 200 and "Team crosstable" in page.text
    html = page.text
    table = html[html.index('id="team-crosstable"') :]
    rows = table.split("<tr>")[2:]
    for row, team in zip(rows, order, strict=True):
        cells = [c.split("</td>")[0] for c in row.split('<td class="num">')[1:]]
        against = cells[1 : 1 + len(order)]
        for column, opponent in zip(against, order, strict=True):
            expected = "×" if opponent == team else ""
            for m in matches:
                if (m["team_a"], m["team_b"]) == (team, opponent):
                    expected = str(Decimal(m["board_points_a"]).normalize())
                elif (m["team_b"], m["team_a"]) == (team, opponent):
                    expected = str(Decimal(m["board_points_b"]).normalize())
            assert column == expected, (team, opponent)
    french = client.get(f"/events/{event.slug}/team-crosstable/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Grille américaine par équipes" in french.text


def test_team_pages_answer_404_for_an_individual_event(client):
    user = UserFactory(is_superuser=True)
    event = event_with_players(user, players=4, system=System.ROUND_ROBIN)
    assert client.get(f"/events/{event.slug}/teams/").status_code == 404
    assert client.get(f"/api/events/{event.slug}/team-standings/").status_code == 404


def test_demo_league_has_played_rounds_a_penalty_and_a_forfeited_board(client):
    import random

    from tournaments import demo

    user = UserFactory(is_superuser=True)
    event = demo.team_league(user, demo._players(random.Random(demo.SEED)), random.Random(1))
    matches = team_matches(event)
    assert len(matches) == 9 and all(m.finished for m in matches)
    assert all(len(m.boards) == 8 for m in matches)
    assert sum(b.forfeit for m in matches for b in m.boards) == 1
    rows = team_standings_get(event)
    assert len(rows) == 6
    assert [s.row.reasons for s in rows if s.row.adjustment] == [
        ("Ineligible player fielded in round 1 (league regulations)",)
    ]
    assert sum(s.row.match_points for s in rows) == 9 * 2 - 2
    assert event.rounds.count() == 4 and not event.rounds.get(number=4).pairings.exists()


def test_a_team_competition_is_not_paired_as_individuals(league):
    event, user = league
    with pytest.raises(RoundPairingError, match="is a team competition"):
        round_pair(event=event, user=user)
    assert not event.rounds.exists()


def test_team_standings_take_the_same_queries_whatever_the_rounds(
    league, django_assert_num_queries
):
    event, user = league
    _played_round(event, user)
    with CaptureQueriesContext(connection) as one_round:
        team_standings_get(event)
    for _ in range(2):
        later = team_round_schedule(event=event, user=user)
        round_publish(round=team_round_pair(round=later, user=user), user=user)
    with django_assert_num_queries(len(one_round.captured_queries)):
        team_standings_get(event)


def test_a_draft_league_is_hidden_from_visitors(league, client):
    event, user = league
    event.published = False
    event.save()
    for path in ("teams/", "team-matches/"):
        assert client.get(f"/events/{event.slug}/{path}").status_code == 404
    assert client.get(f"/api/events/{event.slug}/team-standings/").status_code == 404
    client.force_login(user)
    assert client.get(f"/events/{event.slug}/teams/").status_code == 200


def test_unknown_team_tiebreaks_are_refused_with_the_known_ones(league):
    event, _user = league
    competition = event.team_competition
    competition.tiebreaks = ["BP", "XYZ"]
    with pytest.raises(ValidationError, match="Unknown team tie-break XYZ; known: BP, MP, DE, TSB"):
        competition.full_clean()


def test_an_adjustment_needs_its_reason_and_records_who_made_it(league):
    event, user = league
    team = Team.objects.get(event=event, number=1)
    with pytest.raises(TeamError, match="needs its reason"):
        adjustment_add(team=team, match_points=-2, reason="  ", user=user)
    adjustment = adjustment_add(team=team, match_points=-2, reason=" Forfeit ", user=user)
    assert adjustment.reason == "Forfeit"
    assert adjustment.history.get().history_user == user


@pytest.fixture
def team_swiss():
    """A team Swiss of six teams of two boards over three rounds."""
    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_with_players(user, players=12, system=System.SWISS, number_of_rounds=3)
    TeamCompetition.objects.create(event=event, boards=2)
    registrations = list(event.registrations.order_by("pk"))
    for number in range(1, 7):
        team = Team.objects.create(event=event, number=number, name=f"Team {number}")
        for order, registration in enumerate(registrations[2 * number - 2 : 2 * number], 1):
            TeamMember.objects.create(team=team, registration=registration, order=order)
    return event, user


def _play(round_, user) -> None:
    """Pair, publish, board 1 won by the lower team number, board 2 drawn, complete."""
    from tournaments.services.rounds import round_complete

    team_round_pair(round=round_, user=user)
    round_publish(round=round_, user=user)
    for board in TeamMatch.objects.filter(round=round_).prefetch_related("boards__pairing"):
        low_is_a = board.team_a.number < board.team_b.number if board.team_b else True
        for team_board in board.boards.all():
            game = Game.objects.get(pairing=team_board.pairing)
            if team_board.number == 1:
                a_wins = low_is_a
                white_wins = a_wins == team_board.a_is_white
                result = GameResult.WHITE_WIN if white_wins else GameResult.BLACK_WIN
            else:
                result = GameResult.DRAW
            result_record(game=game, result=result, user=user)
    round_complete(round=round_, user=user)


def test_team_swiss_pairs_each_round_on_the_results(team_swiss):
    event, user = team_swiss
    first = team_round_schedule(event=event, user=user)
    pairs = [(m.team_a.number, m.team_b.number) for m in first.team_matches.order_by("number")]
    # C.04.6 round 1: the top half against the bottom half, team 1 with the initial colour.
    assert {frozenset(p) for p in pairs} == {frozenset(p) for p in ((1, 4), (2, 5), (3, 6))}
    assert (1, 4) in pairs
    with pytest.raises(TeamError, match=r"Round 1, match 1 \(Team 1 - Team 4\) is not finished"):
        team_round_schedule(event=event, user=user)
    _play(first, user)
    # Team A has White on board 1 in a team Swiss (C.04.6 art. 1.6).
    assert all(
        b.a_is_white == (b.number % 2 == 1)
        for m in first.team_matches.all()
        for b in m.boards.all()
    )
    met = {frozenset(p) for p in pairs}
    for _ in range(2):
        later = team_round_schedule(event=event, user=user)
        matches = [frozenset((m.team_a.number, m.team_b.number)) for m in later.team_matches.all()]
        assert len(matches) == 3 and not met & set(matches)
        met |= set(matches)
        _play(later, user)
    with pytest.raises(TeamError, match="3 rounds of teams: all are scheduled"):
        team_round_schedule(event=event, user=user)
    rows = team_standings_get(event)
    assert sum(r.row.match_points for r in rows) == 3 * 3 * 2


def test_team_page_shows_the_roster_matches_and_board_results(league, client):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    team = match.team_a
    regulars = list(team.members.order_by("reserve", "order"))
    lineup_set(match=match, team=team, members=[regulars[1], regulars[2]], user=user)
    team_round_pair(round=round_, user=user)
    round_publish(round=round_, user=user)
    for game in Game.objects.filter(pairing__round=round_):
        result_record(game=game, result=GameResult.DRAW, user=user)
    page = client.get(f"/events/{event.slug}/teams/{team.number}/")
    assert page.status_code == 200
    # The page's table is a cached fragment: its data is read only when the template calls it.
    players = page.context["team"]().players
    # The first regular sat out; the second played board 1, the reserve board 2.
    assert [(p.order, p.reserve, p.results, p.points) for p in players] == [
        (1, False, (None,), 0),
        (2, False, ((1, Decimal(1)),), 1),
        (3, True, ((2, Decimal(1)),), 1),
    ]
    assert [(m.round, m.opponent, m.board_points) for m in page.context["team"]().matches] == [
        (1, match.team_b.name, Decimal(2))
    ]
    assert client.get(f"/events/{event.slug}/teams/9/").status_code == 404
    standings = client.get(f"/events/{event.slug}/teams/")
    assert f'href="/events/{event.slug}/teams/{team.number}/"' in standings.text


def test_team_page_tells_namesakes_apart_by_their_registration(league, client):
    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(number=1)
    team = match.team_a
    regulars = list(team.members.order_by("reserve", "order"))
    # The two regulars share a name: only the registration tells who played which board.
    for member in regulars[:2]:
        player = member.registration.player
        player.last_name, player.first_name = "Jansen", "Piet"
        player.save()
    lineup_set(match=match, team=team, members=[regulars[1], None], user=user)
    team_round_pair(round=round_, user=user)
    round_publish(round=round_, user=user)
    for game in Game.objects.filter(pairing__round=round_):
        result_record(game=game, result=GameResult.WHITE_WIN, user=user)
    players = client.get(f"/events/{event.slug}/teams/{team.number}/").context["team"]().players
    assert [(p.name, p.results) for p in players[:2]] == [
        ("Jansen, Piet", (None,)),
        ("Jansen, Piet", ((1, Decimal(2)),)),
    ]


def test_api_team_match_boards_carry_their_game_ids(league, client):
    event, user = league
    event.games_per_pairing = 2
    event.save()
    round_ = _played_round(event, user)
    played = client.get(f"/api/events/{event.slug}/team-matches/").json()
    played = played.get("results", played)
    for match in played:
        for board in match["boards"]:
            games = list(
                Game.objects.filter(
                    pairing__team_board__match__round=round_,
                    pairing__team_board__match__number=played.index(match) + 1,
                    pairing__team_board__number=board["board"],
                )
                .order_by("index")
                .values_list("pk", flat=True)
            )
            assert len(games) == 2 and board["games"] == games
            game = client.get(f"/api/events/{event.slug}/games/{games[0]}/")
            assert game.status_code == 200
    schema = client.get("/api/schema/").text
    assert "each is read at games/{id}/" in schema


def test_demo_team_swiss_pairs_eight_teams_without_rematches(client):
    import random

    from tournaments import demo

    user = UserFactory(is_superuser=True)
    players = demo._players(random.Random(demo.SEED))
    event = demo.team_swiss(user, players, random.Random(1))
    assert event.published and event.system == System.SWISS
    assert event.teams.count() == 8
    matches = team_matches(event)
    assert len(matches) == 12 and all(m.finished for m in matches)
    assert all(len(m.boards) == 4 for m in matches)
    met = [frozenset((m.team_a, m.team_b)) for m in matches]
    assert len(set(met)) == len(met), "a rematch"
    assert sum(s.row.match_points for s in team_standings_get(event)) == 12 * 2
    assert "Team Swiss (demo)" in client.get("/events/").text
    assert client.get(f"/events/{event.slug}/teams/").status_code == 200


def test_demo_two_game_team_match(client):
    import random

    from tournaments import demo

    user = UserFactory(is_superuser=True)
    players = demo._players(random.Random(demo.SEED))
    event = demo.team_match(user, players, random.Random(1))
    [match] = team_matches(event)
    assert match.finished and len(match.boards) == 4
    assert all(len(board.games) == 2 for board in match.boards)
    # Two games a board: 4 boards x 2 games x 2 points shared between the teams.
    assert match.board_points_a + match.board_points_b == 16
    api = client.get(f"/api/events/{event.slug}/team-matches/").json()
    api = api.get("results", api)
    assert [len(board["games"]) for board in api[0]["boards"]] == [2, 2, 2, 2]


def test_a_team_rounds_boards_are_not_checked_as_individual_pairings(league):
    """The boards follow the team matches: the players' own Berger table would flag each
    one before publishing (found by the organizer's journey)."""
    from tournaments.selectors.round_warnings import round_warnings

    event, user = league
    round_ = team_round_schedule(event=event, user=user)
    team_round_pair(round=round_, user=user)
    warnings = round_warnings(round_)
    assert len(warnings) == 4 and not any(warnings.values())


def test_the_team_matches_page_links_each_boards_games(league, client):
    event, user = league
    event.games_per_pairing = 2
    event.save()
    _played_round(event, user)
    page = client.get(f"/events/{event.slug}/team-matches/")
    games = Game.objects.filter(pairing__round__event=event).order_by("pk")
    assert games.count() == 8
    for game in games:
        assert f'href="/events/{event.slug}/games/{game.pk}/"' in page.text
    assert client.get(f"/events/{event.slug}/games/{games[0].pk}/").status_code == 200
