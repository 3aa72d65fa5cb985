"""The TRF import: an event moved in from a TRF file another program wrote (Swiss-Manager,
Vega, bbpPairings, or Damier's own export), previewed, then created in one transaction.

:func:`trf_import_plan` reads the file (tournaments.pairing.trf) and checks what the file
alone cannot guarantee: that every result names an opponent who has a line, that the two
players' lines of a board name each other with results that agree (``1``/``0``, ``=``/``=``,
``+``/``-``, ``-``/``-``) and opposite colours, that a round robin has no bye but its rest,
and that the event's games per pairing can give each board's results and points. Every
refused line is listed with its number and reason; a plan with a refused line writes
nothing. :func:`trf_import_apply` creates the event (its system from records 192/092, its
scoring from 162/XXS/BB*, its tie-breaks from 202), the players (a player whose FMJD id is
known is reused), the registrations with their pairing numbers, ratings and withdrawals, the
rounds (completed), the boards and byes, and the games with the results that give the file's.
"""

import datetime
import hashlib
import itertools
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import CharField
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    BYE_KIND_LABELS,
    SCORING_FIELDS,
    Event,
    Game,
    GameResult,
    Pairing,
    Player,
    Ranking,
    Registration,
    Round,
    RoundStatus,
    System,
    Title,
)
from tournaments.pairing.berger import berger_rounds, berger_table
from tournaments.pairing.trf import TrfDocument, TrfError, next_round, trf_loads
from tournaments.scoring.matches import (
    MATCH_POINTS_RULE,
    GameSides,
    must_rank_on_match_points,
    pairing_result,
)
from tournaments.scoring.notation import result_score
from tournaments.scoring.tiebreaks import TIEBREAKS
from tournaments.selectors.events import event_slug_free
from tournaments.services.csv_import import CONTROL_CHARACTERS, decode_upload
from tournaments.services.errors import ImportFormatError
from tournaments.services.events import event_create
from tournaments.services.history import recorded_by
from tournaments.services.players import player_create
from tournaments.values import (
    ByeKind,
    Colour,
    Competitor,
    RoundResult,
    ScoringSystem,
)

#: Results of both players of a board that agree (TRF player section, columns 92-99).
AGREEING_CODES = frozenset({("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-")})
#: Unrated played results read as the rated ones: the game was played either way.
_PLAYED = {"W": "1", "D": "=", "L": "0"}
#: Game results tried, in this order, to give a board's results (played games first).
_GAME_RESULTS = (
    GameResult.WHITE_WIN,
    GameResult.DRAW,
    GameResult.BLACK_WIN,
    GameResult.WHITE_FORFEIT_WIN,
    GameResult.BLACK_FORFEIT_WIN,
    GameResult.DOUBLE_FORFEIT,
    GameResult.UNPLAYED,
)
_BYE_KINDS = {kind.code: kind for kind in ByeKind}
_DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d")


@dataclass(frozen=True)
class TrfRefusal:
    """A line of the file that cannot be imported, and why."""

    line: int
    reason: str


@dataclass(frozen=True)
class TrfBoard:
    """One board or bye of a round as it will be created; ``games`` are the results of the
    pairing's games in order (game 2 has the colours swapped), empty for a bye."""

    white: int
    black: int | None
    bye_kind: str = ""
    games: tuple[str, ...] = ()


@dataclass(frozen=True)
class TrfImportSettings:
    """What the organizer chooses, because a TRF does not say it."""

    variant: str
    games_per_pairing: int = 1
    ranking: str = Ranking.GAME_POINTS


