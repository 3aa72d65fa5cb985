"""Public pages under /events/ (addresses other tools link to: keep them stable). The team
competitions' pages (tournaments.teams.urls) and the game record pages (games.public_urls) are
served with these under the namespace "public" (config.urls)."""

from django.urls import path

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
]
