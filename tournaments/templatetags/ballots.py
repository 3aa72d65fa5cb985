"""Template helpers for ballot cards: ``{% load ballots %}``."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from tournaments.ballots.cards import card_svg
from tournaments.models import BallotDraw

register = template.Library()


@register.filter
def draw_of(draws: dict[int, BallotDraw], pairing_id: int) -> BallotDraw | None:
    """The live draw of a board from a ``round_draws`` mapping: ``{{ draws|draw_of:p.pk }}``."""
    return draws.get(pairing_id)


@register.simple_tag
def card_diagram(card, variant: str, size: int = 160) -> SafeString:
    """The position ``card`` (a dealt Card or a BallotCard: its ``code`` and ``fen``) starts
    the players from, as a diagram: ``{% card_diagram card event.variant 160 %}``."""
    if card is None or not card.fen:
        return mark_safe("")
    # board_svg escapes every text it writes (title, labels).
    return mark_safe(card_svg(variant=variant, fen=card.fen, code=card.code, size=size))
