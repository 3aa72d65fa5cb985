"""API routes under /api/ (the schema and docs are in config.urls; the printed documents',
the team competitions' and the rating report's routes in the api_urls of tournaments'
documents, teams and ratings, the game endpoints in games.api_urls: config.urls serves them
under the one namespace "api")."""

from django.urls import path

from tournaments.api import players, tokens, views
from tournaments.api.root import ApiRoot

app_name = "api"

EVENT = "events/<slug:slug>/"

urlpatterns = [
    path("token/", tokens.TokenCreate.as_view(), name="token"),
    path("", ApiRoot.as_view(), name="root"),
    path("events/", views.EventList.as_view(), name="events"),
    path(EVENT, views.EventDetail.as_view(), name="event"),
    path("players/", players.PlayerDirectory.as_view(), name="player_directory"),
    path("players/<int:player_id>/", players.PlayerDetail.as_view(), name="player_detail"),
    path(f"{EVENT}players/", views.PlayerList.as_view(), name="players"),
    path(f"{EVENT}rounds/", views.RoundList.as_view(), name="rounds"),
    path(f"{EVENT}rounds/<int:number>/publish/", views.RoundPublish.as_view(), name="publish"),
    path(f"{EVENT}pairings/", views.PairingList.as_view(), name="pairings"),
    path(f"{EVENT}standings/", views.Standings.as_view(), name="standings"),
    path(f"{EVENT}standings/<int:number>/", views.TieBreaks.as_view(), name="tiebreaks"),
    path(f"{EVENT}team-ranking/", views.TeamRanking.as_view(), name="team_ranking"),
    path(f"{EVENT}crosstable/", views.CrosstableView.as_view(), name="crosstable"),
    path(f"{EVENT}games/", views.GameList.as_view(), name="games"),
    path(f"{EVENT}games/<int:game_id>/result/", views.GameResultView.as_view(), name="result"),
]
