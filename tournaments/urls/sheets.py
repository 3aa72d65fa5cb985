"""The spreadsheets of the public tables, beside their pages under /events/ (config.urls)."""

from django.urls import re_path

from tournaments.views import sheets

app_name = "sheets"

_EVENT = r"^(?P<slug>[-a-zA-Z0-9_]+)/"
_FORMAT = r"\.(?P<fmt>csv|xlsx)$"

urlpatterns = [
    re_path(_EVENT + "standings" + _FORMAT, sheets.standings, name="standings"),
    re_path(_EVENT + "crosstable" + _FORMAT, sheets.crosstable, name="crosstable"),
    re_path(
        _EVENT + r"rounds/(?P<number>[0-9]+)/pairings" + _FORMAT,
        sheets.pairings,
        name="pairings",
    ),
    re_path(_EVENT + "players" + _FORMAT, sheets.players, name="players"),
    re_path(_EVENT + "team-standings" + _FORMAT, sheets.team_standings, name="team_standings"),
    re_path(
        _EVENT + "team-crosstable" + _FORMAT,
        sheets.team_crosstable,
        name="team_crosstable",
    ),
    re_path(_EVENT + "team-ranking" + _FORMAT, sheets.team_ranking, name="team_ranking"),
]
