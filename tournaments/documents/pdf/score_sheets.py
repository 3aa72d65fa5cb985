"""Score sheets: one A4 page per game, with the event, round, board, game, both players and
their colours, the ballot card pre-printed (its start position drawn, its moves written),
numbered lines for the moves (the side that moves first in the variant in the first column)
and boxes for the result and signatures."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from tournaments.ballots.dealt import Card
from tournaments.documents.pdf.data import Board, RoundSheet, SheetPlayer
from tournaments.documents.pdf.diagram import DIAGRAM_SIZE, card_drawing
from tournaments.documents.pdf.pages import (
    EventHeader,
    PageFrame,
    Progress,
    build_pdf,
    escape,
    grid_style,
    header_flowables,
    styles,
    usable_width,
)
from tournaments.documents.pdf.pairing_sheet import player_text, round_of

#: Numbered move lines per sheet, in two blocks side by side.
MOVE_LINES = 60
LINE_HEIGHT = 6.4 * mm


def render_score_sheets(
    header: EventHeader,
    sheet: RoundSheet,
    *,
    generated_at: datetime.datetime,
    progress: Progress | None = None,
) -> bytes:
    """One page per game of ``sheet``'s round (byes have none) as PDF bytes."""
    games = list(_games(sheet))
    title = _("Score sheets, round %(round)d") % {"round": sheet.round}
    flowables: list[Flowable] = []
    for board, index, white, black in games:
        if flowables:
            flowables.append(PageBreak())
        flowables += _sheet(header, sheet, board, index, white, black)
    if not flowables:
        flowables = [
            *header_flowables(header, title),
            Paragraph(escape(_("This round has no game to play.")), styles()["body"]),
        ]
    return build_pdf(
        flowables,
        header=header,
        frame=PageFrame(title, round_of(sheet), generated_at),
        wide=False,
        pages=max(1, len(games)),
        progress=progress,
    )


def _games(sheet: RoundSheet) -> Iterator[tuple[Board, int, SheetPlayer, SheetPlayer]]:
    """(board, game number, white, black) of every game; game 2 swaps the colours."""
    for board in sheet.boards:
        if board.black is None:
            continue
        for index in range(1, sheet.games + 1):
            if index % 2:
                yield board, index, board.white, board.black
            else:
                yield board, index, board.black, board.white


def _sheet(
    header: EventHeader,
    sheet: RoundSheet,
    board: Board,
    index: int,
    white: SheetPlayer,
    black: SheetPlayer,
) -> list[Flowable]:
    style = styles()
    width = usable_width(wide=False)
    where = _("Round %(round)d · Board %(board)d") % {"round": sheet.round, "board": board.board}
    if sheet.games > 1:
        where += " · " + _("Game %(game)d of %(games)d") % {"game": index, "games": sheet.games}
    players = Table(
        [
            [_("White"), player_text(white), _("Signature")],
            [_("Black"), player_text(black), _("Signature")],
        ],
        colWidths=[22 * mm, width - 22 * mm - 45 * mm, 45 * mm],
        rowHeights=[9 * mm, 9 * mm],
    )
    players.setStyle(
        TableStyle(
            [
                *grid_style(font_size=9, header_rows=0),
                ("VALIGN", (2, 0), (2, -1), "TOP"),
                ("FONTSIZE", (2, 0), (2, -1), 6),
                ("TEXTCOLOR", (2, 0), (2, -1), colors.HexColor("#6b7580")),
            ]
        )
    )
    flowables: list[Flowable] = [
        *header_flowables(header, _("Score sheet")),
        Paragraph(escape(where), style["heading"]),
        players,
        Spacer(1, 3 * mm),
    ]
    line_height = LINE_HEIGHT
    if board.card is not None:
        flowables += [_card(board.card, sheet.variant, width), Spacer(1, 2 * mm)]
        # The diagram's height is taken from the move lines, so a game keeps one page.
        line_height -= (DIAGRAM_SIZE + 2 * mm) / (MOVE_LINES // 2 + 1)
    flowables += [
        _move_grid(width, black_first=sheet.black_first, line_height=line_height),
        Spacer(1, 4 * mm),
    ]
    flowables.append(_result_box(width))
    return flowables


def _card(card: Card, variant: str, width: float) -> Table:
    """The ballot card: its diagram (the position the players start from) and its words."""
    if card.moves:
        text = _("Ballot opening (card %(number)s %(name)s): %(moves)s") % {
            "number": card.code,
            "name": card.name,
            "moves": card.moves,
        }
    else:
        label = f"{card.code} {card.name}".strip()
        text = _("Ballot card %(card)s: the game starts from the position drawn here.") % {
            "card": label
        }
    table = Table(
        [[card_drawing(card, variant), Paragraph(escape(text), styles()["body"])]],
        colWidths=[DIAGRAM_SIZE + 4 * mm, width - DIAGRAM_SIZE - 4 * mm],
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


def _move_grid(width: float, *, black_first: bool, line_height: float = LINE_HEIGHT) -> Table:
    """Two blocks of numbered lines side by side: No | first mover | second mover."""
    first, second = (_("Black"), _("White")) if black_first else (_("White"), _("Black"))
    half = MOVE_LINES // 2
    gap = 6 * mm
    block = (width - gap) / 2
    number_width = 9 * mm
    move_width = (block - number_width) / 2
    rows = [["", first, second, "", "", first, second]]
    rows += [[str(n), "", "", "", str(n + half), "", ""] for n in range(1, half + 1)]
    grid = Table(
        rows,
        colWidths=[number_width, move_width, move_width, gap, number_width, move_width, move_width],
        rowHeights=[line_height * 0.8] + [line_height] * half,
    )
    commands = [
        command for command in grid_style(font_size=8) if command[0] not in {"GRID", "BACKGROUND"}
    ]
    for left in (0, 4):
        commands += [
            ("GRID", (left, 0), (left + 2, -1), 0.4, colors.HexColor("#5a6570")),
            ("BACKGROUND", (left, 0), (left + 2, 0), colors.HexColor("#dde3ea")),
            ("BACKGROUND", (left, 1), (left, -1), colors.HexColor("#f3f5f7")),
        ]
    commands.append(("ALIGN", (0, 0), (-1, -1), "CENTER"))
    grid.setStyle(TableStyle(commands))
    return grid


def _result_box(width: float) -> Table:
    box = Table(
        [[_("Result"), "", _("Arbiter"), ""]],
        colWidths=[22 * mm, width / 2 - 22 * mm, 22 * mm, width / 2 - 22 * mm],
        rowHeights=[10 * mm],
    )
    box.setStyle(TableStyle(grid_style(font_size=9, header_rows=0)))
    return box
