"""The game endpoints of the API under /api/ (config.urls adds them to tournaments.api.urls
under the namespace "api"): a game, its record, its disputes and their rulings, a player's
report of its result (also as /api/games/<id>/report/, by the game alone); the event's
archive; the live relay of a round."""

from django.urls import path

from games import api
from games.relay.api import RoundRelay
from tournaments.api.urls import EVENT

urlpatterns = [
    path(f"{EVENT}games/<int:game_id>/", api.GameDetail.as_view(), name="game"),
    path(f"{EVENT}games/<int:game_id>/record/", api.GameRecordView.as_view(), name="record"),
    path(f"{EVENT}games/<int:game_id>/disputes/", api.DisputeCreate.as_view(), name="disputes"),
    path(f"{EVENT}games/<int:game_id>/report/", api.GameReport.as_view(), name="report"),
    path("games/<int:game_id>/report/", api.GameReport.as_view(), name="game_report"),
    path(f"{EVENT}rounds/<int:number>/relay/", RoundRelay.as_view(), name="relay"),
    path(f"{EVENT}archive/", api.EventArchive.as_view(), name="archive"),
    path(
        f"{EVENT}disputes/<int:dispute_id>/ruling/",
        api.DisputeRuling.as_view(),
        name="ruling",
    ),
]
