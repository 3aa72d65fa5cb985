"""The public tables as sheets (tournaments.spreadsheets.Sheet), headings in the request's
language, each read through the selector its page reads, so that the file's figures are the
page's: the standings and the crosstable after a published round (standings_get,
crosstable_get, kept under the event's state like the pages' tables), the pairings of a
published round (pairing_list), the players list as the starting rank list (by rating at
start, then name), and the team ranking of an individual event after a published round
(team_ranking_get, kept under the event's state like its page's)."""

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.models import BYE_KIND_LABELS, Event, GameResult, Round
from tournaments.scoring.crosstable import Crosstable
from tournaments.scoring.notation import result_score
from tournaments.scoring.standings import place_text
from tournaments.selectors.lists import pairing_list, player_list
from tournaments.selectors.public import cached, crosstable_get, event_state
from tournaments.selectors.standings import standings_get
from tournaments.selectors.team_ranking import team_ranking_kept
from tournaments.spreadsheets import Sheet, Value
from tournaments.values import ByeKind


def standings_sheet(event: Event, *, after_round: int) -> Sheet:
    """The standings page's table: place, name, pairing number, rating, points, tie-breaks,
    and the round a player withdrew from where the page marks him withdrawn (else empty)."""
    rows = cached(
        event_state(event),
        f"standings:{after_round}",
        lambda: standings_get(event, after_round=after_round),
    )
    return Sheet(
        title=_("Standings"),
        header=(
            _("Rank"),
            _("Name"),
            _("No."),
            _("Rating"),
            _("Points"),
            *event.tiebreaks,
            capfirst(_("withdrawn from round")),
        ),
        rows=tuple(
            (
                row.place,
                row.name,
                row.number,
                row.rating,
                row.points,
                *(row.tiebreaks.get(code) for code in event.tiebreaks),
                row.withdrawn_from_round,
            )
            for row in rows
        ),
    )


def crosstable_sheet(event: Event, *, after_round: int) -> Sheet:
    """The crosstable page's table: a column per round (wall chart) or per opponent in rank
    order (square table), each cell as the page writes it."""
    table: Crosstable = cached(
        event_state(event),
        f"crosstable:{after_round}",
        lambda: crosstable_get(event, after_round=after_round),
    )
    if table.square:
        middle = tuple(str(row.position) for row in table.rows)
    else:
        cells = table.rows[0].cells if table.rows else ()
        middle = tuple(_("R%(number)s") % {"number": cell.round} for cell in cells)
    lines: list[tuple[Value, ...]] = []
    for row in table.rows:
        if table.square:
            marks = tuple(
                "×"
                if index + 1 == row.position
                else " ".join(f"{cell.colour or ''}{cell.mark}" for cell in encounters)
                for index, encounters in enumerate(row.against)
            )
        else:
            marks = tuple(
                " ".join([cell.text, *(game.text for game in cell.games)]) for cell in row.cells
            )
        lines.append((row.place, row.name, row.rating, *marks, row.score, *row.tiebreaks))
    return Sheet(
        title=_("Crosstable"),
        header=(
            _("Rank"),
            _("Name"),
            _("Rating"),
            *middle,
            _("Points"),
            *(column.code for column in table.tiebreaks),
        ),
        rows=tuple(lines),
    )


def pairings_sheet(round_: Round) -> Sheet:
    """A published round's boards: players with their pairing numbers, and each game's
    result as the round page writes it (a bye named)."""
    variant = round_.event.variant
    lines: list[tuple[Value, ...]] = []
    for line in pairing_list(round_):
        if line.black is None:
            result = str(BYE_KIND_LABELS[ByeKind(line.bye_kind)]) if line.bye_kind else ""
            lines.append((line.board, line.white.name, line.white.number, "", None, result))
            continue
        result = " ".join(
            "" if code == GameResult.PENDING else result_score(code, variant)
            for code in line.results
        )
        lines.append(
            (
                line.board,
                line.white.name,
                line.white.number,
                line.black.name,
                line.black.number,
                result,
            )
        )
    return Sheet(
        title=_("Round %(number)s") % {"number": round_.number},
        header=(_("Board"), _("White"), _("No."), _("Black"), _("No."), _("Result")),
        rows=tuple(lines),
    )


def players_sheet(event: Event) -> Sheet:
    """The starting rank list: the players by rating at start (highest first), then name,
    with their pairing numbers and public fields."""
    players = sorted(player_list(event), key=lambda p: (-p.rating, p.name, p.number))
    return Sheet(
        title=_("Players"),
        header=(
            _("Starting rank"),
            _("Name"),
            _("Title"),
            _("Federation"),
            _("Rating"),
            _("Club"),
            _("Pairing number"),
        ),
        rows=tuple(
            (rank, p.name, p.title, p.federation, p.rating, p.club, p.number)
            for rank, p in enumerate(players, start=1)
        ),
    )


def team_ranking_sheet(event: Event, *, after_round: int) -> Sheet:
    """The team ranking page's table after ``after_round``: place, team, its score (the sum
    of its best members' points) and the sum of all its members' points."""
    rows = team_ranking_kept(event, after_round=after_round, state=event_state(event))
    return Sheet(
        title=_("Team ranking"),
        header=(_("Rank"), _("Team"), _("Score"), _("All")),
        rows=tuple(
            (place_text(row.rank, row.shared_rank), row.team, row.score, row.all_members)
            for row in rows
        ),
    )
