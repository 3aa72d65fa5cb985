"""The big tables of the public pages as HTML built in Python: the standings and the
crosstable bodies.

A template loop over 500 rows of a dozen cells spends most of a cold page in the template
engine (variable lookups, filters, autoescaping per cell); these tags write the same markup
with string joins, escaping every value and localizing every number as ``{{ value }}`` would.
"""

import html
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any, cast

from django import template
from django.conf import settings
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments.ballots.dealt import Card
from tournaments.hooks import game_page
from tournaments.scoring.crosstable import Cell, Crosstable, CrosstableRow
from tournaments.scoring.standings import StandingRow
from tournaments.selectors.lists import PairingLine
from tournaments.selectors.public import GameLink
from tournaments.templatetags.ballots import card_diagram
from tournaments.templatetags.public import score
from tournaments.templatetags.results import pairing_score, result_score

register = template.Library()


class Printer:
    """Values as ``{{ value }}``, ``{{ value|score }}`` and ``{{ value|floatformat:"-1" }}``
    print them (localized, escaped), remembered for one table: points, ratings and cell texts
    repeat over the rows. Keys hold the type and the text of the value (``Decimal("2")`` and
    ``Decimal("2.0")`` are equal but print apart)."""

    def __init__(self) -> None:
        self._texts: dict[tuple[type, str], str] = {}
        self._scores: dict[tuple[type, str], str] = {}
        self._points: dict[tuple[type, str], str] = {}
        self._strings: dict[str, str] = {}
        # Without grouping, localize() writes a whole number as str() does.
        self._plain_integers = not settings.USE_THOUSAND_SEPARATOR

    def text(self, value: object) -> str:
        kind = type(value)
        if kind is str:  # localize() leaves a string as it is: escaped once per text
            string = cast(str, value)
            found = self._strings.get(string)
            if found is None:
                # what conditional_escape() does to a plain str, without its lazy check
                found = self._strings[string] = html.escape(string)
            return found
        if kind is int and self._plain_integers:
            return str(value)
        return self._remembered(self._texts, value, localize)

    def score(self, value: object) -> str:
        return self._remembered(self._scores, value, lambda v: localize(score(v)))

    def points(self, value: object) -> str:
        """``{{ value|floatformat:"-1" }}``: one decimal, none for a whole number."""
        return self._remembered(self._points, value, lambda v: floatformat(v, "-1"))

    @staticmethod
    def _remembered(
        printed: dict[tuple[type, str], str], value: object, write: Callable[[Any], Any]
    ) -> str:
        """``value`` as ``write`` prints it, escaped, once per value of the table."""
        key = (type(value), str(value))
        found = printed.get(key)
        if found is None:
            found = printed[key] = conditional_escape(write(value))
        return found


class NumberedUrls:
    """The addresses of one kind of page told apart by the number at their end (a player's
    card by pairing number, a game's page by id): the first written by ``address``, the
    others by putting their number in its place (a reverse() per row costs more than the
    row's other cells)."""

    def __init__(self, address: Callable[[int], str]) -> None:
        self._address = address
        sample = address(1)
        # escaped once: the number and the slash after it need no escaping
        self._prefix = conditional_escape(sample[:-2]) if sample.endswith("/1/") else None

    def __call__(self, number: int) -> str:
        if self._prefix is None:
            return conditional_escape(self._address(number))
        return f"{self._prefix}{int(number)}/"


def event_urls(name: str, slug: str) -> NumberedUrls:
    """The URLs of an event's page ``name`` (``public:player``, ``public:tiebreaks``) by the
    number it takes."""
    return NumberedUrls(lambda number: reverse(name, args=[slug, number]))


def game_urls(slug: str) -> NumberedUrls:
    """The public pages of event ``slug``'s games by id ("" when no app shows games)."""
    return NumberedUrls(lambda game_id: game_page(slug, game_id))


class _NameMarks:
    """The marks after a player's name in the standings and the crosstable, translated once
    for the page: withdrawn (he plays no further round), games annulled (a round-robin
    withdrawal), as the PDFs mark them."""

    def __init__(self) -> None:
        withdrawn = conditional_escape(gettext("withdrawn"))
        annulled = conditional_escape(gettext("games annulled"))
        self.withdrawn = f' <span class="muted">({withdrawn})</span>'
        self.annulled = f' <span class="muted">({annulled})</span>'

    def after(self, withdrawn: bool, annulled: bool) -> str:
        return (self.withdrawn if withdrawn else "") + (self.annulled if annulled else "")


@register.simple_tag
def standings_rows(
    rows: Iterable[tuple[StandingRow, Sequence[Decimal | None]]],
    *,
    slug: str,
    after_round: int,
) -> SafeString:
    """The ``<tr>`` of each standings row: place, name (linked to the player's card, marked
    when withdrawn), number, rating, points and tie-break values (linked to how they were
    computed)."""
    marks = _NameMarks()
    how_text = gettext("How the tie-breaks of %(name)s were computed")
    printer, player_url = Printer(), event_urls("public:player", slug)
    tiebreaks_url = event_urls("public:tiebreaks", slug)
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
            f"{marks.after(row.withdrawn, row.annulled)}</td>\n"
            f'    <td class="num">{printer.text(row.number)}</td>\n'
            f'    <td class="num hide-narrow">{printer.text(row.rating)}</td>\n'
            f'    <td class="num">{printer.score(row.points)}</td>\n'
            f"    {cells}\n"
            "  </tr>"
        )
    return mark_safe("\n  ".join(lines))  # every value above is escaped


