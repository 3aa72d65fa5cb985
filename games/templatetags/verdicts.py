"""Translated names for the arbiter's stable codes, shown before its English detail.

The arbiter (a pure library) reports in English with stable codes: the verdict
(arbiter.verdict.VerdictKind), the result check (ResultCheck), a draw rule's kind and its
counter's unit, and the flags of games.verification (FlagKind). Pages show
``{{ code|verdict_label }}`` followed by the arbiter's own message.
"""

from django import template
from django.utils.translation import gettext_lazy as _

register = template.Library()

LABELS = {
    # arbiter.verdict.VerdictKind
    "legal": _("every move is legal"),
    "illegal": _("illegal move"),
    "ambiguous": _("ambiguous move"),
    "unreadable": _("unreadable record"),
    # arbiter.verdict.ResultCheck
    "agrees": _("the result agrees with the board"),
    "contradicts": _("the result contradicts the board"),
    "not-checkable": _("the result cannot be checked on the board"),
    # arbiter.draws.base.Kind, arbiter.counters.Unit
    "automatic": _("automatic"),
    "claimable": _("claimable"),
    "plies": _("plies"),
    "occurrences": _("occurrences"),
    "moves": _("moves"),
    # games.verification.FlagKind (the others share a verdict's code)
    "illegal-move": _("illegal move"),
    "ambiguous-move": _("ambiguous move"),
    "result-contradicted": _("result contradicted"),
    "automatic-draw": _("automatic draw"),
    "left-opening": _("opening left"),
}


@register.filter
def verdict_label(code: str) -> str:
    """The translated name of an arbiter code; an unknown code is shown as it is."""
    return LABELS.get(code, code)
