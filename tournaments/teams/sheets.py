"""A team competition's tables as spreadsheets: /events/<slug>/team-standings.csv (and
.xlsx) and team-crosstable, read through the selectors their pages read, so that the file's
figures are the page's (an individual event has none: 404, as it has no team page)."""

from decimal import Decimal

from django.http import Http404, HttpRequest
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _

from tournaments.models import Event
from tournaments.scoring.standings import place_text
from tournaments.scoring.teams import TEAM_TIEBREAKS
from tournaments.selectors.public import cached, event_state
from tournaments.spreadsheets import Sheet, Value
from tournaments.teams.selectors import (
    team_competition,
    team_crosstable_get,
    team_matches,
    team_standings_get,
)
from tournaments.views.sheets import sheet_view


def team_standings_sheet(event: Event) -> Sheet | None:
    """The team standings page's table (None: not a team competition)."""
    competition = team_competition(event)
    if competition is None:
        return None
    extra = [code for code in competition.tiebreaks if code not in ("BP", "MP")]
    return Sheet(
        title=_("Team standings"),
        header=(
            _("Rank"),
            _("Team"),
            _("Played"),
            _("Match points"),
            _("Board points"),
            *(_(TEAM_TIEBREAKS[code]) for code in extra),
        ),
        rows=tuple(
            (
                place_text(s.row.rank, s.row.shared_rank),
                s.name,
                s.row.played,
                s.row.match_points,
                s.row.board_points,
                *(s.row.tiebreaks[code] for code in extra),
            )
            for s in team_standings_get(event)
        ),
    )


def _team_cell(scores: tuple[Decimal | None, ...] | None) -> Value:
    """A team crosstable cell as the page writes it: × against itself, nothing before the
    teams meet, each match's board points (… while it is unfinished); one finished match's
    points as a number."""
    if scores is None:
        return "×"
    if len(scores) == 1 and scores[0] is not None:
        return scores[0]
    return " ".join("…" if score is None else floatformat(score, "-1") for score in scores) or None


def team_crosstable_sheet(event: Event) -> Sheet | None:
    """The team crosstable page's table (None: not a team competition): place, team, its
    board points against each team (columns numbered in standings order), match points
    and board points. The standings are the page's, kept under the event's state."""
    if team_competition(event) is None:
        return None
    matches = team_matches(event)
    standings = cached(
        event_state(event),
        "team-standings",
        lambda: team_standings_get(event, matches=matches),
    )
    rows = team_crosstable_get(event, matches=matches, standings=standings)
    return Sheet(
        title=_("Team crosstable"),
        header=(
            _("Rank"),
            _("Team"),
            *(str(column) for column in range(1, len(rows) + 1)),
            _("Match points"),
            _("Board points"),
        ),
        rows=tuple(
            (
                row.place,
                row.standing.name,
                *(_team_cell(scores) for scores in row.cells),
                row.standing.row.match_points,
                row.standing.row.board_points,
            )
            for row in rows
        ),
    )


def _team(sheet: Sheet | None, event: Event) -> Sheet:
    """A team table's sheet; 404 for an individual event, as for its pages."""
    if sheet is None:
        raise Http404(_("%(event)s is not a team competition.") % {"event": event})
    return sheet


@sheet_view
def team_standings(request: HttpRequest, event: Event) -> tuple[Sheet, str]:
    return _team(team_standings_sheet(event), event), "team-standings"


@sheet_view
def team_crosstable(request: HttpRequest, event: Event) -> tuple[Sheet, str]:
    return _team(team_crosstable_sheet(event), event), "team-crosstable"