@dataclass
class TrfImportPlan:
    """What the file would create; nothing is written while ``refusals`` is not empty."""

    data: bytes
    settings: TrfImportSettings
    document: TrfDocument
    system: str
    rounds_played: int
    total_rounds: int
    tiebreaks: list[str]
    unknown_tiebreaks: list[str]
    refusals: list[TrfRefusal] = field(default_factory=list)
    rounds: dict[int, list[TrfBoard]] = field(default_factory=dict)
    existing: dict[int, Player] = field(default_factory=dict)
    rests: dict[int, int] = field(default_factory=dict)

    @property
    def competitors(self) -> tuple[Competitor, ...]:
        return self.document.state.competitors

    @property
    def scoring(self) -> ScoringSystem:
        return self.document.state.scoring

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def trf_import_plan(data: bytes, *, settings: TrfImportSettings) -> TrfImportPlan:
    """The preview of importing ``data`` (a TRF file) with ``settings``; writes nothing."""
    text, _encoding = decode_upload(data)
    errors: list[TrfError] = []
    document = trf_loads(text, errors=errors)
    if not document.state.competitors:
        raise ImportFormatError(_("This file has no player line (record 001): is it a TRF?"))
    system = _system(document)
    played = next_round(document.state) - 1
    players = len(document.state.competitors)
    total = (
        max(document.state.total_rounds, played)
        if system == System.SWISS
        else berger_rounds(players, double=system == System.DOUBLE_ROUND_ROBIN)
    )
    plan = TrfImportPlan(
        data=data,
        settings=settings,
        document=document,
        system=system,
        rounds_played=played,
        total_rounds=total,
        tiebreaks=[code for code in document.event.tiebreaks if code in TIEBREAKS],
        unknown_tiebreaks=[code for code in document.event.tiebreaks if code not in TIEBREAKS],
        refusals=[TrfRefusal(error.line, str(error)) for error in errors],
    )
    if (
        must_rank_on_match_points(
            swiss=system == System.SWISS, games_per_pairing=settings.games_per_pairing
        )
        and settings.ranking != Ranking.MATCH_POINTS
    ):
        plan.refusals.append(TrfRefusal(0, _(MATCH_POINTS_RULE)))
    if total < played:
        plan.refusals.append(
            TrfRefusal(
                0,
                _(
                    "%(players)d players make a round robin of %(total)d rounds; "
                    "the file has %(played)d."
                )
                % {"players": players, "total": total, "played": played},
            )
        )
    if system != System.SWISS:
        plan.rests = _rests(plan)
    plan.refusals += _too_long(document, text)
    plan.refusals += [
        TrfRefusal(
            number,
            _("Column %(column)d holds the control character U+%(code)04X.")
            % {"column": found.start() + 1, "code": ord(found.group())},
        )
        for number, line in enumerate(text.splitlines(), start=1)
        if (found := CONTROL_CHARACTERS.search(line)) is not None
    ]
    lines = _player_lines(text)
    for competitor in document.state.competitors:
        for result in competitor.results:
            if result.round > played:
                continue
            reason = _check(plan, competitor, result)
            if reason:
                plan.refusals.append(
                    TrfRefusal(
                        lines.get(competitor.number, 0),
                        _("Player %(number)d, round %(round)d: %(reason)s")
                        % {"number": competitor.number, "round": result.round, "reason": reason},
                    )
                )
    for boards in plan.rounds.values():
        boards.sort(key=lambda board: board.black is None)  # byes and rests last
    declared = _declared_points(text)
    assigned = _assigned_points(text)
    for competitor in document.state.competitors:
        points = declared.get(competitor.number)
        # The total as the file's DAT POINTS count it, or as TRF-2026 does: each code's
        # points in the point system, plus what records 299 give.
        coded = sum(
            (document.state.scoring.points_for(r.code) for r in competitor.results),
            assigned.get(competitor.number, Decimal(0)),
        )
        if points is not None and points not in (competitor.score(), coded):
            plan.refusals.append(
                TrfRefusal(
                    lines.get(competitor.number, 0),
                    _(
                        "Player %(number)d has %(declared)s points in columns 81-84, but his "
                        "results give %(points)s in the file's point system: declare it (record "
                        "162 or XXS)."
                    )
                    % {
                        "number": competitor.number,
                        "declared": formats.localize(points),
                        "points": formats.localize(competitor.score()),
                    },
                )
            )
    ids = {c.fmjd_id for c in document.state.competitors if c.fmjd_id}
    for competitor in document.state.competitors:
        same = [c.number for c in document.state.competitors if c.fmjd_id == competitor.fmjd_id]
        if competitor.fmjd_id and same[0] != competitor.number:
            plan.refusals.append(
                TrfRefusal(
                    lines.get(competitor.number, 0),
                    _("Player %(number)d has the FMJD id %(id)s of player %(first)d.")
                    % {"number": competitor.number, "id": competitor.fmjd_id, "first": same[0]},
                )
            )
    known = {p.fmjd_id: p for p in Player.objects.filter(fmjd_id__in=ids)}
    plan.existing = {c.number: known[c.fmjd_id] for c in plan.competitors if c.fmjd_id in known}
    plan.refusals.sort(key=lambda refusal: refusal.line)
    return plan


