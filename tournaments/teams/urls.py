"""A team competition's public pages under /events/ (config.urls serves them with
tournaments.urls.events under the namespace "public"): the team standings, a team and its
lineups, the team matches and the team crosstable."""

from django.urls import path

from tournaments.teams import views as team_views

urlpatterns = [
    path("<slug:slug>/teams/", team_views.team_standings, name="team_standings"),
    path("<slug:slug>/teams/<int:number>/", team_views.team_detail, name="team_detail"),
    path(
        "<slug:slug>/teams/<int:number>/lineups/",
        team_views.team_lineups,
        name="team_lineups",
    ),
    path("<slug:slug>/team-matches/", team_views.team_match_list, name="team_matches"),
    path(
        "<slug:slug>/team-crosstable/",
        team_views.team_crosstable_page,
        name="team_crosstable",
    ),
]
