"""Reads: rows turned into the pure algorithms' values, and public listings.

Public selectors (player_list, pairing_list, standings_get) never read a player's contact
details, national id or birth date.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils.text import slugify

from tournaments.access import may_officiate  # noqa: F401  (defined in tournaments.access)
from tournaments.ballots.cards import Card
from tournaments.ballots.draw import cards_left, pick
from tournaments.models import (
    BRAZILIAN,
    SCORING_FIELDS,
    BallotCard,
    BallotDeck,
    BallotDraw,
    ByeRequest,
    Event,
    Game,
    GameResult,
    Pairing,
    ProhibitedPairing,
    Ranking,
    Registration,
    Round,
    RoundStatus,
    System,
)
from tournaments.pairing.berger import berger_rounds
from tournaments.pairing.dutch import Explanation, PairingError, explain_dutch
from tournaments.scoring.absences import missed_round, rest
from tournaments.scoring.matches import GameSides, pairing_result
from tournaments.scoring.standings import StandingRow, compute_standings
from tournaments.scoring.withdrawals import WithdrawalRule, games_annulled
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


@dataclass(frozen=True)
class PublicPlayer:
    """What anyone may see of a registered player."""

    number: int
    name: str
    federation: str
    title: str
    rating: int
    club: str


@dataclass(frozen=True)
class PairingLine:
    """One board of a published pairing list; `black` is None for a bye, `card` None when the
    board has no drawn card (free openings, bye, not drawn yet)."""

    board: int
    white: PublicPlayer
    black: PublicPlayer | None
    bye_kind: str
    results: tuple[str, ...]
    card: Card | None = None


def event_scoring(event: Event) -> ScoringSystem:
    """The event's scoring as the pure algorithms take it."""
    return ScoringSystem(
        **{attribute: getattr(event, name) for attribute, name in SCORING_FIELDS.items()}
    )


def event_total_rounds(event: Event, *, players: int) -> int:
    """Rounds of the event: the Swiss's number, or the Berger table's length (C.05 Annex 1)."""
    if event.system == System.SWISS:
        return event.number_of_rounds or 0
    return berger_rounds(players, double=event.system == System.DOUBLE_ROUND_ROBIN)


def standings_provisional(event: Event, *, after_round: int) -> bool:
    """Whether the standings after ``after_round`` still wait for a result: a game of a round
    up to it is pending (its pairing is left out of them, see tournament_state)."""
    return Game.objects.filter(
        pairing__round__event=event,
        pairing__round__number__lte=after_round,
        result=GameResult.PENDING,
    ).exists()


def finished_event_ids(events: QuerySet[Event]) -> set[int]:
    """The events of ``events`` whose last round is complete: as many completed rounds as
    the event has (event_total_rounds). One query."""
    rows = events.annotate(
        players=Count("registrations", distinct=True),
        completed=Count("rounds", filter=Q(rounds__status=RoundStatus.COMPLETED), distinct=True),
    )
    return {
        event.pk
        for event in rows
        if (total := event_total_rounds(event, players=event.players)) and event.completed >= total
    }


def event_finished(event: Event) -> bool:
    """Whether ``event``'s last round is complete (see finished_event_ids)."""
    return event.pk in finished_event_ids(Event.objects.filter(pk=event.pk))


def player_name(registration: Registration) -> str:
    return full_name(registration.player.last_name, registration.player.first_name)


def full_name(last_name: str, first_name: str) -> str:
    """A player's name as every list prints it: ``Last, First``."""
    return f"{last_name}, {first_name}"


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
    for pairing in _pairing_rows(event, up_to_round):
        entries = _pairing_results(pairing, event, scoring, number_of)
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
    outcomes = _withdrawal_outcomes(event, registrations, results, up_to_round)
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


@dataclass(frozen=True)
class WithdrawalOutcome:
    """A round-robin withdrawal as the record shows it: the player, the first round he no
    longer plays, his games played before it of those the table gives him, whether they are
    annulled for the standings, and the event's rule (WithdrawalRule.description, marked
    for translation)."""

    number: int
    name: str
    from_round: int
    played: int
    scheduled: int
    annulled: bool
    rule: str


