"""A venue's own web site on another origin, with the widget's one-line snippet in its page."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import yaml

from tests.conftest import VENUES_FILE

PAGE = """<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><title>Trattoria Roma: the venue's own site</title></head>
<body>
<main><h1>Trattoria Roma</h1><p>Cucina romana dal 1962. Via del Corso 1, Roma.</p></main>
{snippet}
</body>
</html>
"""


class VenueSite:
    """A static site on a free loopback port: `publish()` puts the snippet in its only page."""

    def __init__(self) -> None:
        self.page = b""
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the standard library's name
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(site.page)))
                self.end_headers()
                self.wfile.write(site.page)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_port}"

    def publish(self, concierge_url: str, venue_id: str) -> None:
        snippet = (
            f'<script src="{concierge_url}/chat/widget.js" data-venue="{venue_id}" '
            f'data-api="{concierge_url}/api" async></script>'
        )
        self.page = PAGE.format(snippet=snippet).encode()

    def __enter__(self) -> "VenueSite":
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def venues_with_widget_origins(folder: Path, origins: dict[str, list[str]]) -> Path:
    """The test knowledge base with `chat_widget.origins` set for some venues."""
    data = yaml.safe_load(VENUES_FILE.read_text())
    for venue_id, allowed in origins.items():
        data["venues"][venue_id]["chat_widget"] = {"origins": allowed}
    path = folder / "venues-with-widget.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path
