"""Names searched and sorted as people read them: "lefevre" finds "Lefèvre", and "Lefèvre"
sorts between "Lefebvre" and "Lefort", on SQLite and PostgreSQL alike.

:func:`fold` writes a name in lower case without its accents (``"Ozoliņš"`` -> ``"ozolins"``);
:class:`Folded` is the same in the database: ``lower(translate(name, ...))`` on PostgreSQL
(no extension needed; the accented capitals are translated too, since ``lower`` of a
database created with the C locale leaves "Ç" as it is), and on SQLite the function
``damier_fold``, registered on every new connection (:func:`register_sqlite_fold`, connected
by TournamentsConfig.ready).

A surname sorts by :func:`sort_key` (in the database :class:`SortName`): folded, without
spaces, apostrophes and hyphens, compared byte by byte on both databases (PostgreSQL's
``COLLATE "C"``, SQLite's binary order), so "de Haan" sorts under D, "Çelik" under C,
"Ёлкин" under Е (as Russian lists sort Ё), before "Жуков" and not after "Яковлев". In a
Dutch list (the page's language is Dutch) a surname written with its prefix in lower case
(tussenvoegsel: "van der Veen", "de Haan", "van 't Hof") sorts on the name after it, Veen,
Haan, Hof, as Dutch directories and the KNDB's rating list do (NEN 1772); "De Haan" written
with a capital (the Belgian way) keeps its D.

:func:`search_key` goes further, for the player directory: every script written in plain
Latin letters (``"Иванов"`` -> ``"ivanov"``), a few spellings of the same sound made one,
stored beside the name (``Player.search_name``) so that the search is a plain ``contains``
on SQLite and PostgreSQL alike; :func:`search_words` is the query written the same way.
"""

from __future__ import annotations

import re
import unicodedata

from anyascii import anyascii
from django.db.backends.signals import connection_created
from django.db.models import CharField, Func, OrderBy, Q, Value
from django.db.models.functions import Lower
from django.db.models.lookups import Contains
from django.utils import translation


