"""The team ranking PDF of an individual event (docs/rules/tournaments.md §7.5): rank, team,
score of its best members, the sum of all (the tie-break) and the members with their points,
those counted marked; portrait. It draws a :class:`TeamRankingSheet` and never queries the
database."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.platypus import Paragraph

from tournaments.documents.pdf.pages import (
    EventHeader,
    PageFrame,
    Progress,
    build_pdf,
    escape,
    flowables_height,
    header_flowables,
    styles,
    usable_height,
    usable_width,
)
from tournaments.documents.pdf.tables import Column, paged_tables
from tournaments.documents.pdf.teams import round_status
from tournaments.results import points_number
from tournaments.scoring.standings import place_text
from tournaments.scoring.team_score import TeamScoreRow


@dataclass(frozen=True)
class TeamRankingSheet:
    """What the team ranking PDF draws: the ranking after ``after_round`` (the last
    completed round) of ``total_rounds``, each team counting ``counted`` members."""

    after_round: int
    total_rounds: int
    counted: int
    rows: tuple[TeamScoreRow, ...]


#: Members printed on one line of a team's cell.
MEMBERS_A_LINE = 3


def _members(row: TeamScoreRow) -> str:
    """The members best first, ``*`` before each counted one, MEMBERS_A_LINE a line."""
    names = [
        f"{'*' if index < row.counted else ''}{m.name} {points_number(m.points)}"
        for index, m in enumerate(row.members)
    ]
    return "\n".join(
        ", ".join(names[i : i + MEMBERS_A_LINE]) for i in range(0, len(names), MEMBERS_A_LINE)
    )


def render_team_ranking(
    header: EventHeader,
    sheet: TeamRankingSheet,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """The team ranking as PDF bytes, with the rule it ranks by."""
    columns = [
        Column(_("Rank")),
        Column(_("Team"), align="LEFT"),
        Column(_("Score")),
        Column(_("All")),
        Column(_("Members"), align="LEFT", stretch=True),
    ]
    rows = [
        [
            place_text(row.rank, row.shared_rank),
            row.team,
            points_number(row.score),
            points_number(row.all_members),
            _members(row),
        ]
        for row in sheet.rows
    ]
    rule = _(
        "Score: the sum of the team's best members' points, %(count)d counted. All: the sum "
        "of all its members' points, the tie-break. * counted in the score."
    ) % {"count": sheet.counted}
    legend = [Paragraph(escape(rule), styles()["small"])]
    title = _("Team ranking")
    head = [*header_flowables(header, title), *legend]
    flowables, pages = paged_tables(
        columns,
        rows,
        width=usable_width(wide=False),
        first_page_height=usable_height(wide=False)
        - flowables_height(head, usable_width(wide=False)),
        page_height=usable_height(wide=False),
    )
    return build_pdf(
        [*head, *flowables],
        header=header,
        frame=PageFrame(title, round_status(sheet.after_round, sheet.total_rounds), generated_at),
        wide=False,
        pages=pages,
        progress=progress,
    )
