"""The player's pages under /me/: his page, where a login leads, claiming his account,
turning the mails off."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("", views.me, name="me"),
    path("welcome/", views.landing, name="landing"),
    path("claim/<str:token>/", views.claim, name="claim"),
    path("mails/<str:token>/", views.mail_off, name="mail_off"),
]
