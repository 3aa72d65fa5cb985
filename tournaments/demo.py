"""Demo data: a 40-player Swiss (5 of 9 rounds played) and a 10-player round robin (4 of 9
played, round 5 under way), an English draughts round robin on the 3-move ballot with 2-game
pairings (2 of 7 rounds played with game records, one flagged by the verification
and disputed; round 3 drawn) and a Russian draughts round robin on the FMJD
Drawing Table 64 (2 of 5 played), a club league of six teams of eight boards (3 of 5
rounds played, one penalty, one forfeited board, round 4 scheduled for the lineups, the
captain of its first team a login of his own: ``demo-captain``), a team
Swiss of eight teams of four boards paired by FIDE C.04.6 (3 of 5 rounds played) and a team
match of two teams of four boards playing two games a board, loaded through the services by
`manage.py load_demo`.
The game records of the English and Bashni events are made by `records` (games.demo.records_demo,
passed by the command, which sees both apps: tournaments never imports games).

Two FMJD lists (two dates) are imported; the Swiss froze its ratings from the older one and
keeps them after the newer one (its rating report is in the admin and the API); it has
three rating groups (below 2100, 2100-2299, 2300 and above).

Results come from the ratings (Elo expectation, a third of the games drawn) with a seeded
random generator, one per event, so every load gives the same events and results (the ballot
cards alone are drawn anew, from seeds of ``secrets`` as in a real event, and with them the
moves of the ballot event's records). Loading is idempotent: players are
found by their demo FMJD id (a number from ``DEMO_FMJD_ID``), an event whose slug exists is
left as it is.
"""

import csv
import datetime
import io
import random
import secrets
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, Permission
from django.db import transaction
from django.utils import timezone

from tournaments import hooks
from tournaments.models import (
    BallotDeck,
    Event,
    Game,
    GameResult,
    Player,
    RatingList,
    RatingPolicy,
    RatingSource,
    Round,
    System,
    Title,
)
from tournaments.ratings.lists_import import (
    LIST_FIELDS,
    rating_list_apply,
    rating_list_plan,
)
from tournaments.services import (
    ballots,
    events,
    pairing_numbers,
    registrations,
    results,
    rounds,
    schedule,
)
from tournaments.teams import services as teams
from tournaments.teams.models import Team, TeamCompetition, TeamMember

ORGANIZER_USERNAME = "demo-organizer"
#: The login of the league's first team's captain, who sets its lineups on the site.
CAPTAIN_USERNAME = "demo-captain"
#: The English ballot event (2-game pairings, cards drawn, game records).
ENGLISH_BALLOT_SLUG = "demo-english-ballot"
SEED = 2026
#: The club league (team competition).
TEAM_LEAGUE_SLUG = "demo-team-league"
NATIONS_CUP_SLUG = "demo-nations-cup"
#: Its six clubs.
CLUBS = ("Het Noorden", "Lille Damiers", "Dakar Dames", "Minsk 64", "Riga Centrs", "Yaoundé Club")
#: The team Swiss (FIDE C.04.6) and its eight national teams.
TEAM_SWISS_SLUG = "demo-team-swiss"
NATIONS = (
    "Netherlands",
    "Russia",
    "France",
    "Senegal",
    "Latvia",
    "Ukraine",
    "Poland",
    "Cameroon",
)
#: The team match of two-game boards.
TEAM_MATCH_SLUG = "demo-team-match"
#: The demo players' FMJD ids are numbers, as FMJD's are, from ``DEMO_FMJD_ID + 1``: the TRF
#: export writes them in the player record's id columns, which readers take as a number
#: (TRF-2026, columns 58-68).
DEMO_FMJD_ID = 99_000_000

