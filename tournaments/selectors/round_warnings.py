"""What an arbiter should look at on a draft round's boards before publishing it: the hand
edits that break a pairing rule, read from the pure checks of
:mod:`tournaments.pairing.criteria` and said in the page's language."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.hooks import is_team_competition
from tournaments.models import Pairing, Round, System
from tournaments.pairing.berger import round_pairs
from tournaments.pairing.criteria import Breach, board_breaches, table_breach
from tournaments.selectors.state import tournament_state
from tournaments.values import ByeKind, Colour


@dataclass(frozen=True)
class PairingWarning:
    """Something an arbiter should look at on a draft board (a hand edit is still saved)."""

    code: str  # "rematch", "unplayed_rematch", "prohibited", "colour", "second_bye";
    # round robins: "table"
    message: str


def round_warnings(round: Round) -> dict[int, list[PairingWarning]]:
    """What the arbiter should look at on each board of `round` before publishing it, keyed
    by pairing id (every board is a key; an empty list when all is well). The engines never
    produce these, hand edits can.

    A Swiss board is checked against the absolute criteria of FIDE C.04.1 and the event's
    forbidden pairs (criteria.board_breaches); a round-robin board against the round's Berger
    table (C.05 Annex 1, criteria.table_breach). Reads the event's results once for the whole
    round.

    A team competition's boards follow its team matches (docs/rules/tournaments.md §7.2,
    §7.4), not the players' own table or Swiss: no board is checked as an individual's.
    """
    round_ = Round.objects.select_related("event").get(pk=round.pk)
    event = round_.event
    if is_team_competition(event):
        return {pk: [] for pk in round_.pairings.values_list("pk", flat=True)}
    state = tournament_state(event, up_to_round=round_.number - 1)
    pairings = round_.pairings.select_related("white__player", "black__player")
    if event.system == System.SWISS:
        return {p.pk: _swiss_warnings(p, state, round_.number) for p in pairings}
    table = round_pairs(
        len(state.competitors),
        round_.number,
        double=event.system == System.DOUBLE_ROUND_ROBIN,
        swap_last_two=event.swap_last_two,
    )
    return {p.pk: _table_warnings(p, table, round_.number) for p in pairings}


def _swiss_warnings(pairing: Pairing, state, number: int) -> list[PairingWarning]:
    white = pairing.white.pairing_number
    black = pairing.black.pairing_number if pairing.black_id is not None else None
    breaches = board_breaches(
        state,
        number,
        white,
        black,
        allocated_bye=pairing.bye_kind == ByeKind.PAIRING_ALLOCATED,
    )
    return [PairingWarning(b.code, _breach_text(b, pairing)) for b in breaches]


def _breach_text(breach: Breach, pairing: Pairing) -> str:
    sides = {"white": pairing.white, "black": pairing.black}
    if breach.code == "second_bye":
        return _(
            "%(player)s already had a bye; C.04.1 c: at most one pairing-allocated bye per player"
        ) % {"player": pairing.white}
    if breach.code == "rematch":
        return (
            _("%(white)s and %(black)s have already played each other (C.04.1 b: no rematch)")
            % sides
        )
    if breach.code == "unplayed_rematch":
        return _(
            "%(white)s and %(black)s were paired in round %(round)s without playing (a "
            "forfeit): allowed, a forfeited game is not a game played (C.04.1 b)"
        ) % {**sides, "round": breach.round}
    if breach.code == "prohibited":
        return _("%(white)s and %(black)s must not be paired") % sides
    assert breach.colour is not None
    player = pairing.white if breach.player == pairing.white.pairing_number else pairing.black
    return f"{player}: {colour_problem(breach)}"


def colour_problem(breach: Breach) -> str:
    """C.04.1 f and g (tournaments.pairing.criteria), as the arbiter reads it."""
    colour = breach.colour
    assert colour is not None
    if colour.repeated:
        if colour.colour == Colour.WHITE:
            return _("white three times in a row")
        return _("black three times in a row")
    return _("colour difference %(difference)+d (more than 2)") % {"difference": colour.difference}


def _table_warnings(pairing: Pairing, table, number: int) -> list[PairingWarning]:
    """C.05 Annex 1: the board must be one of the round's Berger pairs, colours included."""
    white = pairing.white.pairing_number
    black = pairing.black.pairing_number if pairing.black_id else None
    found = table_breach(table, white, black)
    if found is None:
        return []
    if found == "reversed":
        message = _(
            "%(white)s – %(black)s: colours reversed from round %(number)s of the Berger table "
            "(C.05 Annex 1)"
        )
    else:
        message = _(
            "%(white)s – %(black)s: not a pairing of round %(number)s of the Berger table "
            "(C.05 Annex 1)"
        )
    opponent = pairing.black or _("rest")
    return [
        PairingWarning(
            "table", message % {"white": pairing.white, "black": opponent, "number": number}
        )
    ]
