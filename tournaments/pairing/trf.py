"""Tournament Report Files: FIDE TRF-2026 with the engines' extension records.

Format implemented: FIDE "TRF-2026" (Tournament Report File, version 2026, approved by FIDE
Council 12/05/2025, applied from 01/09/2025), chosen over TRF16 because it is the version in
force and, unlike TRF16, it declares the point system (record 162), the number of rounds
(142), the initial colour (152), byes for the round to pair (240), accelerated rounds (250)
and prohibited pairings (260), which in-tournament data exchange with a pairing engine needs.
The same file also carries the records of the engines in use, for those that predate TRF-2026:

* JaVaFo TRF(x), read by py4swiss 0.3.1 and bbpPairings: ``XXR`` rounds, ``XXC`` initial
  colour (``white1``/``black1``, plus ``rank`` with the draughts ordering), ``XXS`` the full
  point system (``WW BW WD BD WL BL ZPB HPB FPB PAB FW FL``), ``XXP`` forbidden pairs;
* bbpPairings ``BBW BBD BBL BBZ BBF BBU`` (win, draw, loss, zero-point bye, forfeit loss,
  pairing-allocated bye);
* Tornelo TRFx ``DAT`` lines for what the fixed columns cannot hold (a draughts title such
  as GMI, a club, a name longer than 33 characters).

A file that does not name its initial colour (no 152, no colour in ``XXC``) is read with the
colour its first round shows, as bbpPairings infers it (:func:`played_first_colour`): the
generators and programs that write no such record still pair alike in both engines.

Readers skip records they do not know (py4swiss in its default, non-strict mode; bbpPairings
always). Record 162 is written only when our scoring fits its classes (forfeit win and
full-point bye worth a win, half-point bye worth a draw, zero-point bye worth a forfeit
loss), without its absence class ``A`` while that is worth 0.0 (bbpPairings 6.0.0 refuses
an ``A``, see :func:`_162_line`); ``XXS`` always holds every value.

Round dates (132) are written in the TRF columns (92-99, 102-109, ...) only when the event
gives them: py4swiss 0.3.1 reads 132 with a 9-column step and rejects such a line as soon as it
holds two dates, so leave ``round_dates`` empty in files meant for py4swiss.

Every player line lists one result per round: a round without an entry is written ``Z``
(TRF-2026: a blank result "is equivalent to Z"), because py4swiss mis-pairs short rows.
Byes already recorded for the next round (``H``, ``Z``, ``F``) are written both in the player
line (JaVaFo, py4swiss) and as a 240 record.

As the event's record (TRF-2026 tournament section): 092 names the system in words and 192
gives its code from the TRF-2026 table of tournament types (``BERGER_ROUNDROBIN``,
``BERGER_DOUBLEROUNDROBIN``, ``FIDE_DUTCH_2017`` for the Dutch rules in force until 31 January
2026, ``CUSTOM_SWISS`` for the draughts ordering), 202 the tie-breaks in order (C.07
abbreviations, modifiers after a slash: ``BH/C1``). In the player record the rank (columns
86-89) is the place in the standings when the caller gives it, and the FIDE id field (columns
58-68) holds the FMJD id when it is a number of at most 11 digits, as TRF-2026 and its
readers take that field (``DAT nnnn FMJDID`` otherwise). The points column (81-84) holds the
points the standings count; where they are not what the codes give in record 162's point
system (a pairing of several games ranked on game points, a round-robin withdrawal's annulled
games) a TRF-2026 record 299 gives each player the difference in that round, so that a
reader adds the codes up to the column (gacrux refuses a file whose points it cannot).
bbpPairings 6.0.0 refuses record 299; a Swiss never needs it (a two-game Swiss ranks on
match points, and only a round robin annuls games). Two Tornelo-style
``DAT`` records carry what the columns cannot: ``WITHDRAWN r`` (the player withdrew before round
``r``; his later rounds are ``Z``), ``POINTS p1 p2 ...`` (the points of each round, written when
a round's points differ from its code's, as in a two-game event ranked on game points) and
``WON w1 w2 ...`` (the games won over the board in each round of a pairing of several games,
``-`` for a round without them: the tie-break WON counts games, which one code cannot say).
Free text (names, clubs, event fields) is written on one line
(:func:`tournaments.export_text.one_line`), so that no value can start a record.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from typing import Literal

from tournaments.export_text import one_line
from tournaments.pairing.dutch_input import forfeit_colour, tenths
from tournaments.pairing.ordering import draughts_order
from tournaments.values import (
    BYE_CODES,
    FORFEIT_CODES,
    RESULT_CODES,
    Acceleration,
    Colour,
    Competitor,
    DutchRules,
    ForbiddenPairing,
    RoundResult,
    ScoringSystem,
    TournamentState,
)

#: Titles the TRF player record (columns 11-13) and py4swiss accept; others go to DAT.
TRF_TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})
NAME_WIDTH = 33
ID_WIDTH = 11
#: TRF scoring defaults (TRF-2026 record 162: W 1.0, D 0.5, L 0.0, A 0.0, P = W).
TRF_DEFAULT_SCORING = ScoringSystem(
    win=Decimal("1"),
    draw=Decimal("0.5"),
    loss=Decimal(0),
    forfeit_win=Decimal("1"),
    forfeit_loss=Decimal(0),
    pairing_bye=Decimal("1"),
    half_bye=Decimal("0.5"),
    zero_bye=Decimal(0),
    full_bye=Decimal("1"),
)
#: Record 092 (type of tournament) for each text of C.04.3, as bbpPairings 6.0.0 writes the
#: 2026 text; a file without a known value is paired by the text the caller chooses.
TRF_092: dict[DutchRules, str] = {
    DutchRules.FIDE_2026: "FIDE_DUTCH_2025",
    DutchRules.PRE_2026: "FIDE_DUTCH",
}
_RULES_092 = {text: rules for rules, text in TRF_092.items()} | {
    "FIDE_DUTCH_2017": DutchRules.PRE_2026  # the 192 code of the text until 31 January 2026
}
#: JaVaFo ``XXS`` codes and the :class:`ScoringSystem` field each one declares, in the order
#: the record is written.
XXS_FIELDS: dict[str, str] = {
    "WW": "win",
    "BW": "win",
    "WD": "draw",
    "BD": "draw",
    "WL": "loss",
    "BL": "loss",
    "ZPB": "zero_bye",
    "HPB": "half_bye",
    "FPB": "full_bye",
    "PAB": "pairing_bye",
    "FW": "forfeit_win",
    "FL": "forfeit_loss",
}
_BB_FIELDS = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_bye",
    "BBF": "forfeit_loss",
    "BBU": "pairing_bye",
}
_162_FIELDS = {
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss"),
    "P": ("pairing_bye",),
}


class TrfError(ValueError):
    """A TRF file that cannot be read: names the line, the column and the text."""

    def __init__(self, message: str, *, line: int, text: str, column: int | None = None) -> None:
        where = f"line {line}" + (f", column {column}" if column is not None else "")
        super().__init__(f"{where}: {message}: {text!r}")
        self.line = line
        self.column = column
        self.text = text


@dataclass(frozen=True)
class TrfEvent:
    """The tournament records of a TRF (012 .. 132) that are not part of the state."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    round_dates: tuple[dt.date, ...] = ()
    system: str = ""
    type_code: str = ""
    tiebreaks: tuple[str, ...] = ()


