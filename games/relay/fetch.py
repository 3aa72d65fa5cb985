"""Fetch a relay source's PDN file: only the address the organizer gave, bounded in size and
time like every upload.

- the address must be http or https; its host is resolved once, every address it resolves
  to must be public (no loopback, private, link-local, multicast or reserved address: a
  source must never make the server read its own network) unless the setting
  RELAY_ALLOW_PRIVATE_ADDRESSES allows it (the demo and the tests serve files locally);
  the connection is made to the address checked, so a second resolution cannot move it;
- a redirect is never followed: the organizer gives the file's own address;
- the body is read up to UPLOAD_MAX_BYTES (more is refused) within RELAY_FETCH_SECONDS.

Failures raise :class:`FetchError`, whose message names the address and the reason.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
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
    address = _checked_address(url, parts.hostname, port)
    seconds = settings.RELAY_FETCH_SECONDS
    connection_class = (
        http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    )
    connection = connection_class(parts.hostname, port, timeout=seconds)
    connection._create_connection = lambda _where, timeout, source: socket.create_connection(  # type: ignore[attr-defined]
        (address, port), timeout, source
    )
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    deadline = time.monotonic() + seconds
    try:
        connection.request("GET", path, headers={"User-Agent": "Damier relay"})
        response = connection.getresponse()
        if response.status != 200:
            raise FetchError(
                _("%(url)s answered %(status)s %(reason)s")
                % {"url": url, "status": response.status, "reason": response.reason}
            )
        body = _read_bounded(url, response, deadline)
    except (OSError, http.client.HTTPException) as exc:
        raise FetchError(
            _("%(url)s could not be read: %(error)s") % {"url": url, "error": exc}
        ) from exc
    finally:
        connection.close()
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return body.decode("latin-1")


def _read_bounded(url: str, response: http.client.HTTPResponse, deadline: float) -> bytes:
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
        if time.monotonic() > deadline:
            raise FetchError(
                _("%(url)s took longer than %(seconds)s seconds (RELAY_FETCH_SECONDS)")
                % {"url": url, "seconds": settings.RELAY_FETCH_SECONDS}
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _checked_address(url: str, host: str, port: int) -> str:
    """The first address ``host`` resolves to, once every address is found allowed."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise FetchError(
            _("%(url)s could not be read: %(error)s") % {"url": url, "error": exc}
        ) from exc
    addresses = [str(info[4][0]) for info in found]
    if not settings.RELAY_ALLOW_PRIVATE_ADDRESSES:
        for address in addresses:
            if not ipaddress.ip_address(address.split("%")[0]).is_global:
                raise FetchError(
                    _("%(url)s leads to %(address)s, an address that is not public")
                    % {"url": url, "address": address}
                )
    return addresses[0]