#: (federation, first names, last names): draughts countries, names as found in their clubs.
NAMES = (
    (
        "NED",
        ("Jan", "Roel", "Pim", "Alexander", "Erik", "Harm"),
        (
            "de Vries",
            "Bakker",
            "Wiersma",
            "Jansen",
            "Van der Meer",
            "Postma",
            "Hoekstra",
            "Groenendijk",
            "Kok",
        ),
    ),
    (
        "RUS",
        ("Aleksandr", "Dmitri", "Ivan", "Sergei", "Tamara", "Nikolai"),
        ("Kuznetsov", "Smirnov", "Волков", "Morozov", "Petrov", "Sokolova", "Orlov", "Lebedev"),
    ),
    (
        "FRA",
        ("Arnaud", "Luc", "Thomas", "Julien", "Claire", "Pierre"),
        ("Durand", "Lefèvre", "Moreau", "Girard", "Fournier", "Rousseau", "Blanc", "Mercier"),
    ),
    (
        "SEN",
        ("Ndiaga", "Bassirou", "Mamadou", "Ousmane", "Awa", "Cheikh"),
        ("Ndiaye", "Diop", "Samb", "Fall", "Sarr", "Ba", "Gueye", "Faye"),
    ),
    (
        "LAT",
        ("Guntis", "Raimonds", "Zoja", "Andris", "Ilze"),
        ("Ozoliņš", "Bērziņš", "Kalniņš", "Liepa", "Krūmiņa", "Vītols", "Zariņš"),
    ),
    (
        "UKR",
        ("Yuri", "Olena", "Taras", "Andriy"),
        ("Kovalenko", "Shevchenko", "Bondarenko", "Melnyk", "Tkachenko"),
    ),
    (
        "POL",
        ("Marek", "Natalia", "Tomasz"),
        ("Nowak", "Kowalski", "Wiśniewska", "Lewandowski", "Zieliński"),
    ),
    ("CMR", ("Jean-Marc", "Serge"), ("Ngono", "Mbarga", "Fouda", "Essomba")),
)

#: The Russian first names in Cyrillic, for a player whose last name the demo writes so
#: (Волков, who plays the Swiss, the Bashni evening and the team events: the player
#: directory finds him as "Volkov" and as "Волков").
CYRILLIC_FIRST_NAMES = {
    "Aleksandr": "Александр",
    "Dmitri": "Дмитрий",
    "Ivan": "Иван",
    "Sergei": "Сергей",
    "Tamara": "Тамара",
    "Nikolai": "Николай",
}


@dataclass
class DemoReport:
    organizer: str
    password: str
    #: The team whose captain logs in as CAPTAIN_USERNAME (same password), "" when none.
    captained: str = ""
    events_created: list[str] = field(default_factory=list)
    events_kept: list[str] = field(default_factory=list)
    players: int = 0


#: Adds game records to a demo event: called as records(event=, user=, rng=).
RecordsLoader = Callable[..., None]


def load_demo(*, records: RecordsLoader, only: Collection[str] = ()) -> DemoReport:
    """Create (or complete) the demo data; the organizer gets a new generated password.
    ``records`` adds the game records of the events that have some (games.demo.records_demo);
    ``only`` names the events to build when not all are needed (the players, rating lists and
    accounts are always made)."""
    rng = random.Random(SEED)
    password = secrets.token_urlsafe(12)
    with transaction.atomic():
        organizer = _organizer(password)
        players = _players(rng)
        _rating_lists(players, organizer)
        report = DemoReport(organizer=organizer.get_username(), password=password)
        report.players = len(players)
        loaders: list[tuple[str, Callable[..., Event]]] = [
            ("demo-swiss", _swiss),
            ("demo-round-robin", _round_robin),
            (ENGLISH_BALLOT_SLUG, _english_ballot),
            ("demo-russian-table", _russian_table),
            ("demo-bashni", _bashni_club),
            (TEAM_LEAGUE_SLUG, team_league),
            (NATIONS_CUP_SLUG, _nations_cup),
            (TEAM_SWISS_SLUG, team_swiss),
            (TEAM_MATCH_SLUG, team_match),
            *hooks.DEMO_EVENTS,
        ]
        for slug, loader in loaders:
            if only and slug not in only:
                continue
            existing = Event.objects.filter(slug=slug).first()
            if existing:
                existing.organizers.add(organizer)
                report.events_kept.append(existing.name)
                continue
            # Each event draws from a generator of its own: what one event draws (its
            # records' moves, its pairings) never changes the results of the next.
            event = loader(organizer, players, random.Random(f"{SEED}:{slug}"), records)
            _schedule(event, organizer)
            report.events_created.append(event.name)
        report.captained = _captain(password)
    return report


def _schedule(event: Event, user: AbstractBaseUser) -> None:
    """Two rounds a day from the first day, at 10:00 and 15:00 (the server's time zone)."""
    for number in range(1, schedule.event_round_count(event) + 1):
        day = event.start_date + datetime.timedelta(days=(number - 1) // 2)
        hour = 10 if number % 2 else 15
        starts_at = timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour)))
        schedule.round_time_set(event=event, number=number, starts_at=starts_at, user=user)