@dataclass(frozen=True)
class TrfDocument:
    """What :func:`trf_loads` reads: the state, the event records, and the ordering the
    file asks for (``XXC rank``: pair by the order of the player lines). The text of C.04.3
    its record 092 names is the state's ``rules``."""

    state: TournamentState
    event: TrfEvent = field(default_factory=TrfEvent)
    by_rank: bool = False


def trf_dumps(
    state: TournamentState,
    *,
    event: TrfEvent = TrfEvent(),
    ordering: Literal["fide", "draughts"] = "fide",
    ranks: Mapping[int, int] | None = None,
    played: int | None = None,
) -> str:
    """The state as TRF-2026 text with JaVaFo/bbpPairings records (see module doc).

    With ``ordering="draughts"`` the player lines come in the draughts order for the next
    round and ``XXC`` says ``rank``, so an engine pairs exactly as :func:`pair_dutch` with
    ``ordering="draughts"``. ``ranks`` (pairing number -> place in the standings) fills the
    rank columns; without it a line's rank is its position in the file.

    Record 092 names the text of C.04.3 of the state's ``rules`` (:data:`TRF_092`).
    ``played`` is the number of rounds to write (by default every round in which anyone was
    paired, see :func:`next_round`); a bye recorded for the round after it is written too.
    """
    if played is None:
        played = next_round(state) - 1
    competitors = {c.number: c for c in state.competitors}
    if ordering == "draughts":
        order = draughts_order(state, after_round=played)
    else:
        order = sorted(competitors, key=lambda n: (-competitors[n].score(played), n))
    lines = _event_lines(state, event)
    byes: dict[tuple[str, int], list[int]] = {}
    lines.extend(_player_lines(state, order, played, ranks, byes))
    for (code, round_number), numbers in sorted(byes.items()):
        lines.append(f"240 {code} {round_number:03d} " + " ".join(f"{n:4d}" for n in numbers))
    lines.extend(_restriction_lines(state))
    lines.extend(_engine_lines(state, ordering, played))
    return "\n".join(lines) + "\n"


