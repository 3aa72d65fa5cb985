"""Fetch a relay source's PDN file: only the address the organizer gave, bounded in size and
time like every upload.

- the address must be http or https; its host is resolved once, every address it resolves
  to must be public (no loopback, private, link-local, multicast or reserved address: a
  source must never make the server read its own network) unless the setting
  RELAY_ALLOW_PRIVATE_ADDRESSES allows it (the demo and the tests serve files locally);
  the connection is made to the address checked, so a second resolution cannot move it;
- a redirect is never followed: the organizer gives the file's own address;
- the body is read up to UPLOAD_MAX_BYTES (more is refused);
- the whole fetch (resolving the host, connecting, the headers and the body) ends within
  RELAY_FETCH_SECONDS, however the server sends: a timeout on each read would let a server
  that drips a byte a second hold the worker for hours, so a timer shuts the connection
  down when the time is up, whatever the read is waiting for.

Failures raise :class:`FetchError`, whose message names the address and the reason.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import threading
import time
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

_CHUNK = 64 * 1024


class FetchError(Exception):
    """The source could not be read; the message names the address and why."""


def fetch_text(url: str) -> str:
    """The text of the PDN file at ``url`` (UTF-8, or Latin-1 when it is not)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FetchError(_("%(url)s is not an http or https address") % {"url": url})
    port = parts.port or (443 if parts.scheme == "https" else 80)
    deadline = _Deadline(url, settings.RELAY_FETCH_SECONDS)
    address = _checked_address(url, parts.hostname, port, deadline)
    connection_class = (
        http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    )
    connection = connection_class(parts.hostname, port, timeout=deadline.left())
    connection._create_connection = lambda _where, timeout, source: deadline.connect(  # type: ignore[attr-defined]
        (address, port), source
    )
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("GET", path, headers={"User-Agent": "Damier relay"})
        response = connection.getresponse()
        deadline.check()
        if response.status != 200:
            raise FetchError(
                _("%(url)s answered %(status)s %(reason)s")
                % {"url": url, "status": response.status, "reason": response.reason}
            )
        body = _read_bounded(url, response, deadline)
    except (OSError, http.client.HTTPException) as exc:
        deadline.check()
        raise FetchError(
            _("%(url)s could not be read: %(error)s") % {"url": url, "error": exc}
        ) from exc
    finally:
        deadline.end()
        connection.close()
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return body.decode("latin-1")


class _Deadline:
    """The time one fetch may take. Once started (`connect`), a timer shuts the connection
    down when the time is up: a read waiting on it returns or fails at once, and `check`
    then raises the FetchError that says so. Shut down through a duplicate of the socket,
    which stays valid when TLS takes the original over."""

    def __init__(self, url: str, seconds: float) -> None:
        self.url, self.seconds = url, seconds
        self._at = time.monotonic() + seconds
        self._lock = threading.Lock()
        self._passed = False
        self._handle: socket.socket | None = None
        self._timer: threading.Timer | None = None

    def left(self) -> float:
        """Seconds left (a little more than none once passed: a timeout of 0 would make the
        socket non-blocking rather than fail)."""
        return max(self._at - time.monotonic(), 0.001)

    def connect(self, address: tuple[str, int], source: tuple[str, int] | None) -> socket.socket:
        sock = socket.create_connection(address, self.left(), source)
        with self._lock:
            if self._passed or time.monotonic() >= self._at:
                sock.close()
                self._passed = True
                raise TimeoutError("connected too late")
            self._handle = sock.dup()
            self._timer = threading.Timer(self.left(), self._cut)
            self._timer.daemon = True
            self._timer.start()
        return sock

    def _cut(self) -> None:
        with self._lock:
            self._passed = True
            if self._handle is not None:
                # OSError: the server closed it already
                with contextlib.suppress(OSError):
                    self._handle.shutdown(socket.SHUT_RDWR)

    def expired(self) -> FetchError:
        return FetchError(
            _("%(url)s took longer than %(seconds)s seconds (RELAY_FETCH_SECONDS)")
            % {"url": self.url, "seconds": self.seconds}
        )

    def check(self) -> None:
        """Raise FetchError when the time is up."""
        if self._passed or time.monotonic() >= self._at:
            raise self.expired()

    def end(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            if self._handle is not None:
                self._handle.close()
                self._handle = None


def _read_bounded(url: str, response: http.client.HTTPResponse, deadline: _Deadline) -> bytes:
    limit = settings.UPLOAD_MAX_BYTES
    chunks: list[bytes] = []
    size = 0
    while chunk := response.read(_CHUNK):
        size += len(chunk)
        if size > limit:
            raise FetchError(
                _("%(url)s is larger than %(limit)s bytes (UPLOAD_MAX_BYTES)")
                % {"url": url, "limit": limit}
            )
        deadline.check()
        chunks.append(chunk)
    # a body cut short by the timer, or by the server, ends like a whole one
    deadline.check()
    if response.length:
        raise FetchError(
            _("%(url)s ended %(missing)s bytes before the end it announced")
            % {"url": url, "missing": response.length}
        )
    return b"".join(chunks)


def _resolve(url: str, host: str, port: int, deadline: _Deadline) -> list[str]:
    """The addresses ``host`` resolves to, waited for at most the time left: the system's
    resolver has timeouts of its own, longer than a fetch's."""
    found: list[list[str]] = []
    failed: list[OSError] = []

    def resolve() -> None:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            found.append([str(info[4][0]) for info in infos])
        except OSError as exc:
            failed.append(exc)

    resolver = threading.Thread(target=resolve, daemon=True)
    resolver.start()
    resolver.join(deadline.left())
    if failed:
        raise FetchError(
            _("%(url)s could not be read: %(error)s") % {"url": url, "error": failed[0]}
        ) from failed[0]
    if not found:  # still resolving
        raise deadline.expired()
    return found[0]


def _checked_address(url: str, host: str, port: int, deadline: _Deadline) -> str:
    """The first address ``host`` resolves to, once every address is found allowed."""
    addresses = _resolve(url, host, port, deadline)
    if not settings.RELAY_ALLOW_PRIVATE_ADDRESSES:
        for address in addresses:
            if not public_address(address):
                raise FetchError(
                    _("%(url)s leads to %(address)s, an address that is not public")
                    % {"url": url, "address": address}
                )
    return addresses[0]


#: IPv6 prefixes that carry an IPv4 address in their last 32 bits: IPv4-compatible
#: (::a.b.c.d, deprecated by RFC 4291 §2.5.5.1) and the NAT64 well-known prefix (RFC 6052).
_EMBEDDING_PREFIXES = (
    ipaddress.IPv6Network("::/96"),
    ipaddress.IPv6Network("64:ff9b::/96"),
)
#: The NAT64 local-use prefix (RFC 8215): translated to the site's own network.
_LOCAL_NAT64 = ipaddress.IPv6Network("64:ff9b:1::/48")


def public_address(text: str) -> bool:
    """Whether ``text`` (an address getaddrinfo gave) reaches the public Internet. An IPv6
    address carrying an IPv4 one (mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64
    64:ff9b::a.b.c.d, 6to4 2002:…) is public only when the IPv4 address it carries is: the
    network may deliver it there, loopback and private addresses included."""
    address = ipaddress.ip_address(text.split("%")[0])
    if isinstance(address, ipaddress.IPv6Address):
        if address in _LOCAL_NAT64:
            return False
        embedded = address.ipv4_mapped or address.sixtofour
        if embedded is None and any(address in prefix for prefix in _EMBEDDING_PREFIXES):
            embedded = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if embedded is not None:
            return embedded.is_global
    return address.is_global
