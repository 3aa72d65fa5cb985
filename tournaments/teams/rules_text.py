"""A team competition's rules in force, stated in words for its public page, each with the
section of docs/rules/tournaments.md that states it (§7): how teams are paired, the boards
of a match, board points, match points and byes, the ranking and its team tie-breaks, the
board colours, the lineups and a team that does not show up."""

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournaments.models import Event, System
from tournaments.results import points_text
from tournaments.scoring.teams import TEAM_TIEBREAKS
from tournaments.teams.models import TeamCompetition


def _number(value: Decimal) -> str:
    """``value`` without trailing zeros, in the page's language (2, 1,5)."""
    return number_format(format(value.normalize(), "f"))


def team_rules(event: Event, competition: TeamCompetition) -> list[str]:
    """The rules in force of the team competition ``competition`` of ``event``."""
    cite = "docs/rules/tournaments.md §%s"
    rules = [
        _("Teams are paired by: %(system)s.") % {"system": event.get_system_display()}
        + (
            " "
            + _("FIDE C.04.6, %(colours)s (%(section)s).")
            % {"colours": competition.get_colour_model_display(), "section": cite % "7.4"}
            if event.system == System.SWISS
            else ""
        ),
        _("Each match is played on %(boards)d boards; each board plays %(games)s.")
        % {"boards": competition.boards, "games": event.get_games_per_pairing_display()},
        _(
            "Board points: a game won scores %(win)s, drawn %(draw)s, lost %(loss)s; a team's "
            "board points in a match are the sum of its boards (%(section)s)."
        )
        % {
            "win": points_text(event.points_win),
            "draw": points_text(event.points_draw),
            "loss": points_text(event.points_loss),
            "section": cite % "7.1",
        },
        _(
            "Match points: the team with more board points wins the match and scores "
            "%(win)s, a drawn match %(draw)s, a lost match %(loss)s; a team bye scores "
            "%(bye)s match points and %(bye_board)s board points (%(section)s)."
        )
        % {
            "win": _number(competition.match_win),
            "draw": _number(competition.match_draw),
            "loss": _number(competition.match_loss),
            "bye": _number(competition.bye_match_points),
            "bye_board": _number(competition.bye_board_points),
            "section": cite % "7.1",
        },
        _("Teams are ranked by %(primary)s, adjustments included (%(section)s).")
        % {"primary": competition.get_primary_display(), "section": cite % "7.1"},
    ]
    if competition.tiebreaks:
        names = ", ".join(_(TEAM_TIEBREAKS[code]) for code in competition.tiebreaks)
        rules.append(
            _("Ties are broken by, in order: %(tiebreaks)s (%(section)s).")
            % {"tiebreaks": names, "section": cite % "7.3"}
        )
    rules.append(
        _("Teams level on everything share the place (FIDE C.07 2.1, %(section)s).")
        % {"section": cite % "7.3"}
    )
    rules.append(
        _(
            "Team A's players have team A's colour on odd boards and the other colour on even "
            "boards; a return match reverses every board (%(section)s)."
        )
        % {"section": cite % "7.2"}
    )
    rules.append(
        _(
            "Each captain hands in a lineup before the match is paired; without one the "
            "roster order plays, absentees left out. A board left empty is a forfeit win for "
            "the player facing it (%(section)s)."
        )
        % {"section": cite % "7.2"}
    )
    if competition.rating_tolerance is not None or competition.rating_cap is not None:
        rules.append(
            _(
                "Board order: a player may be rated at most %(tolerance)s above one on a "
                "higher board; rating cap: %(cap)s (%(section)s)."
            )
            % {
                "tolerance": competition.rating_tolerance
                if competition.rating_tolerance is not None
                else "—",
                "cap": competition.rating_cap if competition.rating_cap is not None else "—",
                "section": cite % "7.2",
            }
        )
    rules.append(
        _(
            "A team that does not show up loses the match by forfeit: every board a forfeit "
            "loss for it and a forfeit win for the other team (%(section)s)."
        )
        % {"section": cite % "7.1"}
    )
    return rules