def _event_lines(state: TournamentState, event: TrfEvent) -> list[str]:
    """The tournament section: the event's records (012 .. 202, 132), then the rounds (142),
    the first colour (152) and the point system (162) when it fits."""
    lines: list[str] = []
    for code, value in (
        ("012", event.name),
        ("022", event.city),
        ("032", event.federation),
        ("042", event.start_date),
        ("052", event.end_date),
        ("062", str(len({c.number for c in state.competitors}))),
        ("092", event.system or (TRF_092[state.rules] if state.rules else "Swiss system")),
        ("102", event.chief_arbiter),
        ("192", event.type_code),
        ("202", ", ".join(code.replace("-", "/") for code in event.tiebreaks)),
    ):
        if one_line(value):
            lines.append(f"{code} {one_line(value)}")
    if event.round_dates:
        dates = "  ".join(d.strftime("%y/%m/%d") for d in event.round_dates)
        lines.append("132" + " " * 88 + dates)
    lines.append(f"142 {state.total_rounds}")
    lines.append(f"152 {'W' if state.first_colour is Colour.WHITE else 'B'}")
    if fits_record_162(state.scoring):
        lines.append(_162_line(state.scoring))
    return lines


def _player_lines(
    state: TournamentState,
    order: Iterable[int],
    played: int,
    ranks: Mapping[int, int] | None,
    byes: dict[tuple[str, int], list[int]],
) -> list[str]:
    """The player lines (001) in ``order``, then their DAT and 299 records; the byes
    recorded for the round after ``played`` are added to ``byes`` (by code and round)."""
    scoring = state.scoring
    competitors = {c.number: c for c in state.competitors}
    lines: list[str] = []
    assigned: dict[tuple[int, str], list[int]] = {}
    dat: list[str] = []
    for position, number in enumerate(order, start=1):
        competitor = competitors[number]
        row = list(competitor.results_through(played, scoring))
        planned = competitor.result_in(played + 1)
        if planned is not None and planned.bye:
            row.append(planned)
            byes.setdefault((planned.code, planned.round), []).append(number)
        rank = ranks[number] if ranks is not None else position
        counted = [_counted_points(state, number, r) for r in row]
        lines.append(_player_line(competitor, row, counted, rank))
        dat.extend(_dat_lines(competitor, row, scoring))
        for result, points in zip(row, counted, strict=True):
            key = _299_key(result, points, scoring)
            if key is not None:
                assigned.setdefault(key, []).append(number)
    lines.extend(dat)
    lines.extend(_299_line(key, numbers) for key, numbers in sorted(assigned.items()))
    return lines


def _restriction_lines(state: TournamentState) -> list[str]:
    """The prohibited pairings (260: throughout, then for some rounds) and the accelerated
    rounds (250)."""
    pairs = sorted(tuple(sorted(pair)) for pair in state.forbidden_pairs)
    lines = [f"260 001 {state.total_rounds:03d} {a:4d} {b:4d}" for a, b in pairs]
    for ranged in state.forbidden_ranges:
        listed = " ".join(f"{n:4d}" for n in sorted(ranged.players))
        lines.append(f"260 {ranged.first_round:03d} {ranged.last_round:03d} {listed}")
    lines.extend(_250_line(a) for a in state.accelerations)
    return lines


def _engine_lines(
    state: TournamentState, ordering: Literal["fide", "draughts"], played: int
) -> list[str]:
    """The engines' records: JaVaFo's XXR, XXC, XXS and XXP (the pairs forbidden in the
    round to pair), bbpPairings' BB* point system."""
    scoring = state.scoring
    colour = "white1" if state.first_colour is Colour.WHITE else "black1"
    lines = [
        f"XXR {state.total_rounds}",
        f"XXC {'rank ' if ordering == 'draughts' else ''}{colour}",
        "XXS "
        + " ".join(f"{code}={_points(getattr(scoring, f))}" for code, f in XXS_FIELDS.items()),
    ]
    pairs = sorted(tuple(sorted(pair)) for pair in state.forbidden_in(played + 1))
    lines.extend(f"XXP {a} {b}" for a, b in pairs)
    lines.extend(f"{code} {_points(getattr(scoring, f)):>4}" for code, f in _BB_FIELDS.items())
    return lines


def next_round(state: TournamentState) -> int:
    """The round to pair next: one after the last round in which anyone was paired (had an
    opponent or the pairing-allocated bye); byes recorded in advance do not count."""
    paired = [
        r.round
        for c in state.competitors
        for r in c.results
        if r.opponent is not None or r.code == "U"
    ]
    return max(paired, default=0) + 1


def fits_record_162(scoring: ScoringSystem) -> bool:
    """Whether record 162 can hold ``scoring``: one value per class W, D, L, A, P."""
    return all(
        len({getattr(scoring, name) for name in names}) == 1 for names in _162_FIELDS.values()
    )


def _points(value: Decimal) -> str:
    tenths(value)
    return f"{value:.1f}"


