"""Public addresses of game records under /events/ (config.urls adds them to
tournaments.urls.events under the namespace "public"; keep them stable)."""

from django.urls import path

from games import public_views as views

urlpatterns = [
    path("<slug:slug>/games/<int:game_id>/", views.game, name="game"),
    path("<slug:slug>/games/<int:game_id>/pdn/", views.game_pdn, name="game_pdn"),
    path("<slug:slug>/games.pdn", views.event_pdn, name="event_pdn"),
]
