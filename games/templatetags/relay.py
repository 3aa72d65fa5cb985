"""Template helpers of the live relay: ``{% load relay %}``.

The round page shows a round's relayed boards through games.hooks.relay_panel
(games/_relay_boards.html); ``{% relay_diagram row variant 240 %}`` draws a board's position;
``{{ flag.rule|relay_rule }}`` says in the page's language why a board is flagged.
"""

import functools

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from arbiter import ArbiterError, find_variant
from games.relay.selectors import RelayRow
from games.verdict_text import MOVE_REASONS, label
from tournaments.diagrams import diagram_svg

register = template.Library()

#: The relay's own flags (games.relay.core.RelayFlag.rule) beside the arbiter's reasons.
RELAY_RULES = {"rewritten": gettext_lazy("the source rewrote moves already relayed")}


@register.simple_tag
def relay_diagram(row: RelayRow, variant: str, size: int = 240) -> SafeString:
    """The position after the board's last kept ply (nothing if it cannot be drawn)."""
    if row.board is not None:
        title = _("Board %(board)s after %(plies)s plies") % {
            "board": row.board,
            "plies": len(row.plies),
        }
    else:
        title = _("%(game)s after %(plies)s plies") % {"game": row.key, "plies": len(row.plies)}
    return mark_safe(_diagram(variant, row.fen, size, title, get_language()))


@functools.lru_cache(maxsize=512)
def _diagram(variant: str, fen: str, size: int, title: str, language: str | None) -> str:
    """One position drawn once per process and language: a round's page in a new state
    redraws only the boards that moved."""
    try:
        board = find_variant(variant)(fen or None)
    except ArbiterError:
        return ""
    # diagram_svg escapes every text it writes (title, labels), in the active language.
    return diagram_svg(board, size=size, title=title)


@register.filter
def relay_rule(code: str) -> str:
    """Why a relayed board is flagged, in the page's language."""
    return str(MOVE_REASONS.get(code) or RELAY_RULES.get(code) or label(code))
