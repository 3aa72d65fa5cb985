"""Results as the event's variant writes them (tournaments.scoring.notation, a bye named and
the PDN convention said by tournaments.results): ``{{ code|result_score:variant }}``,
``{{ code|player_result:variant }}``, ``{% pairing_score games white variant %}``."""

from django import template

from tournaments import results
from tournaments.scoring import notation

register = template.Library()


@register.filter
def result_score(code: str, variant: str) -> str:
    return notation.result_score(code, variant)


@register.filter
def player_result(code: str, variant: str) -> str:
    return results.player_result(code, variant)


@register.filter
def pdn_result(code: str, variant: str) -> str:
    return notation.pdn_result(code, variant)


@register.simple_tag
def pairing_score(games, white: int, variant: str) -> str:
    """The match score of a pairing's games (GameLink values, or (GameLink, label) pairs)."""
    links = [game[0] if isinstance(game, tuple) else game for game in games]
    score = notation.pairing_score([(link.white, link.result) for link in links], white, variant)
    return score or ""


@register.simple_tag
def pdn_convention(variant: str) -> str:
    return results.pdn_convention(variant)
