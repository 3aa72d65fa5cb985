"""The event's official record as a TRF-2026 file (tournaments.pairing.trf writes it).

The ranks are those of the published standings: the file is made from the same selector as
the standings page and the API (standings_get, after the last round that is not a draft), so
the two can never differ.
"""

from django.db.models import Max

from tournaments.models import Event, RoundStatus, SwissOrdering, System
from tournaments.pairing.trf import TrfEvent, trf_dumps
from tournaments.selectors.standings import standings_get
from tournaments.selectors.state import tournament_state
from tournaments.values import DutchRules

#: TRF-2026 record 092 (the system in words) and 192 (its code in the TRF-2026 table of
#: tournament types): round robins by the Berger tables (FIDE C.05 Annex 1), the Swiss by the
#: FIDE Dutch rules (the text the event chose, SWISS_RECORDS; docs/rules/tournaments.md §3.1),
#: or by the draughts ordering, a Swiss of the event's own (docs/rules/tournaments.md §3.3).
SYSTEM_RECORDS = {
    (System.ROUND_ROBIN, SwissOrdering.FIDE): ("Round robin (Berger tables)", "BERGER_ROUNDROBIN"),
    (System.DOUBLE_ROUND_ROBIN, SwissOrdering.FIDE): (
        "Double round robin (Berger tables)",
        "BERGER_DOUBLEROUNDROBIN",
    ),
    (System.SWISS, SwissOrdering.DRAUGHTS): (
        "Swiss system (FIDE Dutch, draughts ordering)",
        "CUSTOM_SWISS",
    ),
}

#: The FIDE Dutch Swiss by the text of C.04.3 the event is paired by.
SWISS_RECORDS = {
    DutchRules.FIDE_2026: (
        "Swiss system (FIDE Dutch, rules applied from 1 February 2026)",
        "FIDE_DUTCH_2025",
    ),
    DutchRules.PRE_2026: (
        "Swiss system (FIDE Dutch, rules in force until 31 January 2026)",
        "FIDE_DUTCH_2017",
    ),
}


#: Record 092 of a team competition's file. Its 001 records are the boards' games, paired by
#: the teams' schedule (Berger tables, or FIDE C.04.6 for a team Swiss), not by a system of
#: individuals, so record 192 is left out: every code of the TRF-2026 table of tournament
#: types names either a system of individuals (which would tell a reader such as
#: bbpPairings to pair these players by it) or a team system, whose file holds the teams
#: (records 310) this one does not.
TEAM_RECORDS = {
    System.ROUND_ROBIN: "Team round robin (Berger tables): the boards' games",
    System.DOUBLE_ROUND_ROBIN: "Team double round robin (Berger tables): the boards' games",
    System.SWISS: "Team Swiss (FIDE C.04.6): the boards' games",
}


def last_recorded_round(event: Event) -> int:
    """The last round that is not a draft (0 before round 1 is published)."""
    last = event.rounds.exclude(status=RoundStatus.DRAFT).aggregate(n=Max("number"))["n"]
    return last or 0


def event_trf(event: Event) -> str:
    """``event`` as a TRF-2026 file: players with their FMJD ids and ratings, every result
    of the rounds that are not drafts, the ranks of the standings after the last of them.

    The rank columns hold the standings, so the file never says ``XXC rank`` (pair by those
    columns): a Swiss with the draughts ordering says so by its 192 code, ``CUSTOM_SWISS``."""
    after = last_recorded_round(event)
    state = tournament_state(event, up_to_round=after)
    ranks = {row.number: row.rank for row in standings_get(event, after_round=after)}
    swiss = event.system == System.SWISS
    ordering = SwissOrdering(event.swiss_ordering) if swiss else SwissOrdering.FIDE
    if hasattr(event, "team_competition"):
        system, type_code = TEAM_RECORDS[System(event.system)], ""
    elif swiss and ordering == SwissOrdering.FIDE:
        system, type_code = SWISS_RECORDS[DutchRules(event.swiss_rules)]
    else:
        system, type_code = SYSTEM_RECORDS[(System(event.system), ordering)]
    return trf_dumps(
        state,
        event=TrfEvent(
            name=event.name,
            city=event.venue,
            start_date=event.start_date.strftime("%Y/%m/%d"),
            end_date=event.end_date.strftime("%Y/%m/%d"),
            chief_arbiter=event.chief_arbiter,
            system=system,
            type_code=type_code,
            tiebreaks=tuple(event.tiebreaks),
        ),
        ranks=ranks,
    )