def withdrawal_outcomes(event: Event, *, after_round: int) -> list[WithdrawalOutcome]:
    """The round-robin withdrawals in force after ``after_round`` (the player withdrew by
    the next round), in pairing-number order: what the standings, crosstable, PDFs and TRF
    show. Empty for a Swiss, where a withdrawn player's results simply stand (C.06 V.5)."""
    if event.system == System.SWISS:
        return []
    state = tournament_state(event, up_to_round=after_round)
    registrations = _registration_rows(event)
    results = {
        e.pk: {r.round: r for r in state.competitor(e.number).results} for e in registrations
    }
    return _withdrawal_outcomes(event, registrations, results, after_round)


@dataclass(frozen=True)
class WithdrawalPreview:
    """What withdrawing a player from ``from_round`` on will do, before it is done: in a
    round robin his games of ``forfeit_rounds`` become forfeits and, under the event's
    ``rule``, his ``played`` games of ``scheduled`` are annulled for the standings or stand;
    in a Swiss he is no longer paired and his results stand."""

    name: str
    from_round: int
    round_robin: bool
    played: int
    scheduled: int
    annulled: bool
    rule: str
    forfeit_rounds: tuple[int, ...]


def withdrawal_preview(registration: Registration, *, from_round: int) -> WithdrawalPreview:
    """The preview the organizer confirms before registration_withdraw (two queries)."""
    event = registration.event
    players = event.registrations.count()
    round_robin = event.system != System.SWISS
    played = (
        Pairing.objects.filter(round__event=event, round__number__lt=from_round)
        .filter(Q(white=registration) | Q(black=registration))
        .exclude(black__isnull=True)
        .count()
    )
    rule = WithdrawalRule(event.withdrawal_rule)
    scheduled = _games_in_table(event, players=players)
    total = event_total_rounds(event, players=players)
    return WithdrawalPreview(
        name=player_name(registration),
        from_round=from_round,
        round_robin=round_robin,
        played=played,
        scheduled=scheduled,
        annulled=round_robin and games_annulled(rule, played=played, scheduled=scheduled),
        rule=rule.description if round_robin else "",
        forfeit_rounds=tuple(range(from_round, total + 1)) if round_robin else (),
    )


def _games_in_table(event: Event, *, players: int) -> int:
    """The games a round robin gives each player: one against each other player, twice in a
    double round robin (C.05 Annex 1)."""
    return (players - 1) * (2 if event.system == System.DOUBLE_ROUND_ROBIN else 1)


def _withdrawal_outcomes(
    event: Event,
    registrations: "list[_RegistrationRow]",
    results: dict[int, dict[int, RoundResult]],
    up_to_round: int,
) -> list[WithdrawalOutcome]:
    if event.system == System.SWISS:
        return []
    rule = WithdrawalRule(event.withdrawal_rule)
    scheduled = _games_in_table(event, players=len(registrations))
    outcomes = []
    for e in registrations:
        start = e.withdrawn_from_round
        if start is None or start > up_to_round + 1:
            continue
        played = sum(
            1 for number, r in results[e.pk].items() if number < start and r.opponent is not None
        )
        outcomes.append(
            WithdrawalOutcome(
                number=e.number,
                name=full_name(e.last_name, e.first_name),
                from_round=start,
                played=played,
                scheduled=scheduled,
                annulled=games_annulled(rule, played=played, scheduled=scheduled),
                rule=rule.description,
            )
        )
    return outcomes


@dataclass(frozen=True)
class _RegistrationRow:
    """A registration as tournament_state reads it: plain values (see _pairing_rows)."""

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


@dataclass(frozen=True)
class _GameRow:
    result: str
    white_id: int
    black_id: int


@dataclass(frozen=True)
class _PairingRow:
    """A pairing as tournament_state reads it: plain values, its games in index order."""

    round_number: int
    white_id: int
    black_id: int | None
    bye_kind: str
    games: list[_GameRow]


