"""The pairing sheet of a round: board, white, black (with pairing number, rating and score
before the round), the result column to fill in, and the ballot card: once at the top when
the whole round plays one card (its start position drawn), per board when each pairing
draws its own (named; each score sheet draws it)."""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from tournaments.documents.pdf.data import Board, RoundSheet, SheetPlayer
from tournaments.documents.pdf.diagram import DIAGRAM_SIZE, card_drawing
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
from tournaments.documents.pdf.tables import Column, paged_tables
from tournaments.results import points_number

HEADER_HEIGHT = 52.0


def render_pairing_sheet(
    header: EventHeader,
    sheet: RoundSheet,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """The pairing sheet of ``sheet``'s round as PDF bytes (A4 portrait)."""
    round_card = sheet.card
    per_board = round_card is None and any(board.card for board in sheet.boards)
    columns = [
        Column(_("Board")),
        Column(_("White"), align="LEFT", stretch=True),
        Column(_("Pts")),
        Column(_("Result")),
        Column(_("Pts")),
        Column(_("Black"), align="LEFT", stretch=True),
    ]
    if per_board:
        columns.append(Column(_("Card"), align="LEFT"))
    rows = [_row(board, sheet.games, per_board) for board in sheet.boards]
    intro = []
    if sheet.draft:
        intro.append(
            Paragraph(
                escape(_("DRAFT: these pairings are not published yet and may still change.")),
                styles()["heading"],
            )
        )
    first_page_height = usable_height(wide=False) - HEADER_HEIGHT
    if round_card is not None:
        intro.append(
            Paragraph(
                escape(_("Ballot card for every board: %(card)s") % {"card": round_card.text}),
                styles()["heading"],
            )
        )
        intro += [card_drawing(round_card, sheet.variant), Spacer(1, 2 * mm)]
        first_page_height -= DIAGRAM_SIZE + 2 * mm
    flowables, pages = paged_tables(
        columns,
        rows,
        width=usable_width(wide=False),
        first_page_height=first_page_height,
        page_height=usable_height(wide=False),
    )
    title = _("Pairings, round %(round)d") % {"round": sheet.round}
    if sheet.draft:
        title = _("DRAFT — %(title)s") % {"title": title}
    return build_pdf(
        [*header_flowables(header, title), *intro, *flowables],
        header=header,
        frame=PageFrame(title, round_of(sheet), generated_at),
        wide=False,
        pages=pages,
        progress=progress,
    )


def round_of(sheet: RoundSheet) -> str:
    """ "round 3 of 9": the running status of a round document."""
    return _("round %(round)d of %(total)d") % {"round": sheet.round, "total": sheet.total_rounds}


def player_text(player: SheetPlayer) -> str:
    """``12. Lefèvre, Claire (GMI, FRA, 2301)``."""
    details = ", ".join(
        part for part in (player.title, player.federation, str(player.rating or "")) if part
    )
    return f"{player.number}. {player.name}" + (f" ({details})" if details else "")


def _row(board: Board, games: int, per_board: bool) -> list[str]:
    if board.black is None:
        row = [str(board.board), player_text(board.white), points_number(board.white.score)]
        row += [board.bye, "", ""]
    else:
        result = " ".join(board.results) if board.results else " / ".join(["      "] * games)
        row = [
            str(board.board),
            player_text(board.white),
            points_number(board.white.score),
            result,
            points_number(board.black.score),
            player_text(board.black),
        ]
    if per_board:
        row.append(board.card.text if board.card and board.black is not None else "")
    return row