def trf_preview(plan: TrfImportPlan) -> dict[str, object]:
    """What the preview page shows of ``plan``: the event's name, system and scoring, the
    players, and each round's boards as (board, white, black or bye, result) in words."""
    names = {c.number: c.name for c in plan.competitors}
    variant = plan.settings.variant
    rounds = []
    for number, boards in sorted(plan.rounds.items()):
        lines = []
        for board_number, board in enumerate(boards, start=1):
            if board.black is None:
                kind = ByeKind(board.bye_kind)
                rest = plan.system != System.SWISS
                lines.append(
                    (
                        board_number,
                        names[board.white],
                        _("rest") if rest else BYE_KIND_LABELS[kind],
                        "",
                    )
                )
            else:
                result = " ".join(result_score(game, variant) for game in board.games)
                lines.append((board_number, names[board.white], names[board.black], result))
        rounds.append((number, lines))
    return {
        "event_name": plan.document.event.name or _("Imported event"),
        "system": System(plan.system).label,
        "scoring": [
            f"{Event._meta.get_field(name).verbose_name} "
            f"{formats.localize(getattr(plan.scoring, attribute))}"
            for attribute, name in SCORING_FIELDS.items()
        ],
        "players": [
            {
                "number": c.number,
                "name": c.name,
                "rating": c.rating,
                "federation": c.federation,
                "fmjd_id": c.fmjd_id,
                "points": c.score(plan.rounds_played),
                "existing": c.number in plan.existing,
                "withdrawn": c.withdrawn_from_round,
            }
            for c in plan.competitors
        ],
        "rounds": rounds,
    }


@transaction.atomic
def trf_import_apply(plan: TrfImportPlan, *, user: AbstractBaseUser) -> Event:
    """Create the event ``plan`` previews, owned by ``user``, in one transaction (all or
    nothing). Refused when the plan refuses a line."""
    if plan.refusals:
        raise ImportFormatError(
            _("The file has refused lines: correct them and upload it again; nothing was written.")
        )
    try:
        return _create(plan, user=user)
    except ValidationError as exc:
        raise ImportFormatError(_describe(exc)) from None


def _create(plan: TrfImportPlan, *, user: AbstractBaseUser) -> Event:
    trf_event = plan.document.event
    name = trf_event.name or _("Imported event")
    start = _date(trf_event.start_date) or timezone.localdate()
    end = max(_date(trf_event.end_date) or start, start)
    event = event_create(
        user=user,
        name=name[: Event._meta.get_field("name").max_length],
        slug=event_slug_free(name) or event_slug_free(_("Imported event")),
        variant=plan.settings.variant,
        start_date=start,
        end_date=end,
        system=plan.system,
        number_of_rounds=plan.total_rounds if plan.system == System.SWISS else None,
        scoring=plan.scoring,
        tiebreaks=plan.tiebreaks,
        venue=trf_event.city[: Event._meta.get_field("venue").max_length],
        chief_arbiter=trf_event.chief_arbiter[: Event._meta.get_field("chief_arbiter").max_length],
        games_per_pairing=plan.settings.games_per_pairing,
        ranking=plan.settings.ranking,
        first_colour=plan.document.state.first_colour,
        swiss_ordering="draughts" if _draughts_ordering(plan.document) else "fide",
    )
    registrations = {
        competitor.number: _register(event, competitor, plan.existing.get(competitor.number), user)
        for competitor in plan.competitors
    }
    for number, boards in sorted(plan.rounds.items()):
        round_ = recorded_by(
            Round(event=event, number=number, status=RoundStatus.COMPLETED),
            user,
        )
        round_.published_at = timezone.now()
        round_.save()
        for board_number, board in enumerate(boards, start=1):
            white = registrations[board.white]
            black = registrations[board.black] if board.black is not None else None
            pairing = recorded_by(
                Pairing(
                    round=round_,
                    board=board_number,
                    white=white,
                    black=black,
                    bye_kind=board.bye_kind,
                ),
                user,
            )
            pairing.save()
            for index, result in enumerate(board.games, start=1):
                first, second = (white, black) if index % 2 else (black, white)
                recorded_by(
                    Game(pairing=pairing, index=index, white=first, black=second, result=result),
                    user,
                ).save()
    return event