@register.simple_tag
def crosstable_rows(table: Crosstable, *, slug: str) -> SafeString:
    """The ``<tr>`` of each crosstable row: place, name (linked to the player's card, marked
    as in the standings), rating, the rounds (wall chart) or the encounters (square table),
    points, tie-breaks."""
    same = conditional_escape(gettext("same player"))
    round_text = gettext("Round %(number)s")
    marks = _NameMarks()
    printer, player_url = Printer(), event_urls("public:player", slug)
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
            f"{marks.after(row.withdrawn, row.annulled)}</th>\n"
            f'    <td class="num hide-narrow">{printer.text(row.rating)}</td>\n'
            f"    {middle}\n"
            f'    <td class="num">{printer.score(row.score)}</td>\n'
            f"    {tiebreaks}\n"
            "  </tr>"
        )
    return mark_safe("\n  ".join(lines))  # every value above is escaped


def _wall_cell(cell: Cell, printer: Printer) -> str:
    games = ""
    if cell.games:
        games = '<br><span class="muted">{}</span>'.format(
            " ".join(printer.text(game.text) for game in cell.games)
        )
    return f'<td class="num">{printer.text(cell.text)}{games}</td>'


def _encounters(
    row: CrosstableRow, index: int, same: str, round_text: str, printer: Printer
) -> str:
    if index + 1 == row.position:
        return f'<td class="num"><span aria-label="{same}">×</span></td>'
    marks = " ".join(
        f'<span title="{round_text % {"number": localize(cell.round)}}">'
        f"{printer.text(cell.colour or '')}{printer.text(cell.mark)}</span>"
        for cell in row.against[index]
    )
    return f'<td class="num">{marks}</td>'


class _BoardTexts:
    """The words of a round's boards, translated once for the page."""

    def __init__(self) -> None:
        self.game = gettext("Game %(index)s:")
        self.game_of_board = gettext("Game %(index)s of board %(board)s")
        self.link = conditional_escape(gettext("game"))
        self.match = gettext("Match: %(match)s")
        self.position = conditional_escape(gettext("Position"))


@register.simple_tag
def pairing_rows(
    boards: Iterable[tuple], *, slug: str, variant: str, show_cards: bool
) -> SafeString:
    """The ``<tr>`` of each board of a round's page (``boards``: the view's (line, games,
    card, bye label) tuples): board, White and Black linked to their cards, the ballot card
    when the event draws them, each game's result linked to its page, a match's score; a
    bye's label. The markup a template loop wrote, every value escaped as ``{{ }}`` does."""
    printer, player_url, texts = Printer(), event_urls("public:player", slug), _BoardTexts()
    game_url = game_urls(slug)
    rows = []
    for line, games, card, bye_label in boards:
        white = line.white
        row = (
            "\n  <tr>\n"
            f'    <td class="num">{printer.text(line.board)}</td>\n'
            '    <td><span class="colour colour-w" aria-hidden="true"></span> '
            f'<a href="{player_url(white.number)}">{printer.text(white.name)}</a> '
            f'<span class="muted">({printer.text(white.number)})</span></td>\n    '
        )
        if line.black:
            black = line.black
            row += (
                "\n"
                '    <td><span class="colour colour-b" aria-hidden="true"></span> '
                f'<a href="{player_url(black.number)}">{printer.text(black.name)}</a> '
                f'<span class="muted">({printer.text(black.number)})</span></td>\n    '
            )
            if show_cards:
                row += _card_cell(card, variant, texts, printer)
            games_cell = _games_cell(games, line, game_url, variant, texts, printer)
            row += f"\n    <td>{games_cell}</td>\n    "
        else:
            row += f"\n    <td>{printer.text(bye_label)}</td>\n    "
            if show_cards:
                row += "<td></td>"
            row += "\n    <td></td>\n    "
        rows.append(row + "\n  </tr>\n  ")
    return mark_safe("".join(rows))  # every value above is escaped


def _card_cell(card: Card | None, variant: str, texts: _BoardTexts, printer: Printer) -> str:
    if not card:
        return "<td></td>"
    named = f" {printer.text(card.name)}" if card.name else ""
    return (
        f'<td><span class="card">{printer.text(card.code)}{named}</span> '
        f'<span class="muted">{printer.text(card.moves)}</span> '
        f'<details class="card-diagram"><summary>{texts.position}</summary>'
        f"{card_diagram(card, variant, 160)}</details></td>"
    )


def _games_cell(
    games: Sequence[tuple[GameLink, object]],
    line: PairingLine,
    game_url: NumberedUrls,
    variant: str,
    texts: _BoardTexts,
    printer: Printer,
) -> str:
    several = len(games) > 1
    board = printer.text(line.board)
    parts = []
    for game, label in games:
        part = "<div>"
        index = printer.text(game.index)
        if several:
            part += f'<span class="muted">{texts.game % {"index": index}}</span> '
        title = printer.text(label)
        if game.result == "*":
            part += f'<span title="{title}">–</span>'
        else:
            result = printer.text(result_score(game.result, variant))
            part += f'<span title="{title}">{result}</span>'
        if several or game.result != "*":
            url = game_url(game.id)
            if url:
                named = texts.game_of_board % {"index": index, "board": board}
                part += f' <a href="{url}" aria-label="{named}">{texts.link}</a>'
        parts.append(part + "</div>")
    if several:
        match = pairing_score(games, line.white.number, variant)
        if match:
            parts.append(
                f"<div><strong>{texts.match % {'match': printer.text(match)}}</strong></div>"
            )
    return "".join(parts)
