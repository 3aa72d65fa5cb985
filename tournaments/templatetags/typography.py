"""Punctuation as the page's language writes it: ``{% load typography %}``.

French puts a (no-break) space before a colon; English does not. A template that writes a
label and its value around a colon outside a translated sentence writes ``{% colon %}``.
"""

from django import template
from django.utils.translation import pgettext

register = template.Library()


@register.simple_tag
def colon() -> str:
    """``:`` in English, `` :`` (a no-break space first) in French."""
    return pgettext("typography: the colon after a label", ":")
