"""Public pages under /events/ (addresses other tools link to: keep them stable)."""

from django.urls import path

from tournaments import views

app_name = "public"

urlpatterns = [
    path("", views.event_list, name="event_list"),
    path("<slug:slug>/", views.event_home, name="event_home"),
    path("<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/standings/", views.standings, name="standings"),
    path("<slug:slug>/standings/<int:number>/", views.tiebreaks, name="tiebreaks"),
    path("<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("<slug:slug>/players/<int:number>/", views.player, name="player"),
    path("<slug:slug>/games/<int:game_id>/", views.game, name="game"),
    path("<slug:slug>/games/<int:game_id>/pdn/", views.game_pdn, name="game_pdn"),
    path("<slug:slug>/games.pdn", views.event_pdn, name="event_pdn"),
]
