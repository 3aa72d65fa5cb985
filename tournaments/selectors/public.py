"""Reads for the public site and the read-only API: only published rounds, public fields only.

Built on tournaments.selectors.state, .standings and .lists (tournament_state, standings_get,
pairing_list, player_list).
Everything that depends on results is computed once per event state: `event_fingerprint` names
the state (the latest change recorded in the history tables of the event's rows), and
`cached` keeps a computed value under it, so a page is recomputed only after a change.
"""

import datetime
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

from django.core.cache import cache
from django.db import connections, router
from django.db.models import CharField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Cast, Concat

from tournaments.hooks import FINGERPRINT_HISTORIES, GAME_FACTS, STATE_HISTORIES
from tournaments.models import (
    BallotDraw,
    Event,
    Game,
    GameResult,
    Pairing,
    Player,
    Registration,
    Round,
    RoundStatus,
    RoundTime,
    System,
)
from tournaments.names import name_contains
from tournaments.scoring.crosstable import Crosstable, GameMark, WithdrawalNote, build_crosstable
from tournaments.scoring.performance import rating_performance
from tournaments.scoring.results import GAME_CODES
from tournaments.scoring.standings import compute_standings, tiebreak_detail
from tournaments.scoring.tiebreaks import TieBreakDetail
from tournaments.selectors.events import finished_event_ids
from tournaments.selectors.lists import PublicPlayer
from tournaments.selectors.standings import standings_get, withdrawal_outcomes
from tournaments.selectors.state import tournament_state
from tournaments.values import Colour

T = TypeVar("T")

#: Rounds the public may see (rule of this application: drafts stay with the organizers).
PUBLIC_STATUSES = (RoundStatus.PUBLISHED, RoundStatus.COMPLETED)
_CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class EventGroups:
    """Events by date relative to `today`: under way, still to come, over (latest first)."""

    current: list[Event]
    upcoming: list[Event]
    finished: list[Event]


def event_groups(*, today: datetime.date, query: str = "") -> EventGroups:
    """The published events split into current, upcoming (soonest first) and finished (latest
    first); drafts are listed nowhere. An event is finished when its end date has passed or
    its last round is complete, whatever its dates say (finished_event_ids). ``query`` keeps
    the events whose name contains it, case and accents aside."""
    published = Event.objects.filter(published=True)
    if query:
        published = published.filter(name_contains(query, "name"))
    done = finished_event_ids(published)
    events = list(published.order_by("start_date", "name"))
    finished = [e for e in events if e.end_date < today or e.pk in done]
    return EventGroups(
        current=[e for e in events if e.start_date <= today <= e.end_date and e not in finished],
        upcoming=[e for e in events if e.start_date > today and e not in finished],
        finished=finished[::-1],
    )


def public_rounds(event: Event) -> QuerySet[Round]:
    """The event's published and completed rounds, in order."""
    return event.rounds.filter(status__in=PUBLIC_STATUSES).order_by("number")


def last_public_round(event: Event) -> int:
    """Number of the last published round, 0 before the first is published."""
    last = public_rounds(event).order_by("-number").values_list("number", flat=True).first()
    return last or 0


def _latest(history: QuerySet) -> Subquery:
    """The latest history row of `history` as 'id@date' (both: ids are reused after a
    rollback, dates are not)."""
    latest = history.order_by("-history_id").annotate(
        mark=Concat(
            Cast("history_id", CharField()),
            Value("@"),
            Cast("history_date", CharField()),
            output_field=CharField(),
        )
    )
    return Subquery(latest.values("mark")[:1])


def event_fingerprint(event: Event, *, others: bool = True) -> str:
    """A string that changes whenever anything public about `event` changes: the event, its
    players, registrations, rounds and their times, pairings, games, ballot draws, the histories of
    its rooms (`STATE_HISTORIES`: a team competition's teams, rosters, adjustments, matches and
    their no-shows) and, unless `others`
    is false, the histories other apps keep (`FINGERPRINT_HISTORIES`: game records, relayed
    boards) (one query)."""
    histories = list(STATE_HISTORIES)
    if others:
        histories.extend(FINGERPRINT_HISTORIES)
    alias = router.db_for_read(Event)
    key = (alias, tuple(histories))
    compiled = _FINGERPRINT_SQL.get(key)
    if compiled is None:
        sql, params = _fingerprint_query(histories, event.pk).query.sql_with_params()
        # The event's id is the query's last parameter (its WHERE; every subquery names the
        # event through OuterRef), so the SQL serves every event.
        if not params or params[-1] != event.pk:
            raise RuntimeError("the event fingerprint's last parameter is not the event's id")
        compiled = _FINGERPRINT_SQL[key] = (sql, tuple(params[:-1]))
    sql, params = compiled
    with connections[alias].cursor() as cursor:
        cursor.execute(sql, (*params, event.pk))
        row = cursor.fetchone()
    return f"{event.pk}/" + "/".join(str(part) for part in row or ())


