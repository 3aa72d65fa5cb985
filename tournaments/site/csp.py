"""The Content-Security-Policy of every answer: scripts, styles, images, fonts and requests
come from the site itself only, nothing may frame a page, and forms post only to the site.
A script or style that an attacker slips into a page (a player's name, a PDN comment) is
then not run: the pages, the game viewer, the admin and the API docs keep every script and
style in static files (no inline <script>, <style> or style="" attribute), which
tests/browser/test_content_security_policy.py checks in Chromium on each kind of page.

Images may also be data: URIs (the API docs' icons). Django's admin and Swagger UI set
styles from their scripts through the DOM, which the policy allows.

Every answer also carries a Permissions-Policy refusing, to the site and to anything it would
embed, the browser features it never uses: the camera, the microphone, the position, the
motion sensors, payments, the USB, serial and HID devices, MIDI, screen capture. A script
slipped into a page then cannot ask the visitor for them.
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

#: The browser features the site never uses, refused to every origin.
REFUSED_FEATURES = (
    "accelerometer",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "serial",
    "usb",
)
PERMISSIONS_HEADER = ", ".join(f"{feature}=()" for feature in REFUSED_FEATURES)


class ContentSecurityPolicyMiddleware:
    """Adds the policy, and the Permissions-Policy, to every answer that does not set its
    own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", HEADER)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_HEADER)
        return response
