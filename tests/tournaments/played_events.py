"""Events made and played through the services, for the tests that read back what they record
(the TRF export and import, the TRF journey): every player with an FMJD id, every game's result
drawn from a fixed cycle, a withdrawal where asked."""

from tests.factories import ONE_POINT_A_WIN, PlayerFactory, event_made
from tournaments.models import Event, Game, GameResult
from tournaments.services import registrations, results, rounds

#: Results by (round + white + black + game index) mod 7: wins both ways, draws, a forfeit.
_CYCLE = (
    GameResult.WHITE_WIN,
    GameResult.DRAW,
    GameResult.BLACK_WIN,
    GameResult.WHITE_WIN,
    GameResult.BLACK_FORFEIT_WIN,
    GameResult.DRAW,
    GameResult.BLACK_WIN,
)


def make_event(user, *, system: str, players: int, games: int = 1, **options) -> Event:
    event = event_made(
        user,
        name=f"Record {system} {games}",
        slug=f"record-{system}-{games}",
        system=system,
        number_of_rounds=options.pop("number_of_rounds", None),
        games_per_pairing=games,
        tiebreaks=options.pop("tiebreaks", ["SB", "TSOL", "WON"]),
        published=True,
        **options,
    )
    for index in range(players):
        registrations.registration_add(
            event=event,
            player=PlayerFactory(rating=2400 - 10 * index, fmjd_id=f"{16000 + index}"),
            user=user,
        )
    return event


def play(event: Event, user, *, rounds_to_play: int, withdraw: tuple[int, int] | None = None):
    """Pair, publish, enter every game by the cycle above, complete; ``withdraw`` is
    (pairing number, round): that player withdraws before that round is paired."""
    for number in range(1, rounds_to_play + 1):
        if withdraw and withdraw[1] == number:
            registration = event.registrations.get(pairing_number=withdraw[0])
            registrations.registration_withdraw(
                registration=registration, from_round=number, user=user
            )
        round_ = rounds.round_pair(event=event, user=user)
        rounds.round_publish(round=round_, user=user)
        for game in Game.objects.filter(pairing__round=round_).select_related("white", "black"):
            key = number + game.white.pairing_number + game.black.pairing_number + game.index
            results.result_record(game=game, result=_CYCLE[key % len(_CYCLE)], user=user)
        rounds.round_complete(round=round_, user=user)


#: docs/rules/tournaments.md §7.5, the worked example: six team mates scoring 5, 4, 4, 3.5, 3
#: and 0 in five rounds, their results round by round (W win, D draw, L loss).
WORKED_TEAM = ("WWWWW", "WWWWL", "LWWWW", "WWWDL", "WWWLL", "LLLLL")

_STEERED = {"W": GameResult.WHITE_WIN, "D": GameResult.DRAW, "L": GameResult.BLACK_WIN}
_REVERSED = {"W": GameResult.BLACK_WIN, "D": GameResult.DRAW, "L": GameResult.WHITE_WIN}


#: The teams of national_team_swiss by pairing number; 15 and 16 have no team.
NATIONAL_TEAMS = {"NED": (1, 3, 6, 8, 11, 14), "FRA": (2, 5, 9, 12), "POL": (4, 7, 10, 13)}


def national_team_swiss(user, *, labelled: bool = True, **options) -> Event:
    """A Swiss of 16 players in five rounds, one point a win, whose teams (NATIONAL_TEAMS,
    when ``labelled``) are ranked by their best four and never paired together; the
    Netherlands' six are steered to the worked example (WORKED_TEAM) by play_steered."""
    number = Event.objects.count()
    event = event_made(
        user,
        name=options.pop("name", f"National teams {number}"),
        slug=options.pop("slug", f"national-teams-{number}"),
        system="swiss",
        number_of_rounds=5,
        scoring=ONE_POINT_A_WIN,
        tiebreaks=["TSOL", "SB"],
        published=True,
        team_score_members=options.pop("team_score_members", 4),
        never_pair_team_mates=options.pop("never_pair_team_mates", True),
        **options,
    )
    for index in range(16):
        registrations.registration_add(
            event=event, player=PlayerFactory(rating=2400 - 10 * index), user=user
        )
    if labelled:
        by_number = dict(event.registrations.values_list("pairing_number", "pk"))
        registrations.team_labels_set(
            event=event,
            labels={by_number[n]: team for team, ns in NATIONAL_TEAMS.items() for n in ns},
            user=user,
        )
    return event


def steered_netherlands() -> dict[int, str]:
    """The worked example's results for the Netherlands' six of national_team_swiss."""
    return dict(zip(NATIONAL_TEAMS["NED"], WORKED_TEAM, strict=True))


def play_steered(event: Event, user, *, steered: dict[int, str], first: int, last: int) -> None:
    """Pair, publish, enter and complete rounds ``first``..``last`` of a Swiss; a player of
    ``steered`` (pairing number -> results by round, W/D/L) gets his result, every other game
    is drawn. Two steered players never meet when they are team mates of an event that never
    pairs them (AssertionError otherwise)."""
    for number in range(first, last + 1):
        round_ = event.rounds.filter(number=number).first()  # paired already (a journey)
        if round_ is None:
            round_ = rounds.round_pair(event=event, user=user)
        rounds.round_publish(round=round_, user=user)
        games = Game.objects.filter(pairing__round=round_).select_related("white", "black")
        for game in games:
            white, black = game.white.pairing_number, game.black.pairing_number
            assert not (white in steered and black in steered), (white, black)
            if white in steered:
                result = _STEERED[steered[white][number - 1]]
            elif black in steered:
                result = _REVERSED[steered[black][number - 1]]
            else:
                result = GameResult.DRAW
            results.result_record(game=game, result=result, user=user)
        rounds.round_complete(round=round_, user=user)
