"""The variants' names as people read them, in the page's language.

The arbiter names each variant in English only (`long_name`, no Django there); the field
choices, the public pages and the printed documents show these translated names instead. A
test keeps the keys in step with the arbiter's registry.
"""

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

VARIANT_NAMES: dict[str, Promise] = {
    "international": _("International draughts"),
    "english": _("English draughts"),
    "russian": _("Russian draughts"),
    "brazilian": _("Brazilian draughts"),
    "canadian": _("Canadian draughts"),
    "pool": _("Pool draughts"),
    "italian": _("Italian draughts"),
    "spanish": _("Spanish draughts"),
    "portuguese": _("Portuguese draughts"),
    "czech": _("Czech draughts"),
    "thai": _("Thai draughts"),
    "turkish": _("Turkish draughts"),
    "frisian": _("Frisian draughts"),
    "antidraughts": _("Antidraughts"),
    "russian-giveaway": _("Russian giveaway draughts"),
    "spantsiretti": _("Spantsiretti draughts"),
    "russian-diagonal": _("Diagonal draughts"),
    "russian-two-move": _("Two-move draughts"),
    "samoyed": _("Samoyed draughts"),
    "dragonfly": _("Dragonfly"),
    "ugolki": _("Ugolki"),
    "bashni": _("Bashni (column draughts)"),
}