def _162_line(scoring: ScoringSystem) -> str:
    """Record 162 as TRF-2026 lays it out (a symbol in column 6, its points in 7-10, the next
    symbol 9 columns on) and as both gacrux and bbpPairings 6.0.0 read it. The absence
    (TRF-2026 ``A``: zero-point bye or forfeit loss) is left out when it is worth 0.0, the
    default of TRF-2026 and of both readers, because bbpPairings 6.0.0 knows it only by its
    own symbol ``Z`` and refuses the line ("Invalid line") at an ``A``; gacrux, for its part,
    reads ``A`` and passes over ``Z``. An absence worth something else is written ``A``, as
    TRF-2026 says; the ``BBZ``/``BBF`` records give bbpPairings the same value."""
    parts = [
        f"{symbol}{_points(getattr(scoring, names[0])):>4}"
        for symbol, names in _162_FIELDS.items()
        if symbol != "A" or getattr(scoring, names[0]) != 0
    ]
    return "162  " + "    ".join(parts)


def _counted_points(state: TournamentState, number: int, result: RoundResult) -> Decimal:
    """The points ``result`` adds to the player's total in the standings: none for a game of
    a round-robin withdrawal whose games are annulled (C.06 V.4.1, as
    :func:`tournaments.scoring.withdrawals.annul_games` counts them), its points otherwise.
    The record keeps the game and its code; the points column and record 299 say what counts."""
    if number in state.annulled or result.opponent in state.annulled:
        return Decimal(0)
    return result.points


def _299_key(
    result: RoundResult, points: Decimal, scoring: ScoringSystem
) -> tuple[int, str] | None:
    """What record 299 must say for ``result`` scoring ``points`` (its round, and the points
    its code does not give), or ``None`` when its code gives them."""
    standard = scoring.points_for(result.code)
    if points == standard:
        return None
    return (result.round, _points(points - standard))


def _299_line(key: tuple[int, str], numbers: list[int]) -> str:
    """TRF-2026 record 299 (abnormal assignment points) of an individual event, in its form
    of points added to or taken from players in a round: column 5 (the kind of result) blank,
    8-11 (match points) blank, 14-17 the points, 20-22 the round, 24-27 then every 5 columns
    the players. The form with a result in column 5 ("W": this game is a win worth 3.0)
    would say it more closely, but gacrux 1.11.65 reads its points and then counts the
    code's, while it adds a difference to the player's total."""
    round_number, points = key
    listed = " ".join(f"{n:4d}" for n in numbers)
    return f"299    {'':4}  {points:>4}  {round_number:03d} {listed}"


def _player_line(
    competitor: Competitor, row: Iterable[RoundResult], counted: Iterable[Decimal], rank: int
) -> str:
    title = competitor.title.upper() if competitor.title.upper() in TRF_TITLES else ""
    points = sum(counted, Decimal(0))
    name = one_line(competitor.name)[:NAME_WIDTH]
    federation = one_line(competitor.federation)[:3]
    fmjd_id = _id_column(competitor.fmjd_id)
    head = (
        f"001 {competitor.number:4d}  {title:>3} {name:<{NAME_WIDTH}} "
        f"{competitor.rating or '':>4} {federation:<3} {fmjd_id:>{ID_WIDTH}} {'':<10} "
        f"{_points(points):>4} {rank:4d}"
    )
    cells = []
    for result in row:
        if result.opponent is None:
            cells.append(f"0000 - {result.code}")
        else:
            colour = forfeit_colour(result, competitor.number).value
            cells.append(f"{result.opponent:4d} {colour} {result.code}")
    return (head + "  " + "  ".join(cells)).rstrip() if cells else head


def _id_column(fmjd_id: str) -> str:
    """The FMJD id as the id column (58-68) of the player record may hold it, or blank.

    TRF-2026 gives those columns to the "FIDE Number": digits, 11 of them at most, which
    every reader parses as a number (gacrux refuses the whole file, error 401, at a letter
    there). An id that is not a number of at most 11 digits is left out of the column and
    kept in ``DAT nnnn FMJDID`` instead."""
    text = one_line(fmjd_id)
    return text if text.isascii() and text.isdigit() and len(text) <= ID_WIDTH else ""


def _dat_lines(competitor: Competitor, row: list[RoundResult], scoring: ScoringSystem) -> list[str]:
    values = {
        "TITLE": one_line(competitor.title) if competitor.title.upper() not in TRF_TITLES else "",
        "CLUB": one_line(competitor.club),
        "NAME": one_line(competitor.name) if len(one_line(competitor.name)) > NAME_WIDTH else "",
        "FMJDID": one_line(competitor.fmjd_id)
        if one_line(competitor.fmjd_id) != _id_column(competitor.fmjd_id)
        else "",
        "WITHDRAWN": str(competitor.withdrawn_from_round or ""),
    }
    if any(r.points != scoring.points_for(r.code) for r in row):
        values["POINTS"] = " ".join(_points(r.points) for r in row)
    if any(r.games_won is not None for r in row):
        values["WON"] = " ".join("-" if r.games_won is None else str(r.games_won) for r in row)
    number = competitor.number
    return [f"DAT {number:04d} {kind} {value}" for kind, value in values.items() if value]