def _pairing_rows(event: Event, up_to_round: int) -> list[_PairingRow]:
    """The event's pairings through round `up_to_round` with their games (two queries, plain
    values: model instances cost more than the whole computation for a big Swiss)."""
    rows = {
        pk: _PairingRow(number, white, black, bye_kind, [])
        for pk, number, white, black, bye_kind in Pairing.objects.filter(
            round__event=event, round__number__lte=up_to_round
        ).values_list("pk", "round__number", "white_id", "black_id", "bye_kind")
    }
    games = (
        Game.objects.filter(pairing__round__event=event, pairing__round__number__lte=up_to_round)
        .order_by("pairing_id", "index")
        .values_list("pairing_id", "result", "white_id", "black_id")
    )
    for pairing_id, result, white, black in games:
        rows[pairing_id].games.append(_GameRow(result, white, black))
    return list(rows.values())


def _pairing_results(
    pairing: _PairingRow, event: Event, scoring: ScoringSystem, number_of: dict[int, int]
) -> list[tuple[int, RoundResult]]:
    number = pairing.round_number
    if pairing.black_id is None and event.system != System.SWISS:
        # A round robin's only board without black is the Berger table's rest (C.05 Annex 1).
        return [(pairing.white_id, rest(number))]
    if pairing.black_id is None:
        code = ByeKind(pairing.bye_kind).code
        return [(pairing.white_id, RoundResult(number, None, None, code, scoring.points_for(code)))]
    games = pairing.games
    if not games or any(game.result == GameResult.PENDING for game in games):
        return []
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


def standings_get(event: Event, *, after_round: int) -> list[StandingRow]:
    """Ranking after `after_round` with the event's tie-breaks (tournaments.scoring.standings)."""
    state = tournament_state(event, up_to_round=after_round)
    return compute_standings(state, tiebreaks=list(event.tiebreaks), after_round=after_round)


def _public(registration: Registration) -> PublicPlayer:
    return PublicPlayer(
        number=registration.pairing_number,
        name=player_name(registration),
        federation=registration.player.federation,
        title=registration.player.title,
        rating=registration.rating,
        club=registration.player.club,
    )


_PUBLIC_PLAYER_FIELDS = (
    "pairing_number",
    "rating",
    "player__first_name",
    "player__last_name",
    "player__federation",
    "player__title",
    "player__club",
)


def player_list(event: Event) -> list[PublicPlayer]:
    """The event's players in pairing-number order, public fields only."""
    registrations = (
        event.registrations.select_related("player")
        .only(*_PUBLIC_PLAYER_FIELDS)
        .order_by("pairing_number")
    )
    return [_public(r) for r in registrations]


def pairing_list(round: Round) -> list[PairingLine]:
    """The boards of `round` with players' public fields and the games' result codes."""
    related = [
        f"{side}__player__{name}"
        for side in ("white", "black")
        for name in ("first_name", "last_name", "federation", "title", "club")
    ]
    pairings = (
        Pairing.objects.filter(round=round)
        .select_related("white__player", "black__player")
        .only(
            "board",
            "bye_kind",
            "white__pairing_number",
            "white__rating",
            "black__pairing_number",
            "black__rating",
            *related,
        )
        .prefetch_related(Prefetch("games", queryset=Game.objects.order_by("index")))
        .order_by("board")
    )
    cards = round_cards(round)
    return [
        PairingLine(
            board=p.board,
            white=_public(p.white),
            black=_public(p.black) if p.black_id else None,
            bye_kind=p.bye_kind,
            results=tuple(game.result for game in p.games.all()),
            card=card_value(cards.get(p.pk)),
        )
        for p in pairings
    ]


def card_value(card: BallotCard | None) -> Card | None:
    """The deck's card row as the value boards, sheets and record checks read."""
    if card is None:
        return None
    return Card(
        code=card.code,
        name=card.name,
        moves=card.moves,
        start_fen=card.start_fen,
        fen=card.fen,
    )