def _system(document: TrfDocument) -> str:
    """The system the file declares: record 192's code, else record 092's words."""
    code = document.event.type_code.upper()
    words = document.event.system.lower()
    if "DOUBLEROUNDROBIN" in code or (not code and "double" in words and "robin" in words):
        return System.DOUBLE_ROUND_ROBIN
    if "ROUNDROBIN" in code or (not code and ("robin" in words or "berger" in words)):
        return System.ROUND_ROBIN
    return System.SWISS


def _rests(plan: TrfImportPlan) -> dict[int, int]:
    """Each round's rest in a round robin of an odd number of players (C.05 Annex 1): the
    one player with a ``Z`` and no opponent, else the one of them the Berger table rests
    (the others of a round have a game not played yet, written ``Z`` too)."""
    numbers = sorted(c.number for c in plan.competitors)
    if len(numbers) % 2 == 0:
        return {}
    table = berger_table(len(numbers))
    rests = {}
    last = len(table) - 1
    for number in range(1, plan.rounds_played + 1):
        resting = {
            c.number
            for c in plan.competitors
            if (r := c.result_in(number)) is not None
            and r.code == "Z"
            and r.opponent is None
            and not (c.withdrawn_from_round and number >= c.withdrawn_from_round)
        }
        indices = {(number - 1) % len(table)}
        if (
            plan.system == System.DOUBLE_ROUND_ROBIN
            and number - 1 >= last - 1
            and number <= last + 1
        ):
            indices = {last - 1, last}  # the first cycle's last two may be swapped (C.05 Annex 1)
        scheduled = {
            numbers[pair.white - 1] for i in indices for pair in table[i] if pair.black is None
        }
        chosen = resting if len(resting) == 1 else resting & scheduled
        if len(chosen) == 1:
            rests[number] = chosen.pop()
    return rests


def _draughts_ordering(document: TrfDocument) -> bool:
    """The Swiss pairs by the draughts ordering: the file's 192 code is the one Damier's
    export gives it (tournaments.trf.export.SYSTEM_RECORDS), or the file pairs by rank
    (``XXC rank``)."""
    return document.by_rank or document.event.type_code.upper() == "CUSTOM_SWISS"


def _declared_points(text: str) -> dict[int, Decimal]:
    """Each player's points as the file states them (columns 81-84 of the 001 records)."""
    points = {}
    for line in text.splitlines():
        if line.startswith("001") and line[4:8].strip().isdigit():
            try:
                points[int(line[4:8])] = Decimal(line[80:84].strip())
            except ArithmeticError:
                continue  # no points written: nothing to compare
    return points


def _assigned_points(text: str) -> dict[int, Decimal]:
    """The points each player's total gains or loses by TRF-2026 records 299 in their form
    of points given to players in a round (column 5 blank, the points in columns 14-17, the
    players from column 24 on), as the export writes a round-robin withdrawal's annulled
    games: columns 81-84 then state the total with them."""
    assigned: dict[int, Decimal] = {}
    for line in text.splitlines():
        if not line.startswith("299") or line[4:5].strip():
            continue
        try:
            points = Decimal(line[13:17].strip())
            numbers = [int(n) for n in line[23:].split()]
        except (ArithmeticError, ValueError):
            continue  # not a record this form gives: nothing to add
        for number in numbers:
            assigned[number] = assigned.get(number, Decimal(0)) + points
    return assigned


