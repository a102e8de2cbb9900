"""The chat widget's static bundle, its page and snippet, and the knowledge base's widget origins."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from concierge.cli import main
from concierge.domain.knowledge_base import load_knowledge_base
from concierge.web.chat import asset, chat_page, snippet
from tests.conftest import VENUES_FILE

VENUES = load_knowledge_base(VENUES_FILE)
API = "https://europe-west1-demo.cloudfunctions.net"


def test_the_bundle_holds_the_widget_a_page_per_venue_and_the_snippets(tmp_path, capsys):
    assert main(["widget", "--output", str(tmp_path / "site"), "--api", API, "--venues", str(VENUES_FILE)]) == 0
    site = tmp_path / "site"
    assert (site / "widget.js").read_bytes() == asset("widget.js").body
    assert (site / "widget.css").read_bytes() == asset("widget.css").body
    page = (site / "cabinet.html").read_text()
    assert '<html lang="fr">' in page and f'data-api="{API}"' in page and 'src="./widget.js"' in page
    snippets = (site / "snippets.txt").read_text()
    assert f'data-venue="roma" data-api="{API}" data-lang="it"' in snippets
    assert sorted(p.name for p in site.glob("*.html")) == sorted(f"{v}.html" for v in VENUES)
    assert str(site / "roma.html") in capsys.readouterr().out


def test_the_page_escapes_what_the_knowledge_base_says():
    venue = VENUES["roma"].model_copy(update={"name": 'Roma "<script>alert(1)</script>'})
    page = chat_page(venue, api="/api", assets="/chat")
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert "<script>alert" not in snippet(venue, API, "https://cdn.roma.example/chat")


def test_only_the_widgets_own_files_are_served():
    assert asset("widget.js").mimetype == "text/javascript"
    assert asset("../__init__.py") is None and asset("chat.html") is None


def test_widget_origins_are_plain_origins():
    data = VENUES["roma"].model_dump(mode="json")
    ok = type(VENUES["roma"]).model_validate(data | {"chat_widget": {"origins": ["https://WWW.Roma.example:8443"]}})
    assert ok.chat_widget.origins == ["https://www.roma.example:8443"]
    for bad in ["https://roma.example/", "roma.example", "https://roma.example/chat", "javascript:alert(1)"]:
        with pytest.raises(ValidationError, match="is not an origin"):
            type(VENUES["roma"]).model_validate(data | {"chat_widget": {"origins": [bad]}})
