"""The team competition PDFs: the team standings (rank, team, match and board points, the
adjustments with their reasons, the team tie-breaks) and the team matches board by board (the
captains' match sheets), both portrait; the team crosstable (landscape: the teams in standings
order, each one's board points against every other). They draw :class:`TeamSheet` values and
never query the database."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from tournaments.documents.pdf.pages import (
    EventHeader,
    PageFrame,
    Progress,
    build_pdf,
    escape,
    header_flowables,
    styles,
    usable_height,
    usable_width,
)
from tournaments.documents.pdf.tables import Column, TableBody, paged_tables, table_document
from tournaments.results import points_number
from tournaments.scoring.teams import TEAM_TIEBREAKS, team_crosstable


@dataclass(frozen=True)
class TeamLine:
    """One line of the team standings."""

    rank: str
    team: str
    match_points: Decimal
    board_points: Decimal
    adjustment: Decimal
    tiebreaks: tuple[Decimal, ...]


@dataclass(frozen=True)
class BoardLine:
    """One board of a team match, seen from team A; points None while the game is pending."""

    number: int
    player_a: str
    player_b: str
    a_is_white: bool
    points_a: Decimal | None
    points_b: Decimal | None
    forfeit: bool


@dataclass(frozen=True)
class MatchLine:
    round: int
    team_a: str
    team_b: str | None
    board_points_a: Decimal
    board_points_b: Decimal
    boards: tuple[BoardLine, ...]
    finished: bool = True
    #: The team that did not show up (every board forfeited), or None.
    no_show: str | None = None


@dataclass(frozen=True)
class TeamSheet:
    """What the team PDFs draw: the standings after the finished matches of the published
    rounds, the adjustments (team, match points, reason), and every published match."""

    after_round: int
    total_rounds: int
    tiebreaks: tuple[str, ...]
    lines: tuple[TeamLine, ...]
    adjustments: tuple[tuple[str, Decimal, str], ...]
    matches: tuple[MatchLine, ...]


#: The team tie-breaks that repeat a total the standings show in a column of its own.
TOTALS = frozenset({"BP", "MP"})


def round_status(after_round: int, total_rounds: int) -> str:
    """The state a team document is drawn in: "after round 3 of 7" (or "before round 1");
    the team ranking of an individual event says it too."""
    if after_round == 0:
        return _("before round 1")
    return _("after round %(round)d of %(total)d") % {
        "round": after_round,
        "total": total_rounds,
    }


def render_team_standings(
    header: EventHeader,
    sheet: TeamSheet,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """The team standings as PDF bytes, with the tie-break legend and the adjustments. Match
    and board points have their own columns: a tie-break repeating one of them (BP, MP) is
    not drawn twice. Each column is named once, its legend with the same abbreviation."""
    # The tie-break columns other than the two totals, with their place in each line.
    extra = [(index, code) for index, code in enumerate(sheet.tiebreaks) if code not in TOTALS]
    mp, bp, adjusted = _("MP"), _("BP"), _("Adj.")
    columns = [
        Column(_("Rank")),
        Column(_("Team"), align="LEFT", stretch=True),
        Column(mp),
        Column(bp),
        Column(adjusted),
        *(Column(code) for _index, code in extra),
    ]
    rows = [
        [
            line.rank,
            line.team,
            points_number(line.match_points),
            points_number(line.board_points),
            points_number(line.adjustment) if line.adjustment else "",
            *(points_number(line.tiebreaks[index]) for index, _code in extra),
        ]
        for line in sheet.lines
    ]
    codes = {mp: _("Match points"), bp: _("Board points"), adjusted: _("Adjustment")}
    codes |= {code: _(TEAM_TIEBREAKS[code]) for _index, code in extra if code in TEAM_TIEBREAKS}
    small = styles()["small"]
    legend = [Paragraph(escape(" · ".join(f"{c}: {name}" for c, name in codes.items())), small)]
    title = _("Team standings")
    return table_document(
        header,
        PageFrame(title, round_status(sheet.after_round, sheet.total_rounds), generated_at),
        [*header_flowables(header, title), *legend],
        TableBody(columns, rows),
        _adjustments(sheet),
        wide=False,
        progress=progress,
    )


def _adjustments(sheet: TeamSheet) -> list[Paragraph]:
    """One line per match-point adjustment, below the table."""
    return [
        Paragraph(
            escape(
                _("%(team)s: %(points)s match points (%(reason)s)")
                % {"team": team, "points": points_number(points), "reason": reason}
            ),
            styles()["small"],
        )
        for team, points, reason in sheet.adjustments
    ]


def _board_points(value: Decimal | None) -> str:
    return "…" if value is None else points_number(value)


def _match_table(match: MatchLine) -> list[Flowable]:
    style = styles()
    if match.team_b is None:
        text = _("%(team)s: bye") % {"team": match.team_a}
        return [Paragraph(escape(text), style["body"])]
    score = f"{points_number(match.board_points_a)}–{points_number(match.board_points_b)}"
    heading = f"{match.team_a} – {match.team_b}   {score}"
    columns = [
        Column(_("Board")),
        Column(match.team_a, align="LEFT", stretch=True),
        Column(match.team_b, align="LEFT", stretch=True),
        Column(_("Result")),
    ]
    rows = []
    for board in match.boards:
        colour_a, colour_b = (_("W"), _("B")) if board.a_is_white else (_("B"), _("W"))
        result = f"{_board_points(board.points_a)}–{_board_points(board.points_b)}"
        if board.forfeit:
            result += " " + _("ff")
        rows.append(
            [
                str(board.number),
                f"{board.player_a} ({colour_a})",
                f"{board.player_b} ({colour_b})",
                result,
            ]
        )
    tables, _pages = paged_tables(
        columns,
        rows,
        width=usable_width(wide=False),
        first_page_height=usable_height(wide=False),
        page_height=usable_height(wide=False),
    )
    notes = []
    if match.no_show:
        notes.append(
            Paragraph(
                escape(
                    _("%(team)s did not show up: every board is a forfeit loss for %(team)s.")
                    % {"team": match.no_show}
                ),
                style["small"],
            )
        )
    signatures = Paragraph(
        escape(
            _("Captain %(team_a)s: %(line)s   Captain %(team_b)s: %(line)s   Arbiter: %(line)s")
            % {"team_a": match.team_a, "team_b": match.team_b, "line": "_" * 16}
        ),
        style["small"],
    )
    return [
        KeepTogether(
            [Paragraph(escape(heading), style["body"]), *notes, *tables, Spacer(1, 14), signatures]
        )
    ]


def render_team_matches(
    header: EventHeader,
    sheet: TeamSheet,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """Every published team match board by board, round by round: the captains' sheets."""
    style = styles()
    flowables: list[Flowable] = []
    for round_number in sorted({match.round for match in sheet.matches}):
        heading = _("Round %(number)d") % {"number": round_number}
        flowables.append(Paragraph(escape(heading), style["heading"]))
        for match in (m for m in sheet.matches if m.round == round_number):
            flowables.extend(_match_table(match))
    if not sheet.matches:
        flowables.append(Paragraph(escape(_("No round is published yet.")), style["body"]))
    title = _("Team matches")
    pages = max(1, len(sheet.matches) // 4)
    return build_pdf(
        [*header_flowables(header, title), *flowables],
        header=header,
        frame=PageFrame(title, round_status(sheet.after_round, sheet.total_rounds), generated_at),
        wide=False,
        pages=pages,
        progress=progress,
    )


def crosstable_rows(sheet: TeamSheet) -> list[list[str]]:
    """The square team crosstable: one row per team in standings order, then a cell per
    opponent in the same order holding the row team's board points in each of their matches
    (two in a double round robin; "…" while a match is unfinished; "×" on the diagonal).

    The rank, the team, the cells, the match points and the board points of each row."""
    order = [line.team for line in sheet.lines]
    cells = team_crosstable(sheet.matches)
    met = {
        pair: [points_number(score) if score is not None else "…" for score in scores]
        for pair, scores in cells.items()
    }
    return [
        [
            line.rank,
            line.team,
            *(
                "×" if team == line.team else " ".join(met.get((line.team, team), []))
                for team in order
            ),
            points_number(line.match_points),
            points_number(line.board_points),
        ]
        for line in sheet.lines
    ]


def render_team_crosstable(
    header: EventHeader,
    sheet: TeamSheet,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """The team crosstable as PDF bytes (landscape): each cell is the row team's board points
    against the column team (columns numbered by standings place); match and board points
    close each row, and the adjustments with their reasons follow the table."""
    teams = len(sheet.lines)
    columns = [
        Column(_("Rank")),
        Column(_("Team"), align="LEFT", stretch=True),
        *(Column(str(place)) for place in range(1, teams + 1)),
        Column(_("MP")),
        Column(_("BP")),
    ]
    diagonal = [
        ("BACKGROUND", (2 + i, i + 1), (2 + i, i + 1), colors.HexColor("#9aa3ad"))
        for i in range(teams)
    ]
    small = styles()["small"]
    legend = _(
        "Each cell: the board points of the row's team against the column's team (columns "
        "numbered by place). MP: match points; BP: board points."
    )
    title = _("Team crosstable")
    return table_document(
        header,
        PageFrame(title, round_status(sheet.after_round, sheet.total_rounds), generated_at),
        [*header_flowables(header, title), Paragraph(escape(legend), small)],
        TableBody(columns, crosstable_rows(sheet), diagonal),
        _adjustments(sheet),
        wide=True,
        progress=progress,
    )