def _player_lines(text: str) -> dict[int, int]:
    """Each pairing number's line in the file (columns 5-8 of the 001 records)."""
    lines = {}
    for index, line in enumerate(text.splitlines(), start=1):
        if line.startswith("001") and line[4:8].strip().isdigit():
            lines.setdefault(int(line[4:8]), index)
    return lines


def _check(plan: TrfImportPlan, competitor: Competitor, result: RoundResult) -> str:
    """Why ``competitor``'s ``result`` cannot be imported ("" when it can); adds the board it
    makes to ``plan.rounds`` (once per board, from its white player's side)."""
    boards = plan.rounds.setdefault(result.round, [])
    if result.opponent is None:
        return _check_bye(plan, competitor, result, boards)
    state = plan.document.state
    try:
        opponent = state.competitor(result.opponent)
    except KeyError:
        return _("opponent %(opponent)d has no player line.") % {"opponent": result.opponent}
    other = opponent.result_in(result.round)
    if other is None or other.opponent != competitor.number:
        return _("opponent %(opponent)d's line does not name player %(number)d.") % {
            "opponent": opponent.number,
            "number": competitor.number,
        }
    codes = (_PLAYED.get(result.code, result.code), _PLAYED.get(other.code, other.code))
    if codes not in AGREEING_CODES:
        return _("results %(own)s and %(other)s of opponent %(opponent)d do not agree.") % {
            "own": result.code,
            "other": other.code,
            "opponent": opponent.number,
        }
    if result.colour is not None and result.colour == other.colour:
        return _("both players of the board have the same colour.")
    if result.colour is not None:
        white = result.colour == Colour.WHITE
    elif other.colour is not None:
        white = other.colour == Colour.BLACK
    else:  # a forfeit written without colours: the lower number on White
        white = competitor.number < opponent.number
    games = _games(
        plan,
        (codes[0], result.points, result.games_won),
        (codes[1], other.points, other.games_won),
        white=white,
    )
    if games is None:
        return _(
            "no %(games)d game(s) give results %(own)s (%(points)s points) and %(other)s "
            "(%(other_points)s points)."
        ) % {
            "games": plan.settings.games_per_pairing,
            "own": result.code,
            "points": result.points,
            "other": other.code,
            "other_points": other.points,
        }
    if white:
        boards.append(TrfBoard(competitor.number, opponent.number, games=games))
    return ""


def _check_bye(
    plan: TrfImportPlan, competitor: Competitor, result: RoundResult, boards: list[TrfBoard]
) -> str:
    withdrawn = competitor.withdrawn_from_round
    if withdrawn is not None and result.round >= withdrawn and result.code == "Z":
        return ""  # a withdrawn player's later rounds have no board
    if plan.system != System.SWISS:
        if result.code != "Z" or result.points:
            return _("a round robin has no bye but the rest of the Berger table (Z, no points).")
        if plan.rests.get(result.round) == competitor.number:
            boards.append(TrfBoard(competitor.number, None, ByeKind.ZERO_POINT))
        return ""  # otherwise a game not played yet: no board
    if result.points != plan.scoring.points_for(result.code):
        return _(
            "bye %(code)s is worth %(points)s points in the file's scoring, not %(given)s."
        ) % {
            "code": result.code,
            "points": plan.scoring.points_for(result.code),
            "given": result.points,
        }
    boards.append(TrfBoard(competitor.number, None, _BYE_KINDS[result.code]))
    return ""


