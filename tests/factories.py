"""factory-boy factories for the tournament rows (the services are used where rules matter)."""

import datetime
import random
from decimal import Decimal

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction
from django.db.models import Q

from tournaments import demo
from tournaments.models import Event, Game, GameResult, Player, Registration, Round, System
from tournaments.services import results, rounds
from tournaments.teams import services as teams
from tournaments.teams.models import Team, TeamCompetition, TeamMember
from tournaments.values import ScoringSystem

#: One point a win, half a draw (the chess scores FIDE's texts and examples use).
ONE_POINT_A_WIN = ScoringSystem(
    win=Decimal(1),
    draw=Decimal("0.5"),
    forfeit_win=Decimal(1),
    pairing_bye=Decimal(1),
    half_bye=Decimal("0.5"),
    full_bye=Decimal(1),
)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    is_staff = True


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    first_name = factory.Faker("first_name")
    last_name = factory.Sequence(lambda n: f"Player{n:04d}")
    federation = "NED"
    rating = factory.Sequence(lambda n: 2400 - n)
    email = factory.LazyAttribute(lambda p: f"{p.last_name.lower()}@example.org")
    phone = "+31 20 555 0100"
    birth_date = datetime.date(1990, 1, 1)


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    variant = "international"
    start_date = datetime.date(2026, 7, 1)
    end_date = datetime.date(2026, 7, 9)
    system = System.SWISS
    number_of_rounds = 5
    tiebreaks = factory.LazyFunction(lambda: ["TSOL", "SB"])
    published = True


class RegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Registration

    event = factory.SubFactory(EventFactory)
    player = factory.SubFactory(PlayerFactory)
    pairing_number = factory.Sequence(lambda n: n + 1)
    rating = factory.SelfAttribute("player.rating")


def event_made(user, *, system: str = System.SWISS, **options) -> Event:
    """An international draughts event of July 2026 created through the service; ``options``
    give its other fields, or another name, slug, variant or dates."""
    from tournaments.services.events import event_create

    number = Event.objects.count()
    defaults = {
        "name": f"Event {number}",
        "slug": f"event-{number}",
        "variant": "international",
        "start_date": datetime.date(2026, 7, 1),
        "end_date": datetime.date(2026, 7, 9),
    }
    return event_create(user=user, system=system, **(defaults | options))


def event_with_players(user, *, players: int, system: str = System.SWISS, **options) -> Event:
    """An event created and filled through the services (pairing numbers by rating),
    published unless published=False is given."""
    from tournaments.services.history import recorded_by
    from tournaments.services.registrations import registration_add

    event = event_made(
        user,
        system=system,
        number_of_rounds=options.pop("number_of_rounds", 5 if system == System.SWISS else None),
        published=options.pop("published", True),
        **options,
    )
    for index in range(players):
        player = PlayerFactory.build(rating=2400 - 10 * index)
        recorded_by(player, user).save()  # entered by the organizer, who sees their contacts
        registration_add(event=event, player=player, user=user)
    return event


def ballot_event(user, *, players: int = 4, deck="english-3-move", **options) -> Event:
    """An English round robin (unless ``options`` say otherwise) of two games a pairing on
    the ballot ``deck`` (a slug or a deck), through :func:`event_with_players`."""
    from tournaments.models import BallotDeck

    options.setdefault("system", System.ROUND_ROBIN)
    return event_with_players(
        user,
        players=players,
        variant="english",
        games_per_pairing=2,
        ballot_deck=BallotDeck.objects.get(slug=deck) if isinstance(deck, str) else deck,
        **options,
    )


def make_organizer(username: str):
    """A staff user with the tournament, game, hall and entry model permissions, and no event
    yet."""
    user = UserFactory(username=username)
    user.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label__in=("tournaments", "games", "hall", "entries")
        )
    )
    return user


def open_for_entries(user, **limits) -> Event:
    """A published Swiss of July 2026 (event_made) taking entries online now, for a day
    either side, with the entry settings `limits` (max_players, min_rating, fee...)."""
    from django.utils import timezone

    from entries.models import EntrySettings
    from entries.services import entry_settings_save

    event = event_made(user, number_of_rounds=5, published=True)
    now = timezone.now()
    rules = EntrySettings(
        event=event,
        opens_at=now - datetime.timedelta(days=1),
        closes_at=now + datetime.timedelta(days=1),
        **limits,
    )
    entry_settings_save(rules=rules, user=user)
    return event


def demo_league(organizer) -> Event:
    """The demo's club league (tournaments.demo.team_league: six teams, three rounds played),
    organized by ``organizer``. Built in one transaction: a transactional test runs each job
    in-process at each commit, so a league written commit by commit would draw its documents
    again after every lineup and result; here they are drawn once, at the end."""
    with transaction.atomic():
        return demo.team_league(
            organizer, demo._players(random.Random(demo.SEED)), random.Random(1)
        )


def played_event(user, *, players: int = 6, **options) -> tuple[Event, Round]:
    """An event of `user` whose round 1 is published with one result entered."""
    event = event_with_players(user, players=players, **options)
    round_ = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board").first()
    results.result_record(game=game, result=GameResult.WHITE_WIN, user=user)
    return event, round_


def completed_round_1(user, **options) -> Event:
    event = event_with_players(user, **options)
    round_1 = rounds.round_publish(round=rounds.round_pair(event=event, user=user), user=user)
    for game in Game.objects.filter(pairing__round=round_1):
        results.result_record(game=game, result=GameResult.DRAW, user=user)
    rounds.round_complete(round=round_1, user=user)
    return event


def team_league() -> tuple[Event, object]:
    """Four teams of two boards and one reserve: 12 registrations, team i holds the players
    3i-2 .. 3i (by registration order), the third being the reserve."""
    user = UserFactory(is_superuser=True, is_staff=True)
    event = event_with_players(user, players=12, system=System.ROUND_ROBIN)
    TeamCompetition.objects.create(event=event, boards=2)
    registrations = list(event.registrations.order_by("pk"))
    for number in range(1, 5):
        team = Team.objects.create(event=event, number=number, name=f"Team {number}")
        for order, registration in enumerate(registrations[3 * number - 3 : 3 * number], 1):
            TeamMember.objects.create(
                team=team, registration=registration, order=order, reserve=order == 3
            )
    return event, user


def played_team_league() -> tuple[Event, object]:
    """team_league() with team 1's captain (its first player), a penalty on team 2, and
    round 1 published with one board's result: team 1 fields its reserve on board 2 of
    match 1 (the lineup travels with the match)."""
    event, user = team_league()
    team_1, team_2 = event.teams.order_by("number")[:2]
    first, _, reserve = team_1.members.order_by("order")
    team_1.captain = first.registration.player
    team_1.save()
    teams.adjustment_add(team=team_2, match_points=-1, reason="Late lineup", user=user)
    round_ = teams.team_round_schedule(event=event, user=user)
    match = round_.team_matches.get(Q(team_a=team_1) | Q(team_b=team_1))
    teams.lineup_set(match=match, team=team_1, members=[first, reserve], user=user)
    round_ = rounds.round_publish(round=teams.team_round_pair(round=round_, user=user), user=user)
    game = Game.objects.filter(pairing__round=round_).order_by("pairing__board").first()
    results.result_record(game=game, result=GameResult.WHITE_WIN, user=user)
    return event, user
