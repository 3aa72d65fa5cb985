"""Login throttling for the site login, the admin login and the API token endpoint.

Failed logins are counted in Django's cache per account and address (LOGIN_FAILURE_LIMIT
within LOGIN_LOCKOUT_SECONDS) and per address alone (LOGIN_ADDRESS_FAILURE_LIMIT, against
one address trying many accounts). Past a limit every attempt is refused, the right password
included, until the window has passed; a successful login clears the account's count.
Counting per account *and* address keeps a stranger from locking a user out from elsewhere.

The counts live in the default cache: set DJANGO_CACHE_URL (Redis) so that every process of
a multi-process server shares them.
"""

import hashlib

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

REFUSAL = _(
    "Too many failed logins for this account from your address: try again in %(minutes)s minutes."
)


def _address(request: HttpRequest | None) -> str:
    return (request.META.get("REMOTE_ADDR") or "unknown") if request is not None else "unknown"


def _keys(request: HttpRequest | None, username: str) -> tuple[str, str]:
    """Cache keys of the account at the address, and of the address: the username hashed
    (any text may be typed there; a key stays short and plain)."""
    address = _address(request)
    account = hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]
    return (f"login-failures:{address}:{account}", f"login-failures:{address}")


def _count(key: str) -> int:
    return cache.get(key, 0)


def locked(request: HttpRequest | None, username: str) -> bool:
    """Whether logins as `username` from the request's address are refused for now."""
    account, address = _keys(request, username or "")
    return (
        _count(account) >= settings.LOGIN_FAILURE_LIMIT
        or _count(address) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT
    )


def refusal() -> str:
    return REFUSAL % {"minutes": max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)}


def record_failure(request: HttpRequest | None, username: str) -> None:
    for key in _keys(request, username or ""):
        # The window starts at the first failure (add sets the expiry only when creating).
        cache.add(key, 0, timeout=settings.LOGIN_LOCKOUT_SECONDS)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=settings.LOGIN_LOCKOUT_SECONDS)


@receiver(user_login_failed)
def _failed(sender, credentials: dict, request: HttpRequest | None = None, **kwargs) -> None:
    record_failure(request, credentials.get("username", ""))


@receiver(user_logged_in)
def _succeeded(sender, request: HttpRequest | None, user, **kwargs) -> None:
    cache.delete(_keys(request, user.get_username())[0])


class ThrottledModelBackend(ModelBackend):
    """Django's backend, refusing every attempt while the account or address is locked."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        name = username if username is not None else kwargs.get("username", "")
        if locked(request, name or ""):
            raise PermissionDenied(refusal())
        return super().authenticate(request, username=username, password=password, **kwargs)


class _ThrottledForm:
    """Login form mixin: a locked account is told so (not that the password is wrong)."""

    def clean(self):
        username = self.cleaned_data.get("username")
        if username and locked(self.request, username):
            raise ValidationError(refusal(), code="throttled")
        return super().clean()


class ThrottledAuthenticationForm(_ThrottledForm, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(_ThrottledForm, AdminAuthenticationForm):
    pass