@dataclass
class _Reading:
    """What :func:`trf_loads` gathers from a file's records before it reads the players."""

    errors: list[TrfError] | None
    players: list[tuple[int, str]] = field(default_factory=list)
    event: dict[str, str] = field(default_factory=dict)
    round_dates: tuple[dt.date, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    total_rounds: int | None = None
    first_colour: Colour | None = None
    by_rank: bool = False
    rules: DutchRules | None = None
    scoring: ScoringSystem = TRF_DEFAULT_SCORING
    system_declared: bool = False
    forbidden: set[frozenset[int]] = field(default_factory=set)
    ranges: list[tuple[int, int, frozenset[int]]] = field(default_factory=list)
    accelerations: list[Acceleration] = field(default_factory=list)
    bb_points: dict[str, Decimal] = field(default_factory=dict)
    dat: dict[tuple[int, str], str] = field(default_factory=dict)
    planned_byes: list[tuple[str, int, int]] = field(default_factory=list)

    def refuse(self, error: TrfError) -> None:
        """Raise ``error``, or, when the caller collects them, keep it."""
        if self.errors is None:
            raise error
        self.errors.append(error)


def trf_loads(text: str, *, errors: list[TrfError] | None = None) -> TrfDocument:
    """Read a TRF (TRF-2026, TRF16, JaVaFo TRF(x), bbpPairings TRF(xb)) into a state.

    Points per result come from the file's point system (162, then ``XXS``, then ``BB*``,
    later records overriding earlier ones; TRF defaults otherwise). Unknown records are
    skipped; malformed known records raise :class:`TrfError` naming the line, or, when
    ``errors`` is a list, are added to it and left out (a refused player line drops that
    player).
    """
    reading = _Reading(errors)
    for index, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        code = line[:3]
        if not line.strip() or code == "###":
            continue
        record = _RECORDS.get(code)
        if record is None:
            continue
        try:
            record(reading, index, line)
        except (ValueError, KeyError, InvalidOperation) as error:
            if isinstance(error, TrfError):
                raise
            reading.refuse(TrfError(f"malformed {code} record ({error})", line=index, text=line))
    scoring = _with_bb(reading.scoring, reading.bb_points, implied=not reading.system_declared)
    competitors = _read_players(reading, scoring)
    total_rounds = reading.total_rounds
    if total_rounds is None:
        total_rounds = max((r.round for c in competitors for r in c.results), default=0)
    state = TournamentState(
        competitors=tuple(sorted(competitors, key=lambda c: c.number)),
        total_rounds=total_rounds,
        scoring=scoring,
        forbidden_pairs=frozenset(reading.forbidden | _whole_ranges(reading, total_rounds)),
        forbidden_ranges=_forbidden_ranges(reading, total_rounds),
        rules=reading.rules,
        first_colour=reading.first_colour or played_first_colour(competitors),
        accelerations=tuple(reading.accelerations),
    )
    event = TrfEvent(**reading.event, round_dates=reading.round_dates, tiebreaks=reading.tiebreaks)
    return TrfDocument(state, event, reading.by_rank)


def played_first_colour(competitors: Iterable[Competitor]) -> Colour:
    """The initial colour of a file that does not name it (no 152, no ``XXC`` colour), as
    its rounds show it and as bbpPairings 6.0.0 infers it (``inferFirstColor``): in the
    first round with a colour, the colour of the first player, by pairing number, who was
    paired (a game, a forfeit or the pairing-allocated bye), turned for every such player
    before him without a colour. White when no round has one (C.04.3: the colour is drawn
    before round 1)."""
    ordered = sorted(competitors, key=lambda c: c.number)
    coloured = [r.round for c in ordered for r in c.results if r.colour is not None]
    if not coloured:
        return Colour.WHITE
    first = min(coloured)
    paired = 0
    for competitor in ordered:
        if not any(
            r.round <= first and (r.opponent is not None or r.code == "U")
            for r in competitor.results
        ):
            continue
        result = competitor.result_in(first)
        if result is not None and result.colour is not None:
            return result.colour if paired % 2 == 0 else result.colour.other
        paired += 1
    return Colour.WHITE


def _read_players(reading: _Reading, scoring: ScoringSystem) -> list[Competitor]:
    """The competitors of the player lines (001), with their 240 byes; a line refused is
    left out when the reading collects its errors."""
    competitors = []
    seen: set[int] = set()
    for index, line in reading.players:
        try:
            competitor = _read_player(index, line, scoring, reading.dat)
            if competitor.number in seen:
                raise TrfError("pairing number repeated", line=index, text=line, column=5)
        except ValueError as error:
            # Every fault of a player line is a TrfError; any other is named by its line too.
            reading.refuse(
                error
                if isinstance(error, TrfError)
                else TrfError(str(error), line=index, text=line)
            )
            continue
        seen.add(competitor.number)
        competitors.append(competitor)
    return [_with_byes(c, reading.planned_byes, scoring) for c in competitors]


def _whole_ranges(reading: _Reading, total_rounds: int) -> set[frozenset[int]]:
    """The pairs of the 260 records that span every round: forbidden throughout."""
    return {
        pair
        for first, last, members in reading.ranges
        if first <= 1 and last >= total_rounds
        for pair in _all_pairs(sorted(members))
    }


def _forbidden_ranges(reading: _Reading, total_rounds: int) -> tuple[ForbiddenPairing, ...]:
    """The 260 records that span only some rounds."""
    kept: list[ForbiddenPairing] = []
    for first, last, members in reading.ranges:
        if first <= 1 and last >= total_rounds:
            continue
        try:
            kept.append(ForbiddenPairing(members, first, last))
        except ValueError as error:
            raise TrfError(str(error), line=0, text="260") from None
    return tuple(kept)


# -- the records trf_loads reads, one function each (``line`` whole, its content from column 5)


def _record_player(reading: _Reading, index: int, line: str) -> None:
    """001: a player line, read once the point system is known (after every record)."""
    reading.players.append((index, line))


#: The event's records held as text, by the TrfEvent field they fill.
_EVENT_RECORDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "102": "chief_arbiter",
}