def _base_letter(char: str) -> str:
    """The letter ``char`` is written on (``é`` -> ``e``; ``ø`` -> ``o``), lower case."""
    special = {"ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "æ": "a", "œ": "o", "ß": "s"}
    lower = char.lower()
    if lower in special:
        return special[lower]
    bare = "".join(c for c in unicodedata.normalize("NFKD", lower) if not unicodedata.combining(c))
    return bare if len(bare) == 1 else lower


#: The letters folded: Latin-1 Supplement and Latin Extended-A, and the Cyrillic Ё, which a
#: Russian list sorts with Е (the other Cyrillic letters with a mark, such as Й, are letters
#: of their own).
_FOLDED_CODES = (*range(0xC0, 0x180), 0x401, 0x451)
#: Every accented lower-case letter of those and the plain letter it folds to: one character
#: for one, as PostgreSQL's translate wants (the name is put in lower case first).
_ACCENTED = "".join(
    chr(code)
    for code in _FOLDED_CODES
    if chr(code).islower() and _base_letter(chr(code)) != chr(code)
)
_PLAIN = "".join(_base_letter(char) for char in _ACCENTED)
_TABLE = str.maketrans(_ACCENTED, _PLAIN)
#: The accented capitals of the same blocks and their plain lower-case letter, for the
#: databases whose ``lower`` leaves them as they are.
_ACCENTED_CAPITALS = "".join(
    chr(code)
    for code in _FOLDED_CODES
    if chr(code).isupper() and len(chr(code).lower()) == 1 and _base_letter(chr(code)) != chr(code)
)
_CAPITALS_PLAIN = "".join(_base_letter(char) for char in _ACCENTED_CAPITALS)

#: Dutch surname prefixes (tussenvoegsels) as written in lower case before the name, longest
#: first so that "van der " wins over "van ".
DUTCH_PREFIXES = tuple(
    sorted(
        (
            "van der ",
            "van den ",
            "van de ",
            "van het ",
            "van 't ",
            "van ",
            "von ",
            "de ",
            "den ",
            "der ",
            "het ",
            "'t ",
            "ter ",
            "ten ",
            "te ",
            "in 't ",
            "in de ",
            "in het ",
            "op de ",
            "op den ",
            "op 't ",
            "uit de ",
            "uit den ",
            "uit het ",
        ),
        key=len,
        reverse=True,
    )
)
#: Characters a sort key leaves out: "van 't Hof" sorts as "vanthof".
_SILENT = " '’-"


def fold(text: str) -> str:
    """``text`` in lower case without accents, as :class:`Folded` writes it in the database.

    >>> fold("Lefèvre"), fold("Ozoliņš"), fold("ØSTERGÅRD"), fold("Ёлкин"), fold("Йоффе")
    ('lefevre', 'ozolins', 'ostergard', 'елкин', 'йоффе')
    """
    return text.lower().translate(_TABLE)


class Folded(Func):
    """A text column folded like :func:`fold`, to filter (``folded__contains=fold(query)``)
    and to sort on."""

    def as_sql(self, compiler, connection, **extra_context):
        (expression,) = self.source_expressions
        if connection.vendor == "postgresql":
            folded = Lower(
                Func(
                    expression,
                    Value(_ACCENTED + _ACCENTED_CAPITALS),
                    Value(_PLAIN + _CAPITALS_PLAIN),
                    function="translate",
                )
            )
            return compiler.compile(folded)
        if connection.vendor == "sqlite":
            return compiler.compile(Func(expression, function="damier_fold"))
        return compiler.compile(Lower(expression))


def name_contains(query: str, *fields: str) -> Q:
    """Rows one of whose ``fields`` contains ``query``, case and accents aside:
    ``Player.objects.filter(name_contains("lefevre", "last_name", "first_name"))``."""
    term = fold(query)
    condition = Q()
    for field in fields:
        condition |= Q(Contains(Folded(field), term))
    return condition


def name_order(*fields: str) -> list:
    """An ordering on ``fields`` folded, so accented names sort with the plain ones."""
    return [Folded(field).asc() for field in fields]


def dutch_list(language: str | None = None) -> bool:
    """Whether a list in ``language`` (the active one by default) sorts Dutch surnames on the
    name after their prefix."""
    return (language or translation.get_language() or "").split("-")[0] == "nl"


def surname_without_prefix(surname: str) -> str:
    """``surname`` without its Dutch prefix written in lower case ("van der Veen" -> "Veen");
    a prefix with a capital ("De Haan") is part of the name."""
    for prefix in DUTCH_PREFIXES:
        if surname.startswith(prefix) and len(surname) > len(prefix):
            return surname[len(prefix) :]
    return surname


def sort_key(surname: str, *, language: str | None = None) -> str:
    """What :class:`SortName` sorts ``surname`` on, in the list of ``language`` (the active
    language by default).

    >>> sort_key("van 't Hof", language="en"), sort_key("van 't Hof", language="nl")
    ('vanthof', 'hof')
    >>> sort_key("Çelik"), sort_key("De Haan", language="nl")
    ('celik', 'dehaan')
    """
    if dutch_list(language):
        surname = surname_without_prefix(surname)
    return "".join(char for char in fold(surname) if char not in _SILENT)


class SortName(Func):
    """A surname column as :func:`sort_key` writes it, in the language active when the query
    is compiled, in the same byte order on PostgreSQL and SQLite."""

    output_field = CharField()

    def as_sql(self, compiler, connection, **extra_context):
        (expression,) = self.source_expressions
        column, params = compiler.compile(expression)
        sql, values = column, list(params)
        if dutch_list():
            cases = []
            values = []
            for prefix in DUTCH_PREFIXES:
                cases.append(
                    f"WHEN substr({column}, 1, {len(prefix)}) = %s "
                    f"AND length({column}) > {len(prefix)} "
                    f"THEN substr({column}, {len(prefix) + 1})"
                )
                values += [*params, prefix, *params, *params]
            sql = f"CASE {' '.join(cases)} ELSE {column} END"
            values += params
        if connection.vendor == "postgresql":
            sql = f"lower(translate({sql}, %s, %s))"
            values += [_ACCENTED + _ACCENTED_CAPITALS, _PLAIN + _CAPITALS_PLAIN]
        elif connection.vendor == "sqlite":
            sql = f"damier_fold({sql})"
        else:
            sql = f"lower({sql})"
        for char in _SILENT:
            sql = f"replace({sql}, %s, '')"
            values.append(char)
        if connection.vendor == "postgresql":
            sql = f'({sql}) COLLATE "C"'
        return sql, values


def person_order(surname: str = "last_name", first_name: str = "first_name") -> list[OrderBy]:
    """The order of a list of people: surname (:class:`SortName`), then the surname and the
    first name folded, so that every database gives the same list."""
    return [
        SortName(surname).asc(),
        Folded(surname).asc(),
        Folded(first_name).asc(),
    ]


def register_sqlite_fold(sender, connection, **kwargs) -> None:
    """Give a new SQLite connection the ``damier_fold`` function."""
    if connection.vendor == "sqlite":
        connection.connection.create_function(
            "damier_fold", 1, lambda text: None if text is None else fold(text), deterministic=True
        )


connection_created.connect(register_sqlite_fold, dispatch_uid="damier_fold")


#: Spellings of one sound that transliterations of Cyrillic names write differently, made one
#: on both sides of a search (the stored key and the query): the FMJD lists write "Aleksei",
#: "Alexei" and "Aleksey", "Dmitri" and "Dmitriy", "Mikhail" and "Mihail" for the same
#: person; ISO 9 and GOST 7.79 write "й" as "j" and "х" as "h" or "x", the FMJD lists "y"
#: or "i" and "kh". Applied in order, after the name is written in lower-case Latin letters.
_SPELLINGS = (("kh", "h"), ("x", "ks"), ("y", "i"), ("j", "i"), ("w", "v"))
#: A letter written twice in a row ("Dmitrii" after "y" -> "i"; "Tansykkuzhina").
_DOUBLED = re.compile(r"([a-z])\1+")
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def search_key(text: str) -> str:
    """``text`` as the player directory compares names: in lower-case Latin letters and
    digits (every script transliterated by anyascii, whose Cyrillic is the BGN/PCGN
    romanization the FMJD lists mostly follow), the spellings of :data:`_SPELLINGS` made one,
    doubled letters written once, words apart by single spaces.

    >>> search_key("Иванов, Алексей"), search_key("Ivanov Alexei"), search_key("Lefèvre")
    ('ivanov aleksei', 'ivanov aleksei', 'lefevre')
    >>> search_key("Дмитрий Чижов") == search_key("Dmitry Chizhov")
    True
    """
    latin = anyascii(text).lower().replace("'", "")
    for spelling, common in _SPELLINGS:
        latin = latin.replace(spelling, common)
    latin = _DOUBLED.sub(r"\1", latin)
    return " ".join(word for word in _NOT_WORD.split(latin) if word)


def search_words(query: str) -> list[str]:
    """The words of ``query`` as :func:`search_key` writes them: a name matches when its key
    contains every one ("ivan petr" finds "Petrov, Ivan")."""
    return search_key(query).split()
