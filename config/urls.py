"""URL routes: the admin site (customised by tournaments.admin and games.admin)."""

from django.contrib import admin
from django.urls import path

urlpatterns = [
    path("admin/", admin.site.urls),
]
