"""The spreadsheets of the public tables, beside their pages under /events/ (config.urls
serves them with a team competition's, tournaments.teams.sheet_urls, under the namespace
"sheets")."""

from django.urls import re_path

from tournaments.views import sheets

app_name = "sheets"

EVENT = r"^(?P<slug>[-a-zA-Z0-9_]+)/"
FORMAT = r"\.(?P<fmt>csv|xlsx)$"

urlpatterns = [
    re_path(EVENT + "standings" + FORMAT, sheets.standings, name="standings"),
    re_path(EVENT + "crosstable" + FORMAT, sheets.crosstable, name="crosstable"),
    re_path(
        EVENT + r"rounds/(?P<number>[0-9]+)/pairings" + FORMAT,
        sheets.pairings,
        name="pairings",
    ),
    re_path(EVENT + "players" + FORMAT, sheets.players, name="players"),
    re_path(EVENT + "team-ranking" + FORMAT, sheets.team_ranking, name="team_ranking"),
]
