"""POST /api/token/: a user's API token for their username and password, throttled like the
logins (tournaments.site.login_limits): an attempt that must wait is a 429 with Retry-After. A
password change revokes the token, as it ends the user's other sessions."""

from django.conf import settings
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.site.login_limits import login_delay


class TokenCreate(ObtainAuthToken):
    """Exchange a username and password for the user's token (created on first use)."""

    title = gettext_lazy("API token")
    summary = gettext_lazy(
        "POST a username and password: the answer is the user's API token, created on first use."
    )

    authentication_classes = ()

    @extend_schema(responses={200: {"type": "object", "properties": {"token": {"type": "string"}}}})
    def post(self, request: Request, *args, **kwargs) -> Response:
        username = request.data.get("username") if hasattr(request.data, "get") else None
        if isinstance(username, str):
            delay = login_delay(request._request, username)
            if delay:
                raise exceptions.Throttled(wait=delay.seconds, detail=delay.message())
        return super().post(request, *args, **kwargs)


@receiver(pre_save, sender=settings.AUTH_USER_MODEL)
def revoke_token_on_password_change(sender, instance, raw: bool = False, **kwargs) -> None:
    """Delete the user's API token when their password changes, by whatever path (the
    password pages, the admin, ``manage.py changepassword``): a token obtained with the old
    password, perhaps by someone else, stops working. Django ends the other sessions the
    same way (the session's password hash)."""
    fields = kwargs.get("update_fields")
    if raw or instance.pk is None or (fields is not None and "password" not in fields):
        return
    stored = sender._default_manager.filter(pk=instance.pk).values_list("password", flat=True)
    if stored and stored[0] != instance.password:
        Token.objects.filter(user_id=instance.pk).delete()
