"""The chat widget's files, its full page for one venue, and the static bundle a venue deploys.

`widget.js` and `widget.css` (in `web/widget/`) are the whole widget: the page `/chat/<venue_id>`
and the one-line embed snippet load the same two files. The page is rendered here from
`widget/chat.html` with the venue's name and language; everything else happens in the browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path

from concierge.domain.venue import Venue

ASSETS = {"widget.js": "text/javascript", "widget.css": "text/css"}


@dataclass(frozen=True)
class Asset:
    body: bytes
    mimetype: str


def asset(name: str) -> Asset | None:
    """One of the widget's files by name, or None."""
    if name not in ASSETS:
        return None
    return Asset(_widget_file(name).read_bytes(), ASSETS[name])


def _widget_file(name: str):  # a Traversable: a file in the installed package
    return resources.files("concierge.web").joinpath("widget", name)


def chat_page(venue: Venue, api: str, assets: str) -> str:
    """The full-page chat of one venue: `api` is where the functions answer (`<api>/conversation_message`),
    `assets` where widget.js and widget.css are served."""
    template = _widget_file("chat.html").read_text("utf-8")
    values = {
        "lang": venue.locale,
        "title": venue.name,
        "venue": venue.id,
        "api": api,
        "assets": assets.rstrip("/"),
    }
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", escape(value, quote=True))
    return template


def snippet(venue: Venue, api: str, assets: str) -> str:
    """The one line a venue puts on its own site."""
    return (
        f'<script src="{escape(assets.rstrip("/"))}/widget.js" data-venue="{escape(venue.id)}" '
        f'data-api="{escape(api)}" data-lang="{venue.locale}" data-title="{escape(venue.name)}" async></script>'
    )


def write_bundle(folder: Path, venues: dict[str, Venue], api: str, assets: str = ".") -> list[Path]:
    """widget.js, widget.css, a page per venue (`<venue_id>.html`) and `snippets.txt`, into folder.

    The snippets name `assets` when it is a full URL, else a placeholder for where the files will be."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in ASSETS:
        target = folder / name
        target.write_bytes(_widget_file(name).read_bytes())
        written.append(target)
    lines = []
    served_at = assets if assets.startswith(("https://", "http://")) else "https://WHERE-THESE-FILES-ARE-SERVED"
    for venue_id, venue in sorted(venues.items()):
        page = folder / f"{venue_id}.html"
        page.write_text(chat_page(venue, api, assets), "utf-8")
        written.append(page)
        lines.append(f"<!-- {escape(venue.name)} -->\n{snippet(venue, api, served_at)}")
    snippets = folder / "snippets.txt"
    snippets.write_text("\n".join(lines) + "\n", "utf-8")
    written.append(snippets)
    return written