def _captain(password: str) -> str:
    """The league's first team's captain gets the login CAPTAIN_USERNAME (his player's
    account: tournaments.access.may_captain) with the organizer's new password; the team's
    name, or "" when the league or its captain is missing or already has another account."""
    team = (
        Team.objects.filter(event__slug=TEAM_LEAGUE_SLUG, number=1)
        .select_related("captain", "event")
        .first()
    )
    if team is None or team.captain is None:
        return ""
    user, _ = get_user_model().objects.get_or_create(username=CAPTAIN_USERNAME)
    user.set_password(password)
    user.save()
    captain = team.captain
    if captain.user_id is None:
        captain.user = user
        captain.save(update_fields=["user"])
    if captain.user_id != user.pk:
        return ""
    return (
        f"{team.name} ({team.event.name}, /events/{team.event.slug}/teams/{team.number}/lineups/)"
    )


def _organizer(password: str) -> AbstractBaseUser:
    user, _ = get_user_model().objects.get_or_create(
        username=ORGANIZER_USERNAME, defaults={"is_staff": True}
    )
    user.is_staff = True
    user.set_password(password)
    user.save()
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label__in=hooks.ORGANIZER_APPS)
    )
    return user


def _players(rng: random.Random) -> list[Player]:
    """50 players with FMJD-like ratings (1900-2450) and a few titles."""
    people = []
    for rank in range(max(len(lasts) for _, _, lasts in NAMES)):  # federations interleaved
        for federation, firsts, lasts in NAMES:
            if rank < len(lasts):
                first = rng.choice(firsts)
                if not lasts[rank].isascii() and first in CYRILLIC_FIRST_NAMES:
                    first = CYRILLIC_FIRST_NAMES[first]
                people.append((federation, first, lasts[rank]))
    people = people[:50]
    players = []
    for index, (federation, first, last) in enumerate(people):
        rating = rng.randint(1900, 2450)
        title = (
            Title.GMI
            if rating > 2380
            else Title.MI
            if rating > 2300
            else Title.MF
            if rating > 2250
            else Title.NONE
        )
        player, _ = Player.objects.get_or_create(
            fmjd_id=str(DEMO_FMJD_ID + index + 1),
            defaults={
                "first_name": first,
                "last_name": last,
                "federation": federation,
                "rating": rating,
                "title": title,
                "club": f"{federation} draughts club",
            },
        )
        players.append(player)
    return players


def _rating_lists(players: list[Player], user: AbstractBaseUser) -> None:
    """Two FMJD 100-square lists, imported through the list import like an organizer's files:
    the older one holds the players' ratings and is the list the Swiss froze at round 1 (its
    list date is the day before it started); the newer one, published after that, moves each
    rating a little and changes nothing in the Swiss. Loaded once (found by file name)."""
    if RatingList.objects.filter(file_name__startswith="demo-fmjd-").exists():
        return
    moves = random.Random(SEED + 1)
    today = datetime.date.today()
    lists = (
        (today - datetime.timedelta(days=60), {p.pk: p.rating for p in players}),
        (
            today - datetime.timedelta(days=1),
            {p.pk: p.rating + moves.randint(-30, 30) for p in players},
        ),
    )
    for published, ratings in lists:
        buffer = io.StringIO()
        writer = csv.writer(buffer, quoting=csv.QUOTE_ALL)
        writer.writerow(LIST_FIELDS)
        for player in players:
            writer.writerow(
                (
                    player.fmjd_id,
                    "",
                    player.last_name,
                    player.first_name,
                    player.federation,
                    player.title,
                    ratings[player.pk],
                    "",
                    "",
                )
            )
        data = buffer.getvalue().encode()
        source = RatingSource.FMJD_100
        plan = rating_list_plan(data, source=source, published=published)
        rating_list_apply(
            data,
            source=source,
            published=published,
            file_name=f"demo-fmjd-{published.isoformat()}.csv",
            digest=plan.digest,
            accepted=(),
            user=user,
        )


def _outcome(rng: random.Random, white: int, black: int) -> str:
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    roll = rng.random()
    if roll < 0.33:
        return GameResult.DRAW
    return GameResult.WHITE_WIN if rng.random() < expected else GameResult.BLACK_WIN


def _play(round_: Round, user, rng: random.Random, *, forfeit_board: int | None = None) -> None:
    round_ = _publish(round_, user)
    games = Game.objects.filter(pairing__round=round_).select_related("white", "black", "pairing")
    for game in games.order_by("pairing__board", "index"):
        if game.pairing.board == forfeit_board:
            result = GameResult.WHITE_FORFEIT_WIN
        else:
            result = _outcome(rng, game.white.rating, game.black.rating)
        results.result_record(game=game, result=result, user=user)
    rounds.round_complete(round=round_, user=user)


