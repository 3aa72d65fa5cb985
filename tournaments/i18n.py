"""Marking texts for translation without Django, for the pure modules (tie-breaks, pairing).

:func:`gettext_noop` returns its text unchanged; its name is one that ``makemessages`` reads,
so a marked text enters the catalogue. The code that shows the text (a view, a form, a
document) translates it there, in the language of the page: ``gettext(text)`` now, or
``gettext_lazy(text)`` where the language is known only later.
"""


def gettext_noop(message: str) -> str:
    """``message`` itself, marked for the catalogue.

    >>> gettext_noop("Sonneborn-Berger")
    'Sonneborn-Berger'
    """
    return message
