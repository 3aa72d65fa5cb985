"""The big tables of the public pages as HTML built in Python: the standings and the
crosstable bodies.

A template loop over 500 rows of a dozen cells spends most of a cold page in the template
engine (variable lookups, filters, autoescaping per cell); these tags write the same markup
with string joins, escaping every value and localizing every number as ``{{ value }}`` would.
"""

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import cast

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments.scoring.crosstable import Cell, Crosstable, CrosstableRow
from tournaments.scoring.standings import StandingRow
from tournaments.templatetags.public import score

register = template.Library()


class _Printer:
    """Values as ``{{ value }}`` and ``{{ value|score }}`` print them (localized, escaped),
    remembered for one table: points, ratings and cell texts repeat over the rows. Keys hold
    the type and the text of the value (``Decimal("2")`` and ``Decimal("2.0")`` are equal but
    print apart)."""

    def __init__(self) -> None:
        self._texts: dict[tuple[type, str], str] = {}
        self._scores: dict[tuple[type, str], str] = {}
        self._strings: dict[str, str] = {}
        # Without grouping, localize() writes a whole number as str() does.
        self._plain_integers = not settings.USE_THOUSAND_SEPARATOR

    def text(self, value: object) -> str:
        kind = type(value)
        if kind is str:  # localize() leaves a string as it is: escaped once per text
            string = cast(str, value)
            found = self._strings.get(string)
            if found is None:
                found = self._strings[string] = conditional_escape(string)
            return found
        if kind is int and self._plain_integers:
            return str(value)
        key = (kind, str(value))
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = conditional_escape(localize(value))
        return found

    def score(self, value: object) -> str:
        key = (type(value), str(value))
        found = self._scores.get(key)
        if found is None:
            found = self._scores[key] = conditional_escape(localize(score(value)))
        return found


class _PlayerUrls:
    """The URLs of one event's pages for a pairing number (``public:player``,
    ``public:tiebreaks``): reversed once, the number then written in its place."""

    def __init__(self, name: str, slug: str) -> None:
        self._name, self._slug = name, slug
        sample = reverse(name, args=[slug, 1])
        # escaped once: the number and the slash after it need no escaping
        self._prefix = conditional_escape(sample[:-2]) if sample.endswith("/1/") else None

    def __call__(self, number: int) -> str:
        if self._prefix is None:
            return conditional_escape(reverse(self._name, args=[self._slug, number]))
        return f"{self._prefix}{int(number)}/"


@register.simple_tag
def standings_rows(
    rows: Iterable[tuple[StandingRow, Sequence[Decimal | None]]],
    *,
    slug: str,
    withdrawn: frozenset[int],
    after_round: int,
) -> SafeString:
    """The ``<tr>`` of each standings row: place, name (linked to the player's card, marked
    when withdrawn), number, rating, points and tie-break values (linked to how they were
    computed)."""
    withdrawn_text = conditional_escape(gettext("withdrawn"))
    marker = f' <span class="muted">({withdrawn_text})</span>'
    annulled_text = conditional_escape(gettext("games annulled"))
    annulled = f' <span class="muted">({annulled_text})</span>'
    how_text = gettext("How the tie-breaks of %(name)s were computed")
    printer, player_url = _Printer(), _PlayerUrls("public:player", slug)
    tiebreaks_url = _PlayerUrls("public:tiebreaks", slug)
    lines = []
    for row, values in rows:
        player = player_url(row.number)
        name = printer.text(row.name)
        cells = ""
        if values:
            explained = tiebreaks_url(row.number)
            how = how_text % {"name": name}
            cells = "".join(
                f'<td class="num"><a href="{explained}?round={after_round}" '
                f'aria-label="{how}">{printer.score(value)}</a></td>'
                for value in values
            )
        lines.append(
            "<tr>\n"
            f'    <td class="num">{printer.text(row.place)}</td>\n'
            f'    <td><a href="{player}">{name}</a>'
            f"{marker if row.number in withdrawn else ''}"
            f"{annulled if row.annulled else ''}</td>\n"
            f'    <td class="num">{printer.text(row.number)}</td>\n'
            f'    <td class="num hide-narrow">{printer.text(row.rating)}</td>\n'
            f'    <td class="num">{printer.score(row.points)}</td>\n'
            f"    {cells}\n"
            "  </tr>"
        )
    return mark_safe("\n  ".join(lines))  # every value above is escaped


@register.simple_tag
def crosstable_rows(table: Crosstable, *, slug: str) -> SafeString:
    """The ``<tr>`` of each crosstable row: place, name (linked to the player's card),
    rating, the rounds (wall chart) or the encounters (square table), points, tie-breaks."""
    same = conditional_escape(gettext("same player"))
    round_text = gettext("Round %(number)s")
    printer, player_url = _Printer(), _PlayerUrls("public:player", slug)
    lines = []
    for row in table.rows:
        if table.square:
            middle = "".join(
                _encounters(row, index, same, round_text, printer)
                for index in range(len(row.against))
            )
        else:
            middle = "".join(_wall_cell(cell, printer) for cell in row.cells)
        tiebreaks = "".join(
            f'<td class="num">{printer.score(value)}</td>' for value in row.tiebreaks
        )
        lines.append(
            "<tr>\n"
            f'    <td class="num">{printer.text(row.place)}</td>\n'
            f'    <th scope="row"><a href="{player_url(row.number)}">{printer.text(row.name)}</a>'
            "</th>\n"
            f'    <td class="num hide-narrow">{printer.text(row.rating)}</td>\n'
            f"    {middle}\n"
            f'    <td class="num">{printer.score(row.score)}</td>\n'
            f"    {tiebreaks}\n"
            "  </tr>"
        )
    return mark_safe("\n  ".join(lines))  # every value above is escaped


def _wall_cell(cell: Cell, printer: _Printer) -> str:
    games = ""
    if cell.games:
        games = '<br><span class="muted">{}</span>'.format(
            " ".join(printer.text(game.text) for game in cell.games)
        )
    return f'<td class="num">{printer.text(cell.text)}{games}</td>'


def _encounters(
    row: CrosstableRow, index: int, same: str, round_text: str, printer: _Printer
) -> str:
    if index + 1 == row.position:
        return f'<td class="num"><span aria-label="{same}">×</span></td>'
    marks = " ".join(
        f'<span title="{round_text % {"number": localize(cell.round)}}">'
        f"{printer.text(cell.colour or '')}{printer.text(cell.mark)}</span>"
        for cell in row.against[index]
    )
    return f'<td class="num">{marks}</td>'
