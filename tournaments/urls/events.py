"""Public pages under /events/ (addresses other tools link to: keep them stable). The game
record pages are games.public_urls, served with these under the namespace "public"."""

from django.urls import path

from tournaments.teams import views as team_views
from tournaments.views import events

app_name = "public"

urlpatterns = [
    path("", events.event_list, name="event_list"),
    path("<slug:slug>/", events.event_home, name="event_home"),
    path("<slug:slug>/rounds/<int:number>/", events.round_detail, name="round"),
    path("<slug:slug>/standings/", events.standings, name="standings"),
    path("<slug:slug>/standings/<int:number>/", events.tiebreaks, name="tiebreaks"),
    path("<slug:slug>/crosstable/", events.crosstable, name="crosstable"),
    path("<slug:slug>/team-ranking/", events.team_ranking, name="team_ranking"),
    path("<slug:slug>/players/<int:number>/", events.player, name="player"),
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
