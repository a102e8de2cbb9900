"""Each venue's knowledge base as an MCP resource, so an agent can ground its answers.

What a customer may be told: name, address, contact, weekly hours, closed dates and special
hours, the FAQ and the party-size limit. Where the bookings live (the provider block, which names
credentials) and the capacity rules stay out.
"""

from __future__ import annotations

from concierge.domain.venue import SCHEDULE_KEYS, Venue

URI_PREFIX = "concierge://venues/"
URI_TEMPLATE = URI_PREFIX + "{restaurant_id}"
MIME_TYPE = "application/json"


def venue_uri(venue_id: str) -> str:
    return URI_PREFIX + venue_id


def venue_id_of(uri: str) -> str | None:
    """The venue id a resource URI names, or None when it names no venue."""
    if not uri.startswith(URI_PREFIX):
        return None
    venue_id = uri[len(URI_PREFIX) :]
    return venue_id if venue_id and "/" not in venue_id else None


def _ranges(schedule: dict[str, tuple[str, str]]) -> dict[str, list[str]]:
    return {name: [open_, close] for name, (open_, close) in schedule.items()}


def knowledge_base(venue: Venue) -> dict:
    """The customer-facing part of the venue's knowledge base; a weekday that is absent is closed."""
    return {
        "restaurant_id": venue.id,
        "name": venue.name,
        "kind": venue.kind,
        "locale": venue.locale,
        "timezone": venue.timezone,
        "address": venue.address,
        "contact": venue.contact.model_dump(mode="json", exclude_none=True),
        "hours": {day: _ranges(venue.hours[day]) for day in SCHEDULE_KEYS if day in venue.hours},
        "closed_dates": [day.isoformat() for day in sorted(venue.closed_dates)],
        "special_hours": {day.isoformat(): _ranges(schedule) for day, schedule in sorted(venue.special_hours.items())},
        "max_people": venue.max_people,
        "faq": [entry.model_dump(mode="json") for entry in venue.faq],
    }


def description(venue: Venue) -> str:
    return (
        f"{venue.name}: opening hours, closed dates, FAQ and contact details, "
        f'in the venue\'s language ({venue.locale}). restaurant_id is "{venue.id}".'
    )
