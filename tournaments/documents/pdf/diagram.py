"""A ballot card's start position printed as a diagram: the SVG the pages show
(:func:`tournaments.ballots.cards.card_svg`, drawn by arbiter.svg) converted to a ReportLab
drawing by svglib, so that paper and screen show the same board."""

from __future__ import annotations

import io

from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm
from svglib.svglib import svg2rlg

from tournaments.ballots.cards import card_svg
from tournaments.ballots.dealt import Card

#: The side of a printed card diagram.
DIAGRAM_SIZE = 32 * mm


def card_drawing(card: Card, variant: str, *, size: float = DIAGRAM_SIZE) -> Drawing:
    """``card``'s start position as a drawing ``size`` points wide (a flowable)."""
    svg = card_svg(variant=variant, fen=card.fen, code=card.code, size=400)
    drawing = svg2rlg(io.StringIO(svg))
    scale = size / drawing.width
    drawing.scale(scale, scale)
    drawing.width, drawing.height = size, drawing.height * scale
    return drawing
