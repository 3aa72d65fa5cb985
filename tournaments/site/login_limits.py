"""Login throttling for the site login, the admin login and the API token endpoint.

Failed logins are counted in Django's cache under three keys, each within
LOGIN_LOCKOUT_SECONDS of its first failure:

- the account at one client address (LOGIN_FAILURE_LIMIT): a guesser at one address;
- the client address, any account (LOGIN_ADDRESS_FAILURE_LIMIT): one address trying many
  accounts;
- the account, every address (LOGIN_ACCOUNT_FAILURE_LIMIT): many addresses guessing one
  account.

Past a limit nothing is locked: each further attempt must wait a delay that doubles with
each failure (LOGIN_DELAY_SECONDS, at most LOGIN_DELAY_MAX_SECONDS). An attempt made while
it must wait is refused without the password being checked, and is not counted, so a
stranger's guesses are slowed to a few an hour and cannot push the delay further.
Strangers elsewhere do not reach the owner's own account-and-address count, and the
account-wide count is cleared by a password reset (`login_unlock`): the owner is never
kept out by them. A successful login clears the account's count at that address.

The client address is REMOTE_ADDR, or behind TRUSTED_PROXY_COUNT proxies the address the
outermost of them wrote into X-Forwarded-For (the addresses a client writes there itself
stand further left and are ignored): behind a proxy every visitor would otherwise share the
proxy's address.

The counts live in the default cache: in production it must be shared by every process
(DJANGO_CACHE_URL, Redis); the system check tournaments.E003 refuses a per-process cache.
While Redis cannot be reached, each process counts alone (tournaments.site.cache_guard): the
limits hold per process, never not at all.
"""

import hashlib
import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.contrib.auth.views import PasswordResetConfirmView
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class LoginDelay:
    """How long a login attempt must wait, in whole seconds (0: it may be made now)."""

    seconds: int

    def __bool__(self) -> bool:
        return self.seconds > 0

    def message(self) -> str:
        return _(
            "Too many failed logins: try again in %(seconds)s seconds, or reset your password."
        ) % {"seconds": self.seconds}


@dataclass(frozen=True)
class _Count:
    """One failure count: its cache key and the failures it allows before delays."""

    key: str
    limit: int


def client_address(request: HttpRequest | None) -> str:
    """The address of the client: REMOTE_ADDR, or behind TRUSTED_PROXY_COUNT proxies the
    address the outermost proxy appended to X-Forwarded-For."""
    if request is None:
        return "unknown"
    remote = request.META.get("REMOTE_ADDR") or "unknown"
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    forwarded = [
        address.strip()
        for address in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if address.strip()
    ]
    return forwarded[-proxies] if len(forwarded) >= proxies else remote


def _digest(text: str) -> str:
    """A short plain key part for any text (a username or a forwarded address)."""
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _account(username: str) -> str:
    return _digest((username or "").strip().lower())


def _counts(request: HttpRequest | None, username: str) -> tuple[_Count, _Count, _Count]:
    """The account at the address, the address, the account."""
    address, account = _digest(client_address(request)), _account(username)
    return (
        _Count(f"login-failures:pair:{address}:{account}", settings.LOGIN_FAILURE_LIMIT),
        _Count(f"login-failures:address:{address}", settings.LOGIN_ADDRESS_FAILURE_LIMIT),
        _Count(f"login-failures:account:{account}", settings.LOGIN_ACCOUNT_FAILURE_LIMIT),
    )


def delay_after(failures: int, limit: int) -> int:
    """Seconds to wait after `failures` counted failures: none below `limit`, then
    LOGIN_DELAY_SECONDS doubled at each further failure, at most LOGIN_DELAY_MAX_SECONDS."""
    if failures < limit:
        return 0
    doublings = min(failures - limit, 32)
    return min(settings.LOGIN_DELAY_MAX_SECONDS, settings.LOGIN_DELAY_SECONDS * 2**doublings)


def login_delay(request: HttpRequest | None, username: str) -> LoginDelay:
    """How long an attempt to log in as `username` from the request's client must wait."""
    now = time.time()
    wait = 0.0
    for count in _counts(request, username):
        state = cache.get_many([count.key, f"{count.key}:last"])
        failures, last = state.get(count.key, 0), state.get(f"{count.key}:last", 0.0)
        wait = max(wait, last + delay_after(failures, count.limit) - now)
    return LoginDelay(int(wait) + 1 if wait > 0 else 0)


def failure_count(key: str, seconds: int) -> None:
    """Add one failure to the count under ``key``, which lasts ``seconds`` from its first
    failure: the one way the site counts failed attempts (logins, the hall kiosk's PINs).
    add sets the expiry only when it creates the count; incr is atomic in a shared cache, so
    processes counting together lose no failure."""
    cache.add(key, 0, timeout=seconds)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=seconds)


def login_failed(request: HttpRequest | None, username: str) -> None:
    """Count a wrong password for `username` from the request's client."""
    now = time.time()
    for count in _counts(request, username):
        failure_count(count.key, settings.LOGIN_LOCKOUT_SECONDS)
        cache.set(f"{count.key}:last", now, timeout=settings.LOGIN_LOCKOUT_SECONDS)


def login_unlock(request: HttpRequest | None, username: str) -> None:
    """Clear the account's counts, everywhere and at the request's address: its owner
    proved who they are (a password reset link)."""
    pair, _address, account = _counts(request, username)
    cache.delete_many([pair.key, f"{pair.key}:last", account.key, f"{account.key}:last"])


@receiver(user_login_failed)
def _failed(sender, credentials: dict, request: HttpRequest | None = None, **kwargs) -> None:
    username = credentials.get("username") or ""
    if not login_delay(request, username):  # an attempt refused unchecked is not counted
        login_failed(request, username)


@receiver(user_logged_in)
def _succeeded(sender, request: HttpRequest | None, user, **kwargs) -> None:
    pair = _counts(request, user.get_username())[0]
    cache.delete_many([pair.key, f"{pair.key}:last"])


class ThrottledModelBackend(ModelBackend):
    """Django's backend, refusing an attempt that must still wait."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        name = username if username is not None else kwargs.get("username", "")
        delay = login_delay(request, name or "")
        if delay:
            raise PermissionDenied(delay.message())
        return super().authenticate(request, username=username, password=password, **kwargs)


class _ThrottledForm:
    """Login form mixin: an attempt that must wait is told how long (not that the password
    is wrong)."""

    def clean(self):
        username = self.cleaned_data.get("username")
        if username:
            delay = login_delay(self.request, username)
            if delay:
                raise ValidationError(delay.message(), code="throttled")
        return super().clean()


class ThrottledAuthenticationForm(_ThrottledForm, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(_ThrottledForm, AdminAuthenticationForm):
    pass


class UnlockingPasswordResetConfirmView(PasswordResetConfirmView):
    """Django's last step of a password reset, which also clears the account's failed
    logins: whoever followed the link reads the account's mail, so strangers' guesses no
    longer delay them."""

    def form_valid(self, form):
        response = super().form_valid(form)
        login_unlock(self.request, form.user.get_username())
        return response
