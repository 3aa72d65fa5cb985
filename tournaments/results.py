"""Results as a person reads them, in the page's language: the translated edge of
``tournaments/scoring/notation.py`` (how each variant writes a result, pure), for the pages,
the forms, the admin and the PDFs: a result with what it is (``2-0 (white wins)``), a bye
named, the PDN convention of a variant in a sentence, a number of points.
"""

from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments.models import BYE_KIND_LABELS, GameResult
from tournaments.scoring.notation import notation, player_score, result_score
from tournaments.values import ByeKind


def pdn_convention(variant: str) -> str:
    """The PDN result convention of ``variant``, in a sentence (translated)."""
    if notation(variant).first_player == "black":
        return str(
            _(
                "PDN gives the first player's score first: in this variant Black moves "
                "first, so a White win is written 0-1 in the PDN file."
            )
        )
    return str(_("PDN gives White's score first (White moves first)."))


def result_choices(variant: str) -> list[tuple[str, str]]:
    """The result codes with their labels as ``variant`` writes them, in the order of the
    result sheet's keyboard shortcuts (the first character selects: ``2`` 2-0, ``1`` 1-1,
    ``0`` 0-2 for FMJD; ``1`` 1-0, ``½`` ½-½, ``0`` 0-1 otherwise)."""
    codes = [
        GameResult.WHITE_WIN,
        GameResult.DRAW,
        GameResult.BLACK_WIN,
        GameResult.WHITE_FORFEIT_WIN,
        GameResult.BLACK_FORFEIT_WIN,
        GameResult.DOUBLE_FORFEIT,
    ]
    return [
        (GameResult.PENDING, "—"),
        *((code, result_label(code, variant)) for code in codes),
        (GameResult.UNPLAYED, str(_("unplayed"))),
    ]


def result_label(result: str, variant: str) -> str:
    """``result`` as written with what it is, for a choice and a title: ``2-0 (white
    wins)``, ``+/- (white wins by forfeit)``, so that a forfeit and a game are told apart.

    >>> result_label("1-0", "english")
    '1-0 (white wins)'
    """
    return f"{result_score(result, variant)} ({GameResult(result).label})"


#: The bye of each TRF code (FIDE TRF16: ``U`` pairing-allocated, ``H`` half point, ``Z``
#: zero point, ``F`` full point).
_BYES = {kind.code: kind for kind in ByeKind}


def player_result(code: str, variant: str) -> str:
    """A player card's result code as written (``scoring.notation.player_score``), a bye
    named in the page's language, so that it never reads like a game played.

    >>> player_result("1", "international"), player_result("-", "international")
    ('2-0', '-/+')
    """
    if code in _BYES:
        return str(BYE_KIND_LABELS[_BYES[code]])
    return player_score(code, variant)


def points_text(value: Decimal) -> str:
    """A number of points with its noun, in the page's language: ``1 point``, ``2 points``,
    ``1.5 points`` (``1,5 points`` in French), without trailing zeros.

    >>> points_text(Decimal("1.0")), points_text(Decimal("2.50"))
    ('1 point', '2.5 points')
    """
    # ngettext wants a whole number: a fraction is counted as 2, the plural in English and
    # French ("1.5 points") and the genitive singular in Russian ("1,5 очка", as "2 очка").
    count = int(value) if value == value.to_integral_value() else 2
    return ngettext("%(points)s point", "%(points)s points", count) % {
        "points": points_number(value)
    }


def points_number(value: Decimal) -> str:
    """A number of points (or a tie-break value) in the page's or document's language,
    without trailing zeros: ``48``, ``1.5`` (``1,5`` in French), never ``48,0`` or
    ``81,00``.

    >>> points_number(Decimal("48.0")), points_number(Decimal("12.50"))
    ('48', '12.5')
    """
    whole = value == value.to_integral_value()
    return formats.localize(value.quantize(Decimal(1)) if whole else value.normalize())
