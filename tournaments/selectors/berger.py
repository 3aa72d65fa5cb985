"""Reads of a round robin's schedule in advance: once its pairing numbers are drawn or set
(tournaments.services.pairing_numbers), every round's boards and colours from the Berger table
(tournaments.pairing.berger), as the public event page shows them and round_pair will pair them."""

from dataclasses import dataclass

from tournaments.models import Event, PairingNumberDraw, System
from tournaments.pairing.berger import berger_rounds, round_pairs
from tournaments.selectors.lists import PublicPlayer, player_list


@dataclass(frozen=True)
class ScheduledBoard:
    board: int
    white: PublicPlayer
    black: PublicPlayer | None  # None: the rest of an odd round robin (C.05 Annex 1)


@dataclass(frozen=True)
class ScheduledRoundPairings:
    number: int
    boards: list[ScheduledBoard]


def standing_number_draw(event: Event) -> PairingNumberDraw | None:
    """The event's last pairing-number draw while it still holds: the registrations are the
    ones drawn, with the numbers drawn (a player added or renumbered since voids it)."""
    draw = event.pairing_number_draws.order_by("-drawn_at", "-pk").first()
    if draw is None:
        return None
    current = {
        str(pk): number for pk, number in event.registrations.values_list("pk", "pairing_number")
    }
    return draw if current == draw.numbers else None


def berger_schedule(event: Event) -> list[ScheduledRoundPairings]:
    """Every round of round robin ``event`` as the Berger table pairs it with the standing
    draw's numbers (the second cycle of a double round robin with the colours reversed, and
    the first cycle's last two rounds swapped when the event says so); empty for a Swiss or
    before the numbers are drawn."""
    if event.system == System.SWISS or standing_number_draw(event) is None:
        return []
    registrations = {player.number: player for player in player_list(event)}
    double = event.system == System.DOUBLE_ROUND_ROBIN
    rounds = []
    for number in range(1, berger_rounds(len(registrations), double=double) + 1):
        pairs = round_pairs(
            len(registrations), number, double=double, swap_last_two=event.swap_last_two
        )
        boards = [
            ScheduledBoard(
                board=board,
                white=registrations[pair.white],
                black=None if pair.black is None else registrations[pair.black],
            )
            for board, pair in enumerate(pairs, start=1)
        ]
        rounds.append(ScheduledRoundPairings(number=number, boards=boards))
    return rounds