def _record_event_text(reading: _Reading, index: int, line: str) -> None:
    reading.event[_EVENT_RECORDS[line[:3]]] = line[4:].strip()


def _record_round_dates(reading: _Reading, index: int, line: str) -> None:
    """132: the rounds' dates."""
    reading.round_dates = _read_dates(line)


def _record_system(reading: _Reading, index: int, line: str) -> None:
    """092: the system in words, or a code as bbpPairings writes it."""
    reading.event["system"] = line[4:].strip()
    reading.rules = _RULES_092.get(line[4:].strip().upper(), reading.rules)


def _record_type_code(reading: _Reading, index: int, line: str) -> None:
    """192: the TRF-2026 code of the tournament type."""
    reading.event["type_code"] = line[4:].strip()
    reading.rules = _RULES_092.get(line[4:].strip().upper(), reading.rules)


def _record_total_rounds(reading: _Reading, index: int, line: str) -> None:
    """142 (and JaVaFo's XXR): the number of rounds."""
    reading.total_rounds = _number(line[4:])


def _record_first_colour(reading: _Reading, index: int, line: str) -> None:
    """152: the colour of the first player in round 1."""
    reading.first_colour = {"W": Colour.WHITE, "B": Colour.BLACK}[line[4:].strip().upper()]


def _record_xxc(reading: _Reading, index: int, line: str) -> None:
    """JaVaFo's XXC: the initial colour, and ``rank`` (pair by the order of the lines)."""
    words = line[4:].split()
    reading.by_rank = reading.by_rank or "rank" in words
    if "black1" in words:
        reading.first_colour = Colour.BLACK
    elif "white1" in words:
        reading.first_colour = Colour.WHITE


def _record_162(reading: _Reading, index: int, line: str) -> None:
    """162: the point system."""
    reading.scoring = _read_162(line, reading.scoring)
    reading.system_declared = True


def _record_xxs(reading: _Reading, index: int, line: str) -> None:
    """JaVaFo's XXS: the full point system."""
    reading.scoring = _read_xxs(line[4:], reading.scoring)
    reading.system_declared = True


def _record_bb_points(reading: _Reading, index: int, line: str) -> None:
    """bbpPairings' BBW, BBD, BBL, BBZ, BBF, BBU: one value of the point system."""
    reading.bb_points[line[:3]] = Decimal(line[4:].strip())


def _record_byes(reading: _Reading, index: int, line: str) -> None:
    """240: the byes of a round to pair (F, H or Z) and the players who have them."""
    bye_code, round_text, *numbers = line[4:].split()
    if bye_code not in {"F", "H", "Z"}:
        raise ValueError(f"bye type {bye_code!r} is not F, H or Z")
    reading.planned_byes.extend((bye_code, _number(round_text), _number(n)) for n in numbers)


def _record_prohibited(reading: _Reading, index: int, line: str) -> None:
    """260: players who must not meet, from a round to another (blank: the first)."""
    first, last = _number(line[4:7]), _number(line[8:11].strip() or "0")
    reading.ranges.append((first, last or first, frozenset(_number(n) for n in line[12:].split())))


def _record_acceleration(reading: _Reading, index: int, line: str) -> None:
    """250: an accelerated round's fictitious points."""
    reading.accelerations.append(_read_250(line))


def _record_xxp(reading: _Reading, index: int, line: str) -> None:
    """JaVaFo's XXP: players who must never meet."""
    reading.forbidden |= _all_pairs([_number(n) for n in line[4:].split()])


def _record_tiebreaks(reading: _Reading, index: int, line: str) -> None:
    """202: the tie-breaks in order."""
    codes = line[4:].replace(",", " ").split()
    reading.tiebreaks = tuple(c.replace("/", "-").upper() for c in codes)


def _record_dat(reading: _Reading, index: int, line: str) -> None:
    """Tornelo's DAT: what a player's fixed columns cannot hold, by player and kind."""
    number, kind, value = line[4:].split(maxsplit=2)
    reading.dat[(_number(number), kind.upper())] = value.strip()