def _games(
    plan: TrfImportPlan,
    own: tuple[str, Decimal, int | None],
    other: tuple[str, Decimal, int | None],
    *,
    white: bool,
) -> tuple[str, ...] | None:
    """The first results of the pairing's games (played games first) that give the white
    player, then the black player, the file's code, points and games won (when the file says,
    ``DAT WON``); None when none does."""
    wanted = {1: own, 2: other} if white else {1: other, 2: own}
    count = plan.settings.games_per_pairing
    for results in itertools.product(_GAME_RESULTS, repeat=count):
        sides = [
            GameSides(result, *((1, 2) if index % 2 == 0 else (2, 1)))
            for index, result in enumerate(results)
        ]
        given = pairing_result(
            sides,
            white=1,
            black=2,
            scoring=plan.scoring,
            match_points=plan.settings.ranking == Ranking.MATCH_POINTS,
        )
        if all(
            (given[side].code, given[side].points) == (code, points)
            and won in (None, given[side].games_won)
            for side, (code, points, won) in wanted.items()
        ):
            return tuple(results)
    return None


#: The event's records whose text becomes a field of the event, with that field.
_EVENT_RECORDS: tuple[tuple[str, str, str], ...] = (
    ("012", "name", "name"),
    ("022", "city", "venue"),
    ("102", "chief_arbiter", "chief_arbiter"),
)


def _text_field(model: type[Event] | type[Player], name: str) -> tuple[str, int]:
    """The label and the most characters of the text field ``name`` of ``model``."""
    found = model._meta.get_field(name)
    assert isinstance(found, CharField) and found.max_length is not None
    return str(found.verbose_name), found.max_length


def _too_long(document: TrfDocument, text: str) -> list[TrfRefusal]:
    """A refusal for each event record, player name or club longer than the field it
    fills: a text is never cut without a word."""
    numbers: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        numbers.setdefault(line[:3], number)
    refusals = []
    for code, name, column in _EVENT_RECORDS:
        value: str = getattr(document.event, name)
        label, limit = _text_field(Event, column)
        if len(value) > limit:
            refusals.append(
                TrfRefusal(
                    numbers.get(code, 0),
                    _(
                        "Record %(code)s (%(field)s) has %(length)d characters; the field "
                        "holds at most %(limit)d: shorten it."
                    )
                    % {"code": code, "field": label, "length": len(value), "limit": limit},
                )
            )
    lines = _player_lines(text)
    for competitor in document.state.competitors:
        last, _comma, first = competitor.name.partition(",")
        for value, column in (
            (last.strip(), "last_name"),
            (first.strip(), "first_name"),
            (competitor.club.strip(), "club"),
        ):
            label, limit = _text_field(Player, column)
            if len(value) > limit:
                refusals.append(
                    TrfRefusal(
                        lines.get(competitor.number, 0),
                        _(
                            "Player %(number)d: the %(field)s has %(length)d characters; the "
                            "field holds at most %(limit)d: shorten it."
                        )
                        % {
                            "number": competitor.number,
                            "field": label,
                            "length": len(value),
                            "limit": limit,
                        },
                    )
                )
    return refusals


def _register(
    event: Event, competitor: Competitor, player: Player | None, user: AbstractBaseUser
) -> Registration:
    if player is None:
        last, _comma, first = competitor.name.partition(",")
        if not _comma:
            last, _space, first = competitor.name.partition(" ")
        federation = competitor.federation.upper()
        player = player_create(
            {
                "last_name": last.strip()[:100] or "?",
                "first_name": first.strip()[:100] or "?",
                "federation": federation if len(federation) == 3 and federation.isalpha() else "",
                "fmjd_id": competitor.fmjd_id,
                "rating": competitor.rating,
                "title": competitor.title if competitor.title in Title.values else "",
                "club": competitor.club[:120],
            },
            user=user,
        )
    withdrawn = competitor.withdrawn_from_round
    registration = Registration(
        event=event,
        player=player,
        pairing_number=competitor.number,
        rating=competitor.rating,
        joined_round=1,
        withdrawn_from_round=withdrawn if withdrawn and withdrawn > 1 else None,
    )
    registration.full_clean()
    recorded_by(registration, user).save()
    return registration


def _date(text: str) -> datetime.date | None:
    for date_format in _DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text.strip(), date_format).date()
        except ValueError:
            continue
    return None


def _describe(exc: ValidationError) -> str:
    if hasattr(exc, "message_dict"):
        return "; ".join(f"{name}: {' '.join(msgs)}" for name, msgs in exc.message_dict.items())
    return " ".join(exc.messages)
