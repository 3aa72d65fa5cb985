"""Marking texts for translation without Django: the arbiter's names a person reads.

:func:`gettext_noop` returns its text unchanged; its name is one that Django's
``makemessages`` reads (``--keyword=gettext_noop``), so a marked text of the arbiter enters
the site's catalogues. The arbiter itself reports in English; the code that shows a marked
text (a page, a document, the API) translates it there: a draw rule's ``name`` and
``article`` (:mod:`arbiter.draws`), a game's ``rules_of_play`` and ``end_of_game`` articles
(:class:`arbiter.game.Citation`), a :class:`arbiter.verdict.Termination`'s ``text``.
"""


def gettext_noop(message: str) -> str:
    """``message`` itself, marked for the catalogue.

    >>> gettext_noop("threefold repetition")
    'threefold repetition'
    """
    return message