_RECORDS: dict[str, Callable[[_Reading, int, str], None]] = {
    "001": _record_player,
    **dict.fromkeys(_EVENT_RECORDS, _record_event_text),
    "132": _record_round_dates,
    "092": _record_system,
    "192": _record_type_code,
    "142": _record_total_rounds,
    "XXR": _record_total_rounds,
    "152": _record_first_colour,
    "XXC": _record_xxc,
    "162": _record_162,
    "XXS": _record_xxs,
    **dict.fromkeys(_BB_FIELDS, _record_bb_points),
    "240": _record_byes,
    "260": _record_prohibited,
    "250": _record_acceleration,
    "XXP": _record_xxp,
    "202": _record_tiebreaks,
    "DAT": _record_dat,
}


def _250_line(acceleration: Acceleration) -> str:
    """TRF-2026 record 250 of an individual event: columns 5-8 (match points) blank,
    10-13 the fictitious points, 15-17 and 19-21 the rounds, 23-26 and 28-31 the players."""
    a = acceleration
    return (
        f"250      {_points(a.points):>4} {a.first_round:03d} {a.last_round:03d} "
        f"{a.first_player:04d} {a.last_player:04d}"
    )


def _read_250(line: str) -> Acceleration:
    """Record 250 by its columns (see :func:`_250_line`); a blank last round or last player
    is the first (TRF-2026: "may coincide"). Match points (columns 5-8) belong to team
    events and must be blank or zero here."""
    match = line[4:8].strip()
    if match and Decimal(match) != 0:
        raise ValueError(f"match points {match} (columns 5-8) are for team events")
    first_round, first_player = _number(line[14:17]), _number(line[22:26])
    return Acceleration(
        points=Decimal(line[9:13].strip()),
        first_round=first_round,
        last_round=_number(line[18:21]) if line[18:21].strip() else first_round,
        first_player=first_player,
        last_player=_number(line[27:31]) if line[27:31].strip() else first_player,
    )


def _read_player(
    index: int, line: str, scoring: ScoringSystem, dat: dict[tuple[int, str], str]
) -> Competitor:
    def column(start: int, end: int) -> str:
        return line[start - 1 : end].strip()

    try:
        number = _number(column(5, 8))
    except ValueError:
        message = "no pairing number in columns 5-8"
        raise TrfError(message, line=index, text=line, column=5) from None
    rating_text = column(49, 52)
    if rating_text and not _digits(rating_text):
        raise TrfError(f"rating {rating_text!r} is not a number", line=index, text=line, column=49)
    results = _read_results(index, line, scoring)
    results = _with_dat_points(results, dat.get((number, "POINTS"), "").split(), index, line)
    results = _with_dat_won(results, dat.get((number, "WON"), "").split(), index, line)
    title = dat.get((number, "TITLE"), column(11, 13))
    withdrawn = dat.get((number, "WITHDRAWN"), "")
    if withdrawn and not _digits(withdrawn):
        raise TrfError(f"DAT WITHDRAWN {withdrawn!r} is not a round", line=index, text=line)
    return Competitor(
        number=number,
        name=dat.get((number, "NAME"), column(15, 47)),
        rating=int(rating_text) if rating_text else 0,
        federation=column(54, 56),
        title=title,
        club=dat.get((number, "CLUB"), ""),
        results=tuple(results),
        fmjd_id=dat.get((number, "FMJDID"), column(58, 68)),
        withdrawn_from_round=int(withdrawn) if withdrawn else None,
    )


def _read_results(index: int, line: str, scoring: ScoringSystem) -> list[RoundResult]:
    """The rounds of a player line (001): one cell of 10 columns each from column 92."""
    results = []
    for round_number, start in enumerate(range(92, len(line) + 1, 10), start=1):
        cell = line[start - 1 : start + 7]
        if cell.strip():
            results.append(_read_result(index, line, start, round_number, scoring))
    return results


def _read_result(
    index: int, line: str, start: int, round_number: int, scoring: ScoringSystem
) -> RoundResult:
    """The round of the cell at column ``start`` of a player line: opponent, colour, code."""
    cell = line[start - 1 : start + 7]
    opponent_text, colour_text = cell[0:4].strip(), cell[5:6].strip()
    code = cell[7:8].strip().upper() or "Z"
    if code not in RESULT_CODES:
        raise TrfError(f"unknown result code {code!r}", line=index, text=line, column=start + 7)
    if not (_digits(opponent_text) or opponent_text == ""):
        message = f"opponent {opponent_text!r} is not a pairing number"
        raise TrfError(message, line=index, text=line, column=start)
    opponent = int(opponent_text) if opponent_text not in {"", "0000"} else None
    if opponent is None and code in FORFEIT_CODES:
        # JaVaFo's and Swiss-Manager's writing of an absence (``-``) and of a full-point
        # bye (``+``) without an opponent: TRF-2026's ``Z`` and ``F``.
        code = "F" if code == "+" else "Z"
    if code in BYE_CODES:
        opponent = None
    colour = Colour(colour_text) if colour_text in {"w", "b"} else None
    try:
        return RoundResult(round_number, opponent, colour, code, scoring.points_for(code))
    except ValueError as error:
        raise TrfError(str(error), line=index, text=line, column=start) from None


