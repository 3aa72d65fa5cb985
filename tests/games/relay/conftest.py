"""A local HTTP server that serves a relay's PDN file, changed by the test between polls."""

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


class PdnFiles(dict):
    """Path -> (status, body); a status 302 redirects to the body."""

    base = ""

    def url(self, path: str) -> str:
        return f"{self.base}{path}"


@pytest.fixture
def pdn_server() -> Iterator[PdnFiles]:
    files = PdnFiles()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, body = files.get(self.path, (404, ""))
            self.send_response(status)
            if status in (301, 302):
                self.send_header("Location", body)
                body = ""
            data = body.encode()
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    files.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield files
    server.shutdown()
    server.server_close()