#: The fingerprint's SQL and its fixed parameters by database and histories, written once per
#: process: building and compiling its score of subqueries costs several times what the
#: database takes to answer it.
_FINGERPRINT_SQL: dict[
    tuple[str, tuple[Callable[[OuterRef], QuerySet], ...]], tuple[str, tuple]
] = {}


def _fingerprint_query(histories: list[Callable[[OuterRef], QuerySet]], pk: int) -> QuerySet:
    """The fingerprint of event `pk` as one row: the latest history row of each part."""
    others_parts = {
        f"x{i}": _latest(history(OuterRef("pk"))) for i, history in enumerate(histories)
    }
    player_ids = Registration.objects.filter(event_id=OuterRef(OuterRef("pk"))).values("player_id")
    return (
        Event.objects.filter(pk=pk)
        .annotate(
            e=_latest(Event.history.filter(id=OuterRef("pk"))),
            p=_latest(Player.history.filter(id__in=player_ids)),
            r=_latest(Registration.history.filter(event_id=OuterRef("pk"))),
            o=_latest(Round.history.filter(event_id=OuterRef("pk"))),
            a=_latest(Pairing.history.filter(round__event_id=OuterRef("pk"))),
            g=_latest(Game.history.filter(pairing__round__event_id=OuterRef("pk"))),
            d=_latest(BallotDraw.history.filter(event_id=OuterRef("pk"))),
            t=_latest(RoundTime.history.filter(event_id=OuterRef("pk"))),
            **others_parts,
        )
        .values_list("e", "p", "r", "o", "a", "g", "d", "t", *others_parts)[:1]
    )


#: How long a computed fingerprint is trusted (seconds). Every history row written through
#: the ORM forgets them at once (`forget_states`); the lifetime bounds how late a change
#: written without one (a bulk insert) or read just before its commit can show.
STATE_SECONDS = 2
_GENERATION = "damier:state-generation"
#: The cache key of the counter `forget_states` raises (tournaments.live reads it).
STATE_GENERATION_KEY = _GENERATION


def event_state(event: Event) -> str:
    """`event_fingerprint(event)`, kept in the cache until the next change: what a follower's
    conditional request is answered from (two cache reads, no query while nothing changes)."""
    generation = cache.get(_GENERATION, 0)
    key = f"damier:state:{generation}:{event.pk}"
    state = cache.get(key)
    if state is None:
        state = event_fingerprint(event)
        cache.set(key, state, STATE_SECONDS)
    return state


def state_time(state: str) -> datetime.datetime | None:
    """When the event named by `state` (event_fingerprint) last changed: the latest date of
    its parts; None when it has none or the database wrote a date this cannot read."""
    times = []
    for part in state.split("/")[1:]:
        if "@" not in part:
            continue
        try:
            moment = datetime.datetime.fromisoformat(part.split("@", 1)[1])
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=datetime.UTC)
        times.append(moment)
    return max(times, default=None)


def forget_states() -> None:
    """Drop every cached event state (a row that a fingerprint covers may have changed)."""
    try:
        cache.incr(_GENERATION)
    except ValueError:
        cache.set(_GENERATION, 1, None)


def cached(fingerprint: str, key: str, compute: Callable[[], T], *, keep: bool = True) -> T:
    """`compute()` cached under the event's current state `fingerprint`; with `keep=False`
    a value already cached is read, but one computed here is not stored (for a caller that
    keeps its own rendered answer: pickling a 500-player crosstable costs a tenth of
    building it)."""
    state = hashlib.sha256(fingerprint.encode()).hexdigest()[:32]
    full_key = f"damier:{state}:{key}"
    found = cache.get(full_key)
    if found is None:
        # Not cache.get_or_set: it reads the value back after storing it, and unpickling a
        # 500-player crosstable costs as much as building it. A value stored meanwhile by
        # another request was computed from the same state, so this one is as good.
        found = compute()
        if keep:
            cache.add(full_key, found, _CACHE_SECONDS)
    return found


