"""URL routes: the admin site (customised by tournaments.admin and games.admin), the public
pages under /events/ (the playing hall's check-in and screen, and the online entries,
among them) and the player directory under /players/, the dispute desk under /desk/ with the
site login under /accounts/, a player's own page under /me/, the REST API under /api/ with
its OpenAPI schema and docs, and the language switch."""

from django.contrib import admin
from django.contrib.auth.views import LoginView, PasswordResetView
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from entries import api_urls as entry_api_urls
from games import api_urls as game_api_urls
from games import public_urls as game_public_urls
from hall import api_urls as hall_api_urls
from tournaments.api import urls as api_urls
from tournaments.documents import api_urls as document_api_urls
from tournaments.ratings import api_urls as rating_api_urls
from tournaments.site.login_limits import (
    ThrottledAdminAuthenticationForm,
    ThrottledAuthenticationForm,
    UnlockingPasswordResetConfirmView,
)
from tournaments.teams import api_urls as team_api_urls
from tournaments.teams import sheet_urls as team_sheet_urls
from tournaments.teams import urls as team_public_urls
from tournaments.urls import events as public_urls
from tournaments.urls import sheets as sheet_urls

admin.site.login_form = ThrottledAdminAuthenticationForm


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers and crawlers ask for on every site: the static file."""
    return HttpResponsePermanentRedirect(static("favicon.ico"))


urlpatterns = [
    path("", RedirectView.as_view(pattern_name="public:event_list", permanent=False)),
    path("favicon.ico", favicon, name="favicon"),
    # The admin's login page links to the password reset when this name exists.
    path("admin/password_reset/", PasswordResetView.as_view(), name="admin_password_reset"),
    path("admin/", admin.site.urls),
    # The public pages and the API of tournaments, of its rooms and of games, each under one
    # namespace (tournaments never imports games, nor its core its rooms: the lists meet here).
    path(
        "events/",
        include(
            (
                public_urls.urlpatterns
                + team_public_urls.urlpatterns
                + game_public_urls.urlpatterns,
                "public",
            )
        ),
    ),
    path("events/", include("tournaments.documents.urls")),
    path(
        "events/",
        include((sheet_urls.urlpatterns + team_sheet_urls.urlpatterns, "sheets")),
    ),
    path("events/", include("tournaments.urls.calendars")),
    path("events/", include("hall.urls")),
    path("events/", include("entries.urls")),
    path("players/", include("tournaments.urls.players")),
    path("desk/", include("games.urls")),
    path("me/", include("accounts.urls")),
    # Site login for players and arbiters (the dispute desk); LOGIN_URL points here.
    path(
        "accounts/login/",
        LoginView.as_view(authentication_form=ThrottledAuthenticationForm),
        name="login",
    ),
    # A completed password reset also clears the account's failed logins.
    path(
        "accounts/reset/<uidb64>/<token>/",
        UnlockingPasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path(
        "api/",
        include(
            (
                api_urls.urlpatterns
                + document_api_urls.urlpatterns
                + team_api_urls.urlpatterns
                + rating_api_urls.urlpatterns
                + game_api_urls.urlpatterns
                + hall_api_urls.urlpatterns
                + entry_api_urls.urlpatterns,
                "api",
            )
        ),
    ),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The docs' script is a file of its own (?script), not inline: the Content-Security-Policy
    # allows no inline script (tournaments.site.csp).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("i18n/", include("django.conf.urls.i18n")),
]

# Django's own error answers, in the API's JSON error shape under /api/.
handler400 = "tournaments.site.failures.bad_request"
handler403 = "tournaments.site.failures.permission_denied"
handler404 = "tournaments.site.failures.page_not_found"
handler500 = "tournaments.site.failures.server_error"
