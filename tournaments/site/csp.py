"""The Content-Security-Policy of every answer: scripts, styles, images, fonts and requests
come from the site itself only, nothing may frame a page, and forms post only to the site.
A script or style that an attacker slips into a page (a player's name, a PDN comment) is
then not run: the pages, the game viewer, the admin and the API docs keep every script and
style in static files (no inline <script>, <style> or style="" attribute), which
tests/browser/test_content_security_policy.py checks in Chromium on each kind of page.

Images may also be data: URIs (the API docs' icons). Django's admin and Swagger UI set
styles from their scripts through the DOM, which the policy allows.
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

#: One directive a line: the policy the middleware sends.
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

HEADER = "; ".join(f"{directive} {sources}" for directive, sources in POLICY.items())


class ContentSecurityPolicyMiddleware:
    """Adds the policy to every answer that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", HEADER)
        return response