@dataclass(frozen=True)
class TieBreakExplanation:
    """How one player's tie-breaks were computed: one detail per tie-break of the event."""

    number: int
    name: str
    points: Decimal
    details: tuple[TieBreakDetail, ...]
    #: pairing number -> (name, score after the round) of everyone named in the details
    opponents: dict[int, tuple[str, Decimal]]


def tiebreak_explanation(
    event: Event, *, number: int, after_round: int
) -> TieBreakExplanation | None:
    """Player `number`'s tie-break details after `after_round` (None: no such player)."""
    state = tournament_state(event, up_to_round=after_round)
    competitors = {c.number: c for c in state.competitors}
    if number not in competitors:
        return None
    details = tuple(
        tiebreak_detail(state, number, code, after_round, tiebreaks=event.tiebreaks)
        for code in event.tiebreaks
    )
    named = {c.opponent for d in details for c in (*d.counted, *d.cut) if c.opponent is not None}
    return TieBreakExplanation(
        number=number,
        name=competitors[number].name,
        points=competitors[number].score(after_round),
        details=details,
        opponents={
            n: (competitors[n].name, competitors[n].score(after_round))
            for n in sorted(named)
            if n in competitors
        },
    )


@dataclass(frozen=True)
class GameLink:
    """A game as the pairing pages link it: its id, index in the pairing, sides, result."""

    id: int
    index: int
    white: int
    black: int
    result: str


def round_games(round: Round) -> dict[int, tuple[GameLink, ...]]:
    """The games of `round` by board number (one query)."""
    games: dict[int, list[GameLink]] = {}
    rows = (
        Game.objects.filter(pairing__round=round)
        .order_by("pairing__board", "index")
        .values_list(
            "pk",
            "index",
            "white__pairing_number",
            "black__pairing_number",
            "result",
            "pairing__board",
        )
    )
    for pk, index, white, black, result, board in rows:
        games.setdefault(board, []).append(GameLink(pk, index, white, black, result))
    return {board: tuple(links) for board, links in games.items()}


@dataclass(frozen=True)
class PlayerRound:
    """One round of a player card: opponent (None for a bye), colour, result code, points,
    and the games played in that round."""

    round: int
    opponent: int | None
    opponent_name: str
    opponent_rating: int
    colour: str | None
    code: str
    points: Decimal
    games: tuple[GameLink, ...]


@dataclass(frozen=True)
class PlayerCard:
    """A player's event: what anyone may see of the player, every published round, points,
    rating performance."""

    player: PublicPlayer
    lines: tuple[PlayerRound, ...]
    points: Decimal
    rank: int
    performance: int | None
    place: str = ""


def player_card(event: Event, *, number: int, after_round: int) -> PlayerCard | None:
    """Player `number`'s card through `after_round` (None: no such player): his points and
    rank are his row of the standings (standings_get)."""
    state = tournament_state(event, up_to_round=after_round)
    competitors = {c.number: c for c in state.competitors}
    competitor = competitors.get(number)
    if competitor is None:
        return None
    games: dict[int, list[GameLink]] = {}
    for round_number, link in _player_games(event, number, after_round):
        games.setdefault(round_number, []).append(link)
    lines = tuple(
        PlayerRound(
            round=r.round,
            opponent=r.opponent,
            opponent_name=competitors[r.opponent].name if r.opponent else "",
            opponent_rating=competitors[r.opponent].rating if r.opponent else 0,
            colour=r.colour.value if r.colour else None,
            code=r.code,
            points=r.points,
            games=tuple(games.get(r.round, ())),
        )
        for r in competitor.results_through(after_round, state.scoring)
    )
    standings = standings_get(event, after_round=after_round) if after_round else []
    row = next((row for row in standings if row.number == number), None)
    return PlayerCard(
        player=PublicPlayer(
            number=number,
            name=competitor.name,
            federation=competitor.federation,
            title=competitor.title,
            rating=competitor.rating,
            club=competitor.club,
        ),
        lines=lines,
        # The standings' points: a round robin's annulled games (C.06 V.4.1) count there
        # for nobody, while the card's lines still show how they were played.
        points=row.points if row else competitor.score(after_round),
        rank=row.rank if row else 0,
        performance=rating_performance(
            (line.opponent_rating if line.opponent else 0, line.code) for line in lines
        ),
        place=row.place if row else "",
    )


