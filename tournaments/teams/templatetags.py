"""`{% team_match_tables matches slug=event.slug %}`: the tables of a round's team matches on
the public matches page, board by board, built in Python.

A league of 40 teams of 10 boards shows 1,800 boards after 9 rounds: a template loop spent
most of the cold page in the template engine (a lookup, a filter and an escape per cell, a
reverse() per game); this tag writes the same markup with string joins, escaping every value
and localizing every number as ``{{ value }}`` and ``floatformat:"-1"`` would.
"""

from collections.abc import Iterable

from django import template
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from tournaments.teams.selectors import BoardView, MatchView
from tournaments.templatetags.public_tables import NumberedUrls, Printer, game_urls

register = template.Library()


class _MatchTexts:
    """The words of the matches' tables, translated once for the page (a ``{% translate %}``
    is escaped, a ``{% blocktranslate %}`` text is not, its values are)."""

    def __init__(self) -> None:
        self.bye = gettext("%(team)s: bye")
        self.no_show = gettext("%(team)s did not show up: forfeited.")
        self.board = conditional_escape(gettext("Board"))
        self.result = conditional_escape(gettext("Result"))
        self.white = conditional_escape(gettext("white"))
        self.black = conditional_escape(gettext("black"))
        self.game = gettext("game %(index)s")
        self.forfeit = conditional_escape(gettext("forfeit"))
        self.ff = conditional_escape(gettext("ff"))


@register.simple_tag
def team_match_tables(matches: Iterable[MatchView], *, slug: str) -> SafeString:
    """Each match's table: its caption (the teams and their board points, a bye, a team that
    did not show up), then a row per board: the number, team A's player and colour, the
    result linked to the board's games, team B's player."""
    printer, texts, game_url = Printer(), _MatchTexts(), game_urls(slug)
    tables = []
    for match in matches:
        team_a = printer.text(match.team_a)
        if match.team_b:
            team_b = printer.text(match.team_b)
            caption = f"{team_a} – {team_b}"
            if match.boards:
                caption += (
                    f": {printer.points(match.board_points_a)}"
                    f"–{printer.points(match.board_points_b)}"
                )
        else:
            caption = texts.bye % {"team": team_a}
        if match.no_show:
            no_show = texts.no_show % {"team": printer.text(match.no_show)}
            caption += f'<br><strong class="no-show">{no_show}</strong>'
        body = ""
        if match.boards:
            rows = "".join(_board_row(board, texts, printer, game_url) for board in match.boards)
            body = (
                "\n    <thead><tr>\n"
                f'      <th scope="col" class="num">{texts.board}</th>\n'
                f'      <th scope="col">{team_a}</th>\n'
                f'      <th scope="col" class="num">{texts.result}</th>\n'
                f'      <th scope="col">{printer.text(match.team_b)}</th>\n'
                f"    </tr></thead>\n    <tbody>{rows}\n    </tbody>\n    "
            )
        tables.append(
            '\n  <div class="table-wrap">\n  <table class="team-match">\n'
            f"    <caption>{caption}</caption>\n    {body}\n  </table>\n  </div>\n  "
        )
    return mark_safe("".join(tables))  # every value above is escaped


def _board_row(
    board: BoardView, texts: _MatchTexts, printer: Printer, game_url: NumberedUrls
) -> str:
    pages = [game_url(game) for game in board.games]
    if board.points_a is None:
        result = "…"
    else:
        result = f"{printer.points(board.points_a)}–{printer.points(board.points_b)}"
    if pages and pages[0]:
        result = f'<a href="{pages[0]}">{result}</a>'
    for index, page in enumerate(pages[1:], start=2):
        if page:
            title = texts.game % {"index": localize(index)}
            result += f' <a href="{page}" title="{title}">{index}</a>'
    if board.forfeit:
        result += f' <abbr title="{texts.forfeit}">{texts.ff}</abbr>'
    colour = texts.white if board.a_is_white else texts.black
    return (
        "\n      <tr>\n"
        f'        <td class="num">{printer.text(board.number)}</td>\n'
        f"        <td>{printer.text(board.player_a)}"
        f' <span class="muted">({colour})</span></td>\n'
        f'        <td class="num">{result}</td>\n'
        f"        <td>{printer.text(board.player_b)}</td>\n"
        "      </tr>"
    )
