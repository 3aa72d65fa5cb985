"""Events made and played through the services, for the tests that read back what they record
(the TRF export and import, the TRF journey): every player with an FMJD id, every game's result
drawn from a fixed cycle, a withdrawal where asked."""

import datetime
from decimal import Decimal

from tests.factories import PlayerFactory
from tournaments.models import Event, Game, GameResult
from tournaments.services import events, registrations, results, rounds
from tournaments.values import ScoringSystem

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
    event = events.event_create(
        user=user,
        name=f"Record {system} {games}",
        slug=f"record-{system}-{games}",
        variant="international",
        start_date=datetime.date(2026, 7, 1),
        end_date=datetime.date(2026, 7, 9),
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


#: One point a win, half a draw (the scores of the worked example of a team ranking).
ONE_POINT_A_WIN = ScoringSystem(
    win=Decimal(1),
    draw=Decimal("0.5"),
    forfeit_win=Decimal(1),
    pairing_bye=Decimal(1),
    half_bye=Decimal("0.5"),
    full_bye=Decimal(1),
)

#: docs/rules/tournaments.md §7.5, the worked example: six team mates scoring 5, 4, 4, 3.5, 3
#: and 0 in five rounds, their results round by round (W win, D draw, L loss).
WORKED_TEAM = ("WWWWW", "WWWWL", "LWWWW", "WWWDL", "WWWLL", "LLLLL")

_STEERED = {"W": GameResult.WHITE_WIN, "D": GameResult.DRAW, "L": GameResult.BLACK_WIN}
_REVERSED = {"W": GameResult.BLACK_WIN, "D": GameResult.DRAW, "L": GameResult.WHITE_WIN}


def play_steered(event: Event, user, *, steered: dict[int, str], first: int, last: int) -> None:
    """Pair, publish, enter and complete rounds ``first``..``last`` of a Swiss; a player of
    ``steered`` (pairing number -> results by round, W/D/L) gets his result, every other game
    is drawn. Two steered players never meet when they are team mates of an event that never
    pairs them (AssertionError otherwise)."""
    for number in range(first, last + 1):
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