def drawable_cards(deck: BallotDeck, *, variant: str) -> list[BallotCard]:
    """The cards of ``deck`` a draw may pick for an event of ``variant``, in number order:
    never a barred card (docs/rules/tournaments.md §6.6); for Brazilian draughts only the
    cards of the FMJD table's Brazilian subset (docs/rules/tournaments.md §6.3)."""
    cards = deck.cards.filter(barred=False)
    if variant == BRAZILIAN:
        cards = cards.filter(brazilian=True)
    return list(cards.order_by("number"))


def ballot_drawn_numbers(event: Event, *, deck: BallotDeck, before: int | None = None) -> list[int]:
    """The numbers of ``deck``'s cards drawn in ``event``, voided draws included, in draw order
    (before draw number ``before`` if given): what tournaments.ballots.draw needs to know
    which cards are left."""
    draws = BallotDraw.objects.filter(event=event, card__deck=deck)
    if before is not None:
        draws = draws.filter(sequence__lt=before)
    return list(draws.order_by("sequence").values_list("card__number", flat=True))


def ballot_draw_check(draw: BallotDraw) -> int:
    """Re-run ``draw`` from its recorded seed: the card number the seed picks from the cards
    that were left. Equal to ``draw.card.number`` for an untampered record."""
    event = draw.event
    deck = draw.card.deck
    numbers = [card.number for card in drawable_cards(deck, variant=event.variant)]
    drawn = ballot_drawn_numbers(event, deck=deck, before=draw.sequence)
    return pick(seed=draw.seed, pool=cards_left(deck=numbers, drawn=drawn))


def round_draws(round: Round) -> dict[int, BallotDraw]:
    """The live draw giving each board of ``round`` its card (pairing id -> draw): the board's
    own draw, else the round's draw for all boards; byes and boards without a card are absent."""
    draws = BallotDraw.objects.filter(round=round, voided_at__isnull=True).select_related(
        "card__deck"
    )
    shared = next((d for d in draws if d.pairing_id is None), None)
    own = {d.pairing_id: d for d in draws if d.pairing_id is not None}
    boards = round.pairings.filter(black__isnull=False).values_list("pk", flat=True)
    found = {pk: own.get(pk, shared) for pk in boards}
    return {pk: draw for pk, draw in found.items() if draw is not None}


def round_cards(round: Round) -> dict[int, BallotCard]:
    """The card of each board of ``round`` that has one (pairing id -> card)."""
    return {pk: draw.card for pk, draw in round_draws(round).items()}


def pairing_card(pairing: Pairing) -> BallotCard | None:
    """The card both games of ``pairing`` start from (None: free opening, or not drawn yet)."""
    if pairing.black_id is None:
        return None
    draws = BallotDraw.objects.filter(round_id=pairing.round_id, voided_at__isnull=True)
    draw = (
        draws.filter(pairing=pairing).select_related("card").first()
        or draws.filter(pairing__isnull=True).select_related("card").first()
    )
    return draw.card if draw else None


def event_slug_free(name: str, *, exclude_pk: int | None = None) -> str:
    """A slug made from `name` that no other event uses ("open-de-paris", then
    "open-de-paris-2", ...); "" when the name has no letter or digit a web address can
    hold."""
    base = slugify(name)[: Event._meta.get_field("slug").max_length - 4].strip("-")
    if not base:
        return ""
    taken = set(
        Event.objects.filter(slug__startswith=base)
        .exclude(pk=exclude_pk)
        .values_list("slug", flat=True)
    )
    candidate, number = base, 2
    while candidate in taken:
        candidate, number = f"{base}-{number}", number + 1
    return candidate


@dataclass(frozen=True)
class SwissRoundRequest:
    """What round ``number`` of a Swiss is paired from: the state after the previous round,
    the players kept out (not yet arrived, withdrawn) and those on a requested half-point
    bye."""

    state: TournamentState
    absent: frozenset[int]
    half_point_byes: frozenset[int]


def swiss_round_request(
    event: Event, number: int, registrations: dict[int, Registration] | None = None
) -> SwissRoundRequest:
    """The input of the Dutch system for round ``number`` of ``event`` (``registrations``:
    the event's, by pairing number, when the caller has them)."""
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
    state = tournament_state(event, up_to_round=number - 1)
    return SwissRoundRequest(state, absent, half - absent)


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