def _swiss(user, players: list[Player], rng: random.Random, records: RecordsLoader) -> Event:
    start = datetime.date.today() - datetime.timedelta(days=4)
    event = events.event_create(
        user=user,
        published=True,
        name="Damier Open (demo)",
        slug="demo-swiss",
        variant="international",
        start_date=start,
        end_date=start + datetime.timedelta(days=8),
        system=System.SWISS,
        number_of_rounds=9,
        venue="Salle des fêtes, Lille",
        chief_arbiter="Demo Arbiter",
        tiebreaks=["TSOL", "SB", "WON"],
        rating_policy=RatingPolicy.FMJD,
        rating_list_date=start - datetime.timedelta(days=1),
        rating_k=20,
        rating_groups=[2100, 2300],
    )
    entries = [
        registrations.registration_add(event=event, player=player, user=user)
        for player in players[:39]
    ]
    registrations.bye_request_add(registration=entries[5], round_number=3, user=user)
    registrations.bye_request_add(registration=entries[20], round_number=4, user=user)
    for number in range(1, 6):
        if number == 3:
            registrations.registration_add(
                event=event, player=players[39], user=user, missed_rounds_half_point=True
            )
        if number == 4:
            registrations.registration_withdraw(registration=entries[30], from_round=4, user=user)
        round_ = rounds.round_pair(event=event, user=user)
        _play(round_, user, rng, forfeit_board=7 if number == 2 else None)
    return event


def _round_robin(user, players: list[Player], rng: random.Random, records: RecordsLoader) -> Event:
    start = datetime.date.today() - datetime.timedelta(days=3)
    event = events.event_create(
        user=user,
        published=True,
        name="Damier Masters (demo)",
        slug="demo-round-robin",
        variant="international",
        start_date=start,
        end_date=start + datetime.timedelta(days=8),
        system=System.ROUND_ROBIN,
        venue="Dammenhuis, Amsterdam",
        chief_arbiter="Demo Arbiter",
        tiebreaks=["SB", "WON", "DE"],
    )
    _register_and_play(event, players[40:50], user, rng, rounds_played=4)
    # The last seed withdraws after round 4 (4 of 9 games: annulled, C.06 V.4.1): his round-5
    # game is created as his forfeit, and the pages show the withdrawal and the rule.
    leaver = event.registrations.order_by("-pairing_number").first()
    registrations.registration_withdraw(registration=leaver, from_round=5, user=user)
    round_5 = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
    # One board of round 5 is over; the three others are relayed live (games.relay.demo):
    # one ends with its result, one is flagged for an illegal move, one goes on.
    pending = Game.objects.filter(pairing__round=round_5, result=GameResult.PENDING)
    for game in pending.order_by("pairing__board")[:1]:
        results.result_record(
            game=game, result=_outcome(rng, game.white.rating, game.black.rating), user=user
        )
    return event


def _register_and_play(
    event: Event,
    players: list[Player],
    user,
    rng: random.Random,
    *,
    rounds_played: int,
    numbers_by_lot: bool = False,
) -> None:
    """Register ``players`` (strongest first), with ``numbers_by_lot`` draw a round robin's
    pairing numbers (the event's slug as the seed, so the demo is the same every time), and
    pair, publish and play ``rounds_played`` rounds."""
    for player in sorted(players, key=lambda p: -p.rating):
        registrations.registration_add(event=event, player=player, user=user)
    if numbers_by_lot:
        pairing_numbers.pairing_numbers_draw(event=event, user=user, seed=event.slug)
    for _ in range(rounds_played):
        _play(rounds.round_pair(event=event, user=user), user, rng)


def _publish(round_: Round, user) -> Round:
    """Publish a round and, on a ballot event, draw its cards."""
    round_ = rounds.round_publish(round=round_, user=user)
    if round_.event.ballot_deck_id is not None:
        ballots.ballot_draw(round=round_, user=user)
    return round_


