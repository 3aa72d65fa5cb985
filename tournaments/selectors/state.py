"""The event's rows turned into the pure algorithms' values: the tournament state through a
round (tournament_state), what a Swiss round is paired from, and what decided each board the
Dutch engine makes."""

from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from tournaments import hooks
from tournaments.models import (
    ByeRequest,
    Event,
    GameResult,
    Pairing,
    ProhibitedPairing,
    Ranking,
    Registration,
    Round,
    System,
)
from tournaments.pairing.dutch import Explanation, PairingError, explain_dutch
from tournaments.scoring.absences import missed_round, rest
from tournaments.scoring.matches import GameSides, SideResult, one_game_result, pairing_result
from tournaments.selectors.events import event_scoring, event_total_rounds
from tournaments.selectors.names import full_name
from tournaments.selectors.withdrawals import withdrawals_in
from tournaments.values import (
    ByeKind,
    Colour,
    Competitor,
    DutchRules,
    RoundResult,
    ScoringSystem,
    TournamentState,
    team_mate_pairs,
    tiebreak_rules_for,
)


def tournament_state(event: Event, *, up_to_round: int) -> TournamentState:
    """The event's results through round `up_to_round` as a pure TournamentState.

    One entry per round for every competitor who had joined by then: their pairing's result
    (a round robin's rest is a RoundResult with `rest`), else a bye for a round missed as a
    late entry (zero-point, or half-point when granted; rule on Registration) or after
    withdrawal (zero-point). Pairings whose games are still pending are left out of the
    results and named in ``pending`` (their round is, for both players, as if not yet played:
    docs/rules/tournaments.md §4.11); the tie-breaks follow the C.07 text in force at the
    event's start (``tiebreak_rules``). Two-game
    pairings give the sum of game points or match points (Event.ranking); the colour is that
    of the first game. The forbidden pairs are the event's prohibited pairings and, when it
    never pairs team mates, every two players with the same team label (§7.5). Constant
    number of queries.
    """
    scoring = event_scoring(event)
    registrations = _registration_rows(event)
    number_of = {e.pk: e.number for e in registrations}
    results: dict[int, dict[int, RoundResult]] = defaultdict(dict)
    pending: set[tuple[int, int]] = set()
    one_game: dict[str, tuple[SideResult, SideResult]] = {}
    for pairing in _pairing_rows(event, up_to_round):
        entries = _pairing_results(pairing, event, scoring, number_of, one_game)
        for registration_id, result in entries:
            results[registration_id][pairing.round_number] = result
        if not entries and pairing.black_id is not None:  # a game still in progress
            pending.update(
                (number_of[player], pairing.round_number)
                for player in (pairing.white_id, pairing.black_id)
            )
    forbidden = frozenset(
        frozenset((number_of[first], number_of[second]))
        for first, second in ProhibitedPairing.objects.filter(event=event).values_list(
            "first_id", "second_id"
        )
    )
    if event.never_pair_team_mates:
        forbidden |= team_mate_pairs({e.number: e.team_label for e in registrations})
    competitors = tuple(
        Competitor(
            number=e.number,
            name=full_name(e.last_name, e.first_name),
            rating=e.rating,
            federation=e.federation,
            title=e.title,
            club=e.club,
            results=_complete_rounds(e, results[e.pk], up_to_round, scoring),
            fmjd_id=e.fmjd_id,
            withdrawn_from_round=e.withdrawn_from_round,
        )
        for e in registrations
    )
    outcomes = withdrawals_in(event, competitors, up_to_round=up_to_round)
    return TournamentState(
        competitors=competitors,
        total_rounds=event_total_rounds(event, players=len(registrations)),
        scoring=scoring,
        forbidden_pairs=forbidden,
        first_colour=Colour(event.first_colour),
        annulled=frozenset(o.number for o in outcomes if o.annulled),
        rules=DutchRules(event.swiss_rules),
        tiebreak_rules=tiebreak_rules_for(event.start_date),
        pending=frozenset(pending),
    )


class _RegistrationRow(NamedTuple):
    """A registration as tournament_state reads it: plain values (see _pairing_rows; named
    tuples, quicker to make by the thousand than frozen dataclasses)."""

    pk: int
    number: int
    rating: int
    joined_round: int
    missed_rounds_half_point: bool
    withdrawn_from_round: int | None
    first_name: str
    last_name: str
    federation: str
    title: str
    club: str
    fmjd_id: str
    team_label: str


def _registration_rows(event: Event) -> list[_RegistrationRow]:
    """The event's registrations in pairing-number order, with their players (one query)."""
    rows = event.registrations.order_by("pairing_number").values_list(
        "pk",
        "pairing_number",
        "rating",
        "joined_round",
        "missed_rounds_half_point",
        "withdrawn_from_round",
        "player__first_name",
        "player__last_name",
        "player__federation",
        "player__title",
        "player__club",
        "player__fmjd_id",
        "team_label",
    )
    return [_RegistrationRow(*row) for row in rows]


def _complete_rounds(
    registration: _RegistrationRow,
    paired: dict[int, RoundResult],
    up_to_round: int,
    scoring: ScoringSystem,
) -> tuple[RoundResult, ...]:
    entries = []
    for number in range(1, up_to_round + 1):
        entry = paired.get(number) or missed_round(
            number,
            joined_round=registration.joined_round,
            withdrawn_from_round=registration.withdrawn_from_round,
            half_point=registration.missed_rounds_half_point,
            scoring=scoring,
        )
        if entry is not None:
            entries.append(entry)
    return tuple(entries)


class _GameRow(NamedTuple):
    result: str
    white_id: int
    black_id: int


class _PairingRow(NamedTuple):
    """A pairing as tournament_state reads it: plain values, its games in index order."""

    round_number: int
    white_id: int
    black_id: int | None
    bye_kind: str
    games: list[_GameRow]