def _player_games(event: Event, number: int, after_round: int) -> list[tuple[int, GameLink]]:
    rows = (
        Game.objects.filter(
            pairing__round__event=event,
            pairing__round__number__lte=after_round,
            pairing__round__status__in=PUBLIC_STATUSES,
        )
        .filter(Q(white__pairing_number=number) | Q(black__pairing_number=number))
        .order_by("pairing__round__number", "index")
        .values_list(
            "pairing__round__number",
            "pk",
            "index",
            "white__pairing_number",
            "black__pairing_number",
            "result",
        )
    )
    return [(r, GameLink(pk, i, w, b, res)) for r, pk, i, w, b, res in rows]


def crosstable_get(event: Event, *, after_round: int) -> Crosstable:
    """The event's crosstable after published round `after_round` (tournaments.scoring.crosstable):
    the square table for round robins, the wall chart for a Swiss; the games of two-game
    pairings seen from each side."""
    state = tournament_state(event, up_to_round=after_round)
    standings = compute_standings(state, tiebreaks=event.tiebreaks, after_round=after_round)
    marks: dict[tuple[int, int], list[GameMark]] = {}
    if event.games_per_pairing == 2:
        rows = (
            Game.objects.filter(
                pairing__round__event=event,
                pairing__round__number__lte=after_round,
                pairing__round__status__in=PUBLIC_STATUSES,
            )
            .exclude(result=GameResult.PENDING)
            .order_by("pairing__round__number", "index")
            .values_list(
                "pairing__round__number",
                "white__pairing_number",
                "black__pairing_number",
                "result",
            )
        )
        for round_number, white, black, result in rows:
            white_code, black_code = GAME_CODES[result]
            marks.setdefault((white, round_number), []).append(GameMark(Colour.WHITE, white_code))
            marks.setdefault((black, round_number), []).append(GameMark(Colour.BLACK, black_code))
    return build_crosstable(
        state,
        standings,
        after_round=after_round,
        tiebreaks=event.tiebreaks,
        games={key: tuple(value) for key, value in marks.items()},
        square=event.system != System.SWISS,
        withdrawals=[
            WithdrawalNote(o.number, o.name, o.from_round, o.annulled, o.rule)
            for o in withdrawal_outcomes(event, after_round=after_round)
        ],
    )


def public_game(event: Event, game_id: int) -> Game | None:
    """Game `game_id` of `event` if its round is published, with its players loaded."""
    return (
        Game.objects.filter(
            pk=game_id, pairing__round__event=event, pairing__round__status__in=PUBLIC_STATUSES
        )
        .select_related("pairing__round", "white__player", "black__player")
        .first()
    )


@dataclass(frozen=True)
class GameRow:
    """A published game, with what other apps know about it (`facts`: tournaments.hooks.GAME_FACTS,
    name -> value)."""

    id: int
    round: int
    board: int
    index: int
    white: int
    black: int
    result: str
    version: int
    facts: dict[str, object]


def game_rows(
    event: Event, *, round: int | None = None, player: int | None = None
) -> list[GameRow]:
    """The event's published games, optionally of one round and/or one player (one query)."""
    games = _published_games(event)
    if round is not None:
        games = games.filter(pairing__round__number=round)
    if player is not None:
        games = games.filter(Q(white__pairing_number=player) | Q(black__pairing_number=player))
    return _game_rows(games)


def game_row(event: Event, *, game_id: int) -> GameRow | None:
    """Game ``game_id`` of ``event`` as :func:`game_rows` lists it, or None when it is not a
    published game of the event (unknown, or in a draft round). One query."""
    rows = _game_rows(_published_games(event).filter(pk=game_id))
    return rows[0] if rows else None


def _published_games(event: Event) -> QuerySet[Game]:
    return Game.objects.filter(
        pairing__round__event=event, pairing__round__status__in=PUBLIC_STATUSES
    )


def _game_rows(games: QuerySet[Game]) -> list[GameRow]:
    facts = list(GAME_FACTS)
    games = games.annotate(**{f"fact_{name}": GAME_FACTS[name].value() for name in facts})
    rows = games.order_by("pairing__round__number", "pairing__board", "index").values_list(
        "pk",
        "pairing__round__number",
        "pairing__board",
        "index",
        "white__pairing_number",
        "black__pairing_number",
        "result",
        "version",
        *(f"fact_{name}" for name in facts),
    )
    return [
        GameRow(pk, r, board, index, w, b, result, version, dict(zip(facts, known, strict=True)))
        for pk, r, board, index, w, b, result, version, *known in rows
    ]
