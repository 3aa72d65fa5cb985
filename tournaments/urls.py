"""Public pages under /events/ (addresses other tools link to: keep them stable). The game
record pages are games.public_urls, served with these under the namespace "public"."""

from django.urls import path

from tournaments import views
from tournaments.teams import views as team_views

app_name = "public"

urlpatterns = [
    path("", views.event_list, name="event_list"),
    path("<slug:slug>/", views.event_home, name="event_home"),
    path("<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings/<int:number>/", views.tiebreaks, name="tiebreaks"),
    path("<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("<slug:slug>/team-ranking/", views.team_ranking, name="team_ranking"),
    path("<slug:slug>/players/<int:number>/", views.player, name="player"),
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