def _english_ballot(
    user, players: list[Player], rng: random.Random, records: RecordsLoader
) -> Event:
    """8 players, 2-game pairings on the ACF/WCDF 3-move ballot (one card per pairing)."""
    start = datetime.date.today() - datetime.timedelta(days=2)
    event = events.event_create(
        user=user,
        published=True,
        name="English Draughts Open (demo)",
        slug=ENGLISH_BALLOT_SLUG,
        variant="english",
        start_date=start,
        end_date=start + datetime.timedelta(days=6),
        system=System.ROUND_ROBIN,
        games_per_pairing=2,
        ballot_deck=BallotDeck.objects.get(slug="english-3-move"),
        ballot_policy="pairing",
        venue="Town Hall, Blackpool",
        chief_arbiter="Demo Arbiter",
        tiebreaks=["SB", "WON"],
    )
    _register_and_play(event, players[:8], user, rng, rounds_played=2)
    _publish(rounds.round_pair(event=event, user=user), user)
    records(event=event, user=user, rng=rng)
    return event


def _russian_table(
    user, players: list[Player], rng: random.Random, records: RecordsLoader
) -> Event:
    """6 players, one card per round for all boards from the FMJD Drawing Table 64."""
    start = datetime.date.today() - datetime.timedelta(days=1)
    event = events.event_create(
        user=user,
        published=True,
        name="Shashki Cup (demo)",
        slug="demo-russian-table",
        variant="russian",
        start_date=start,
        end_date=start + datetime.timedelta(days=4),
        system=System.ROUND_ROBIN,
        ballot_deck=BallotDeck.objects.get(slug="fmjd-64"),
        ballot_policy="round",
        venue="Chess and Draughts Club, Riga",
        chief_arbiter="Demo Arbiter",
        tiebreaks=["SB", "WON"],
    )
    _register_and_play(event, players[8:14], user, rng, rounds_played=2, numbers_by_lot=True)
    _publish(rounds.round_pair(event=event, user=user), user)
    return event


def _bashni_club(user, players: list[Player], rng: random.Random, records: RecordsLoader) -> Event:
    """4 players of a club's column draughts (Bashni) evening, 2 rounds played, with records."""
    today = datetime.date.today()
    event = events.event_create(
        user=user,
        published=True,
        name="Bashni Club Evening (demo)",
        slug="demo-bashni",
        variant="bashni",
        start_date=today,
        end_date=today,
        system=System.ROUND_ROBIN,
        venue="Draughts Club, Kazan",
        chief_arbiter="Demo Arbiter",
        tiebreaks=["SB", "WON"],
    )
    _register_and_play(event, players[14:18], user, rng, rounds_played=2)
    records(event=event, user=user, rng=rng)
    return event


def team_league(user, players: list[Player], rng: random.Random, records=None) -> Event:
    """A club league: six teams of eight boards (the 48 strongest players; the two others
    are reserves of the first two teams), 2/1/0 match points, board points then head-to-head
    then team Sonneborn-Berger. Rounds 1-3 played: in round 2 the first board of the first
    team is absent and a reserve plays, in round 3 the last team leaves board 8 empty (a
    forfeit); the second team has a two-match-point penalty. Round 4 is scheduled, its
    lineups open."""
    start = datetime.date.today() - datetime.timedelta(days=21)
    event = events.event_create(
        user=user,
        published=True,
        name="Club league (demo)",
        slug=TEAM_LEAGUE_SLUG,
        variant="international",
        start_date=start,
        end_date=start + datetime.timedelta(days=35),
        system=System.ROUND_ROBIN,
        venue="Clubs at home",
        chief_arbiter="Demo Arbiter",
    )
    TeamCompetition.objects.create(event=event, boards=8, tiebreaks=["BP", "DE", "TSB"])
    ranked = sorted(players, key=lambda p: -p.rating)
    entries = {
        player.pk: registrations.registration_add(event=event, player=player, user=user)
        for player in ranked
    }
    for index, club in enumerate(CLUBS):
        squad = ranked[index::6][:8] + ([ranked[48 + index]] if index < 2 else [])
        team = Team.objects.create(
            event=event, number=index + 1, name=club, club=club, captain=squad[0]
        )
        # A league's players play for their club: each is a member of his team's club.
        Player.objects.filter(pk__in=[player.pk for player in squad]).update(club=club)
        for order, player in enumerate(squad, start=1):
            TeamMember.objects.create(
                team=team, registration=entries[player.pk], order=order, reserve=order > 8
            )
    for number in range(1, 4):
        round_ = teams.team_round_schedule(event=event, user=user)
        for match in round_.team_matches.select_related("team_a", "team_b"):
            for team in (match.team_a, match.team_b):
                lineup = teams.lineup_of(match, team)
                if number == 2 and team.number == 1:
                    lineup = [*lineup[1:], teams.roster(team)[8]]
                if number == 3 and team.number == 6:
                    lineup = [*lineup[:7], None]
                teams.lineup_set(match=match, team=team, members=lineup, user=user)
        _play(teams.team_round_pair(round=round_, user=user), user, rng)
    second = Team.objects.get(event=event, number=2)
    teams.adjustment_add(
        team=second,
        match_points=-2,
        reason="Ineligible player fielded in round 1 (league regulations)",
        user=user,
    )
    teams.team_round_schedule(event=event, user=user)
    return event


