"""Template helpers for ballot cards: ``{% load ballots %}``."""

from django import template

from tournaments.models import BallotDraw

register = template.Library()


@register.filter
def draw_of(draws: dict[int, BallotDraw], pairing_id: int) -> BallotDraw | None:
    """The live draw of a board from a ``round_draws`` mapping: ``{{ draws|draw_of:p.pk }}``."""
    return draws.get(pairing_id)