def _pairing_rows(event: Event, up_to_round: int) -> list[_PairingRow]:
    """The event's pairings through round `up_to_round` with their games (one query, the games
    joined: a round trip and a join fewer than reading them apart; plain values: model
    instances cost more than the whole computation for a big Swiss). Ordered by round and
    board: Pairing's own ordering would join the event's row and sort by its columns."""
    rows: dict[int, _PairingRow] = {}
    for pk, number, white, black, bye_kind, result, game_white, game_black in (
        Pairing.objects.filter(round__event=event, round__number__lte=up_to_round)
        .order_by("round__number", "board", "games__index")
        .values_list(
            "pk",
            "round__number",
            "white_id",
            "black_id",
            "bye_kind",
            "games__result",
            "games__white",
            "games__black",
        )
    ):
        pairing = rows.get(pk)
        if pairing is None:
            pairing = rows[pk] = _PairingRow(number, white, black, bye_kind, [])
        if result is not None:  # None: a pairing without a game (a bye), joined to nothing
            pairing.games.append(_GameRow(result, game_white, game_black))
    return list(rows.values())


#: A game still to be played, as a plain string (compared with every game's result).
_PENDING: str = GameResult.PENDING.value


def _pairing_results(
    pairing: _PairingRow,
    event: Event,
    scoring: ScoringSystem,
    number_of: dict[int, int],
    one_game: dict[str, tuple[SideResult, SideResult]],
) -> list[tuple[int, RoundResult]]:
    """Each side's entry for ``pairing`` (none while a game is pending); ``one_game`` keeps
    the sides' results of a one-game pairing by its result, filled as they are met."""
    number = pairing.round_number
    if pairing.black_id is None and event.system != System.SWISS:
        # A round robin's only board without black is the Berger table's rest (C.05 Annex 1).
        return [(pairing.white_id, rest(number))]
    if pairing.black_id is None:
        code = ByeKind(pairing.bye_kind).code
        return [(pairing.white_id, RoundResult(number, None, None, code, scoring.points_for(code)))]
    games = pairing.games
    if not games or _PENDING in [game.result for game in games]:
        return []
    game = games[0]
    if len(games) == 1 and {game.white_id, game.black_id} == {pairing.white_id, pairing.black_id}:
        # One game: its result alone decides each side's (kept by result for the event).
        found = one_game.get(game.result)
        if found is None:
            found = one_game[game.result] = one_game_result(game.result, scoring)
        sides = {game.white_id: found[0], game.black_id: found[1]}
    else:
        sides = pairing_result(
            [GameSides(game.result, game.white_id, game.black_id) for game in games],
            white=pairing.white_id,
            black=pairing.black_id,
            scoring=scoring,
            match_points=event.ranking == Ranking.MATCH_POINTS,
        )
    entries = []
    for side, opponent, colour in (
        (pairing.white_id, pairing.black_id, Colour.WHITE),
        (pairing.black_id, pairing.white_id, Colour.BLACK),
    ):
        side_result = sides[side]
        entries.append(
            (
                side,
                RoundResult(
                    number,
                    number_of[opponent],
                    colour,
                    side_result.code,
                    side_result.points,
                    share=side_result.share if len(games) > 1 else None,
                    games_won=side_result.games_won if len(games) > 1 else None,
                ),
            )
        )
    return entries


@dataclass(frozen=True)
class SwissRoundRequest:
    """What round ``number`` of a Swiss is paired from: the state after the previous round,
    the players kept out (not yet arrived, withdrawn, marked absent), those on a requested
    half-point bye, and those marked absent by another app (tournaments.hooks.ROUND_ABSENTEES),
    who get a zero-point bye."""

    state: TournamentState
    absent: frozenset[int]
    half_point_byes: frozenset[int]
    zero_point_byes: frozenset[int] = frozenset()


def swiss_round_request(
    event: Event, number: int, registrations: dict[int, Registration] | None = None
) -> SwissRoundRequest:
    """The input of the Dutch system for round ``number`` of ``event`` (``registrations``:
    the event's, by pairing number, when the caller has them). A player both on a requested
    half-point bye and marked absent keeps his half-point bye: he gave notice."""
    if registrations is None:
        registrations = {r.pairing_number: r for r in event.registrations.all()}
    absent = frozenset(
        r.pairing_number
        for r in registrations.values()
        if r.joined_round > number
        or (r.withdrawn_from_round is not None and r.withdrawn_from_round <= number)
    )
    half = frozenset(
        ByeRequest.objects.filter(registration__event=event, round_number=number).values_list(
            "registration__pairing_number", flat=True
        )
    )
    numbers = {r.pk: r.pairing_number for r in registrations.values()}
    marked = frozenset(
        numbers[pk] for hook in hooks.ROUND_ABSENTEES for pk in hook(event, number) if pk in numbers
    )
    zero = marked - absent - half
    state = tournament_state(event, up_to_round=number - 1)
    return SwissRoundRequest(state, absent | zero, half - absent, zero)


def round_explanations(round_: Round) -> dict[tuple[int, int | None], Explanation]:
    """What decided each board the engine makes for ``round_`` (a Swiss round), by
    (white, black) pairing numbers; empty when the engine cannot explain (the pre-2026
    text) or the round cannot be paired. A board edited by hand has no explanation."""
    event = round_.event
    request = swiss_round_request(event, round_.number)
    try:
        explanations = explain_dutch(
            request.state,
            round_number=round_.number,
            absent=request.absent,
            half_point_byes=request.half_point_byes,
            ordering=event.swiss_ordering,
        )
    except PairingError:
        return {}
    return {(e.pair.white, e.pair.black): e for e in explanations}
