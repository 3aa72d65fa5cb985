"""A team competition's API routes under /api/ (config.urls adds them to
tournaments.api.urls under the namespace "api"): the team standings, the team matches and a
match's lineup written by the organizers or the team's captain."""

from django.urls import path

from tournaments.api.urls import EVENT
from tournaments.teams import api as teams

urlpatterns = [
    path(f"{EVENT}team-standings/", teams.TeamStandings.as_view(), name="team_standings"),
    path(f"{EVENT}team-matches/", teams.TeamMatches.as_view(), name="team_matches"),
    path(
        f"{EVENT}team-matches/<int:round>/<int:number>/lineup/",
        teams.TeamLineup.as_view(),
        name="team_lineup",
    ),
]
