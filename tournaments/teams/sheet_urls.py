"""A team competition's spreadsheets under /events/ (config.urls serves them with
tournaments.urls.sheets under the namespace "sheets")."""

from django.urls import re_path

from tournaments.teams import sheets
from tournaments.urls.sheets import EVENT, FORMAT

urlpatterns = [
    re_path(EVENT + "team-standings" + FORMAT, sheets.team_standings, name="team_standings"),
    re_path(EVENT + "team-crosstable" + FORMAT, sheets.team_crosstable, name="team_crosstable"),
]