def _nations_cup(user, players: list[Player], rng: random.Random, records=None) -> Event:
    """An individual Swiss whose federations are ranked as teams (docs/rules/tournaments.md
    §7.5): each player's team is his federation, the best three count, and compatriots are
    never paired; five rounds of seven played."""
    start = datetime.date.today() - datetime.timedelta(days=5)
    event = events.event_create(
        user=user,
        published=True,
        name="Nations Cup (demo)",
        slug=NATIONS_CUP_SLUG,
        variant="international",
        start_date=start,
        end_date=start + datetime.timedelta(days=7),
        system=System.SWISS,
        number_of_rounds=7,
        venue="Palais des congrès, Dakar",
        chief_arbiter="Demo Arbiter",
        tiebreaks=["TSOL", "SB"],
        team_score_members=3,
        never_pair_team_mates=True,
    )
    entries = [
        registrations.registration_add(event=event, player=player, user=user)
        for player in sorted(players[:36], key=lambda p: -p.rating)
    ]
    registrations.team_labels_set(
        event=event, labels={e.pk: e.player.federation for e in entries}, user=user
    )
    for _ in range(5):
        _play(rounds.round_pair(event=event, user=user), user, rng)
    return event


def _teams(event: Event, squads: list[tuple[str, list[Player]]], user) -> None:
    """Register the squads' players and make each squad a team, in order, its first player
    its captain."""
    for number, (name, squad) in enumerate(squads, start=1):
        team = Team.objects.create(
            event=event, number=number, name=name, club=name, captain=squad[0]
        )
        for order, player in enumerate(squad, start=1):
            entry = registrations.registration_add(event=event, player=player, user=user)
            TeamMember.objects.create(team=team, registration=entry, order=order)


def team_swiss(user, players: list[Player], rng: random.Random, records=None) -> Event:
    """A team Swiss: eight national teams of four boards (the players of one federation, or
    a mixed squad where a federation has too few), paired by FIDE C.04.6 with type A colours,
    2/1/0 match points, board points then team Sonneborn-Berger. Rounds 1-3 played with the
    roster order as lineup."""
    start = datetime.date.today() - datetime.timedelta(days=2)
    event = events.event_create(
        user=user,
        published=True,
        name="Team Swiss (demo)",
        slug=TEAM_SWISS_SLUG,
        variant="international",
        start_date=start,
        end_date=start + datetime.timedelta(days=4),
        system=System.SWISS,
        number_of_rounds=5,
        venue="Palais des sports, Dakar",
        chief_arbiter="Demo Arbiter",
    )
    TeamCompetition.objects.create(event=event, boards=4, tiebreaks=["BP", "TSB"])
    ranked = sorted(players, key=lambda p: -p.rating)
    squads = [(nation, ranked[index::8][:4]) for index, nation in enumerate(NATIONS)]
    _teams(event, squads, user)
    for _ in range(3):
        round_ = teams.team_round_schedule(event=event, user=user)
        _play(teams.team_round_pair(round=round_, user=user), user, rng)
    return event


def team_match(user, players: list[Player], rng: random.Random, records=None) -> Event:
    """One team match of two clubs on four boards, each board two games (colours swapped in
    the second), played."""
    start = datetime.date.today() - datetime.timedelta(days=7)
    event = events.event_create(
        user=user,
        published=True,
        name="Two-game team match (demo)",
        slug=TEAM_MATCH_SLUG,
        variant="international",
        start_date=start,
        end_date=start,
        system=System.ROUND_ROBIN,
        games_per_pairing=2,
        venue="Dammenhuis, Amsterdam",
        chief_arbiter="Demo Arbiter",
    )
    TeamCompetition.objects.create(event=event, boards=4, tiebreaks=["BP"])
    ranked = sorted(players[:16], key=lambda p: -p.rating)
    _teams(event, [(CLUBS[0], ranked[0::2][:4]), (CLUBS[1], ranked[1::2][:4])], user)
    round_ = teams.team_round_schedule(event=event, user=user)
    _play(teams.team_round_pair(round=round_, user=user), user, rng)
    return event