def _with_dat_points(
    results: list[RoundResult], points: list[str], index: int, line: str
) -> list[RoundResult]:
    """The results with the points of the player's ``DAT POINTS`` record, when there is one."""
    if not points:
        return results
    if len(points) != len(results):
        message = f"DAT POINTS gives {len(points)} rounds, the line has {len(results)}"
        raise TrfError(message, line=index, text=line)
    try:
        return [replace(r, points=Decimal(p)) for r, p in zip(results, points, strict=True)]
    except (InvalidOperation, ValueError) as error:
        raise TrfError(f"DAT POINTS: {error}", line=index, text=line) from None


def _with_dat_won(
    results: list[RoundResult], won: list[str], index: int, line: str
) -> list[RoundResult]:
    """The results with the games won of the player's ``DAT WON`` record, when there is one."""
    if not won:
        return results
    if len(won) != len(results) or not all(w == "-" or _digits(w) for w in won):
        message = f"DAT WON gives {' '.join(won)!r} for the line's {len(results)} rounds"
        raise TrfError(message, line=index, text=line)
    return [
        replace(r, games_won=None if w == "-" else int(w))
        for r, w in zip(results, won, strict=True)
    ]


def _with_byes(
    competitor: Competitor, byes: list[tuple[str, int, int]], scoring: ScoringSystem
) -> Competitor:
    """Add the 240 byes of ``competitor`` for rounds its player line leaves empty."""
    added = tuple(
        RoundResult(round_number, None, None, code, scoring.points_for(code))
        for code, round_number, number in byes
        if number == competitor.number and competitor.result_in(round_number) is None
    )
    if not added:
        return competitor
    results = sorted(competitor.results + added, key=lambda r: r.round)
    return replace(competitor, results=tuple(results))


def _read_dates(line: str) -> tuple[dt.date, ...]:
    dates = []
    for start in range(92, len(line) + 1, 10):
        text = line[start - 1 : start + 7].strip()
        if text:
            dates.append(dt.datetime.strptime(text, "%y/%m/%d").date())
    return tuple(dates)


def _read_162(line: str, scoring: ScoringSystem) -> ScoringSystem:
    changes: dict[str, Decimal] = {}
    explicit_pab = False
    for start in range(6, len(line) + 1, 9):
        symbol, value = line[start - 1], Decimal(line[start : start + 4].strip())
        if symbol not in _162_FIELDS:
            raise ValueError(f"unknown point-system symbol {symbol!r} in column {start}")
        explicit_pab = explicit_pab or symbol == "P"
        changes |= dict.fromkeys(_162_FIELDS[symbol], value)
    if "win" in changes and not explicit_pab:
        changes["pairing_bye"] = changes["win"]
    return replace(scoring, **changes)


def _with_bb(scoring: ScoringSystem, points: dict[str, Decimal], *, implied: bool) -> ScoringSystem:
    """The bbpPairings records applied as bbpPairings reads them: a forfeit win and a
    full-point bye score ``BBW``, a half-point bye ``BBD``, and the pairing-allocated bye
    ``BBU`` or, without it, ``BBW``; those implied values only when ``implied`` (no 162 or
    ``XXS`` record states them)."""
    changes: dict[str, Decimal] = {}
    if implied and "BBW" in points:
        changes |= dict.fromkeys(("forfeit_win", "full_bye", "pairing_bye"), points["BBW"])
    if implied and "BBD" in points:
        changes["half_bye"] = points["BBD"]
    changes |= {_BB_FIELDS[code]: value for code, value in points.items()}
    return replace(scoring, **changes)


def _read_xxs(content: str, scoring: ScoringSystem) -> ScoringSystem:
    groups = {"W": ("win", "forfeit_win", "full_bye"), "D": ("draw", "half_bye")}
    groups |= {"L": ("loss", "forfeit_loss", "zero_bye")}
    changes: dict[str, Decimal] = {}
    for part in content.split():
        code, value = part.split("=", 1)
        names = groups.get(code) or (XXS_FIELDS[code],)
        changes |= dict.fromkeys(names, Decimal(value))
    return replace(scoring, **changes)


def _digits(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits: the TRF's numeric fields are ASCII,
    and ``str.isdigit()`` alone accepts "²", which ``int()`` refuses, and "٣", which it reads
    as 3."""
    return text.isascii() and text.isdigit()


def _number(text: str) -> int:
    """The whole number ``text`` writes in ASCII digits (spaces around it allowed); ValueError
    naming the text otherwise."""
    if not _digits(text.strip()):
        raise ValueError(f"{text.strip()!r} is not a number")
    return int(text)


def _all_pairs(numbers: list[int]) -> set[frozenset[int]]:
    return {frozenset((a, b)) for i, a in enumerate(numbers) for b in numbers[i + 1 :]}
