"""A console visitor over plain HTTP: follows the forms as a browser would, keeps the session cookie."""

from __future__ import annotations

import html
import re

import httpx

CSRF = re.compile(r'name="csrf" value="([^"]+)"')
TAG = re.compile(r"<[^>]+>")
REPLAY = re.compile(r'name="replay_key" value="([^"]+)"')


class Console:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.client = httpx.Client(base_url=base_url, timeout=30, follow_redirects=False)
        self.last: httpx.Response | None = None

    def get(self, path: str, **params: str) -> httpx.Response:
        self.last = self.client.get(path, params=params or None)
        return self.last

    def page(self, path: str, **params: str) -> str:
        """The page's text (HTML entities decoded), following redirects."""
        response = self.client.get(path, params=params or None, follow_redirects=True)
        self.last = response
        assert response.status_code == 200, (response.status_code, response.text[:500])
        return html.unescape(response.text)

    def csrf(self, path: str = "/console/sign-in") -> str:
        found = CSRF.search(self.client.get(path, follow_redirects=True).text)
        assert found, "the page has no form token"
        return found.group(1)

    def post(self, path: str, data: dict[str, str], form_page: str = "/console/", **kwargs: object) -> httpx.Response:
        """Send a form as a page of the console holds it: with the session's token, read from `form_page`."""
        token = self.csrf(form_page)
        self.last = self.client.post(path, data={"csrf": token, **data}, **kwargs)  # type: ignore[arg-type]
        return self.last

    def words(self, path: str, **params: str) -> str:
        """The page as a person reads it: its text without tags, white space collapsed."""
        return " ".join(TAG.sub(" ", self.page(path, **params)).split())

    def text(self, response: httpx.Response | None = None) -> str:
        return html.unescape((response or self.last).text)  # type: ignore[union-attr]

    def sign_in(self, key: str) -> httpx.Response:
        return self.post("/console/sign-in", {"key": key, "next": "/console/"})

    def close(self) -> None:
        self.client.close()
