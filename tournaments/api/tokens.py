"""POST /api/token/: a user's API token for their username and password, throttled like the
logins (tournaments.login_limits): an attempt that must wait is a 429 with Retry-After."""

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.login_limits import login_delay


class TokenCreate(ObtainAuthToken):
    """Exchange a username and password for the user's token (created on first use)."""

    authentication_classes = ()

    @extend_schema(responses={200: {"type": "object", "properties": {"token": {"type": "string"}}}})
    def post(self, request: Request, *args, **kwargs) -> Response:
        username = request.data.get("username") if hasattr(request.data, "get") else None
        if isinstance(username, str):
            delay = login_delay(request._request, username)
            if delay:
                raise exceptions.Throttled(wait=delay.seconds, detail=delay.message())
        return super().post(request, *args, **kwargs)
