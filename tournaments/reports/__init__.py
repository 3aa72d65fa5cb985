"""Printed documents as ReportLab PDFs: crosstable, standings, pairing sheet, score sheets.

The layouts take plain values (:class:`EventHeader`,
:class:`tournaments.scoring.crosstable.Crosstable`, :class:`RoundSheet`) and return PDF bytes;
they never query the database. Text is set in the embedded DejaVu Sans, so accented and Cyrillic
names print as they are written."""

from tournaments.reports.crosstable import render_crosstable
from tournaments.reports.data import Board, Card, RoundSheet, SheetPlayer
from tournaments.reports.pages import EventHeader
from tournaments.reports.pairing_sheet import render_pairing_sheet
from tournaments.reports.score_sheets import render_score_sheets
from tournaments.reports.standings import render_standings

__all__ = [
    "Board",
    "Card",
    "EventHeader",
    "RoundSheet",
    "SheetPlayer",
    "render_crosstable",
    "render_pairing_sheet",
    "render_score_sheets",
    "render_standings",
]
