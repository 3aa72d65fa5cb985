"""Printed documents as ReportLab PDFs: crosstable, standings, pairing sheet, score sheets,
rating report, team standings, team match sheets and the team crosstable, the team ranking of an
individual event.

The layouts take plain values (:class:`EventHeader`,
:class:`tournaments.scoring.crosstable.Crosstable`, :class:`RoundSheet`) and return PDF bytes;
they never query the database. Text is set in the embedded DejaVu Sans, so accented and Cyrillic
names print as they are written."""

from tournaments.documents.pdf.crosstable import render_crosstable
from tournaments.documents.pdf.data import Board, RatingReportSheet, RoundSheet, SheetPlayer
from tournaments.documents.pdf.pages import EventHeader
from tournaments.documents.pdf.pairing_sheet import render_pairing_sheet
from tournaments.documents.pdf.rating_report import render_rating_report
from tournaments.documents.pdf.score_sheets import render_score_sheets
from tournaments.documents.pdf.standings import render_standings
from tournaments.documents.pdf.team_ranking import TeamRankingSheet, render_team_ranking
from tournaments.documents.pdf.teams import (
    BoardLine,
    MatchLine,
    TeamLine,
    TeamSheet,
    render_team_crosstable,
    render_team_matches,
    render_team_standings,
)

__all__ = [
    "Board",
    "BoardLine",
    "EventHeader",
    "MatchLine",
    "RatingReportSheet",
    "RoundSheet",
    "SheetPlayer",
    "TeamLine",
    "TeamRankingSheet",
    "TeamSheet",
    "render_crosstable",
    "render_pairing_sheet",
    "render_rating_report",
    "render_score_sheets",
    "render_standings",
    "render_team_crosstable",
    "render_team_matches",
    "render_team_ranking",
    "render_team_standings",
]
