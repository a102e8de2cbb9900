"""The venue knowledge base: one venue's hours, capacity rules, FAQ and provider."""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from concierge.domain.providers import PROVIDERS


# The keys of the weekly schedule, Monday first like date.weekday().
SCHEDULE_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

_HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def minutes(hhmm: str) -> int:
    """Minutes since midnight of an "HH:MM" string."""
    return int(hhmm[:2]) * 60 + int(hhmm[3:5])


_CLOCK_TIMES = tuple(f"{m // 60:02d}:{m % 60:02d}" for m in range(24 * 60))  # "00:00" .. "23:59", made once


def hhmm(total_minutes: int) -> str:
    if 0 <= total_minutes < 24 * 60:
        return _CLOCK_TIMES[total_minutes]
    return f"{total_minutes // 60:02d}:{total_minutes % 60:02d}"


@dataclass(frozen=True, slots=True)
class OpeningRange:
    """A named opening range such as lunch or dinner, local time, same day (immutable: shared between calls)."""

    name: str
    open: str
    close: str
    # open and close in minutes since midnight, worked out once: every slot computation reads them
    open_min: int = field(init=False, repr=False, compare=False)
    close_min: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "open_min", minutes(self.open))
        object.__setattr__(self, "close_min", minutes(self.close))


@functools.lru_cache(maxsize=4096)
def _opening_ranges(schedule: tuple[tuple[str, str, str], ...]) -> tuple[OpeningRange, ...]:
    """A day's schedule as its ranges in time order, built once per distinct schedule."""
    return tuple(sorted((OpeningRange(name=n, open=o, close=c) for n, o, c in schedule), key=lambda r: r.open_min))


def _ranges_of(schedule: DaySchedule) -> tuple[OpeningRange, ...]:
    return _opening_ranges(tuple((name, o, c) for name, (o, c) in schedule.items()))


DaySchedule = dict[str, tuple[str, str]]


def _check_schedule(schedule: DaySchedule) -> DaySchedule:
    for name, (open_, close) in schedule.items():
        for value in (open_, close):
            if not _HHMM.match(value):
                raise ValueError(f'range "{name}": "{value}" is not a time in HH:MM (24-hour)')
        if minutes(close) <= minutes(open_):
            raise ValueError(f'range "{name}": closes at {close}, not after it opens at {open_}')
    return schedule


class FaqEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(min_length=1)
    answer: str = Field(min_length=1)


class Contact(BaseModel):
    model_config = ConfigDict(extra="allow")
    phone: str | None = None
    email: str | None = None

    @property
    def phone_written(self) -> str | None:
        """The venue's number as a customer reads it ("+44 20 7123 4567"), for the chat's answers."""
        from concierge.domain.phone import as_written  # phonenumbers, loaded by the functions that say it only

        return as_written(self.phone) if self.phone else None


_ORIGIN = re.compile(r"^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$")


class ChatWidget(BaseModel):
    """The venue's chat widget: the sites (origins, `https://www.example.com`) allowed to embed it."""

    model_config = ConfigDict(extra="forbid")
    origins: list[str] = Field(default_factory=list, max_length=20)

    @field_validator("origins")
    @classmethod
    def _plain_origins(cls, origins: list[str]) -> list[str]:
        for origin in origins:
            if not _ORIGIN.match(origin):
                raise ValueError(f'"{origin}" is not an origin such as "https://www.example.com" (no path)')
        return [o.lower() for o in origins]


class ProviderConfig(BaseModel):
    """Where the venue's bookings live. Secrets are named here, read from the environment."""

    model_config = ConfigDict(extra="allow")
    kind: str = Field(default="builtin", json_schema_extra={"enum": list(PROVIDERS)})  # a registered provider

    @field_validator("kind")
    @classmethod
    def _registered(cls, kind: str) -> str:
        if kind not in PROVIDERS:
            raise ValueError("Input should be " + ", ".join(f"'{k}'" for k in PROVIDERS))
        return kind


@dataclass(frozen=True, slots=True)
class _Calendar:
    weekly: tuple[tuple[OpeningRange, ...], ...]  # Monday first
    special: dict[dt.date, tuple[OpeningRange, ...]]
    closed: frozenset[dt.date]


class Venue(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    name: str
    locale: Literal["it", "en", "fr", "pt"] = "it"
    kind: Literal["restaurant", "clinic", "venue"] = "restaurant"
    timezone: str
    country: str | None = Field(default=None, description="ISO 3166 region for local phone numbers")
    max_people: int = Field(gt=0)
    max_concurrent_bookings: int | None = Field(default=None, gt=0)
    avg_stay_minutes: int | None = Field(default=None, gt=0)
    slot_minutes: int = Field(default=30, gt=0)
    cutoff_minutes: int = Field(default=0, ge=0)
    hours: dict[Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"], DaySchedule] = Field(default_factory=dict)
    closed_dates: list[dt.date] = Field(default_factory=list)
    special_hours: dict[dt.date, DaySchedule] = Field(default_factory=dict)
    faq: list[FaqEntry] = Field(default_factory=list)
    address: str | None = None
    contact: Contact = Field(default_factory=Contact)
    provider: ProviderConfig = Field(default_factory=ProviderConfig)
    chat_widget: ChatWidget = Field(default_factory=ChatWidget)

    @property
    def is_clinic(self) -> bool:
        """Takes appointments for one patient at a time: care type and reason asked, no party size."""
        return self.kind == "clinic"

    @functools.cached_property
    def _calendar(self) -> _Calendar:
        """The schedule as ranges, worked out on first use: ranges_on answers every call from it."""
        return _Calendar(
            weekly=tuple(_ranges_of(self.hours.get(key, {})) for key in SCHEDULE_KEYS),
            special={day: _ranges_of(schedule) for day, schedule in self.special_hours.items()},
            closed=frozenset(self.closed_dates),
        )

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Venue:
        copied = super().model_copy(update=update, deep=deep)
        copied.__dict__.pop("_calendar", None)  # a copy with another schedule works out its own
        return copied

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name in ("hours", "special_hours", "closed_dates"):
            self.__dict__.pop("_calendar", None)

    @model_validator(mode="before")
    @classmethod
    def _kind_from_party_size(cls, data: Any) -> Any:
        """A venue without `kind` that books one person at a time takes appointments: a clinic, not a
        restaurant with tables for one."""
        if isinstance(data, dict) and "kind" not in data and data.get("max_people") == 1:
            return {**data, "kind": "clinic"}
        return data

    @field_validator("timezone")
    @classmethod
    def _known_timezone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f'"{value}" is not an IANA time zone such as "Europe/Rome"') from None
        return value

    @field_validator("hours", "special_hours")
    @classmethod
    def _valid_ranges(cls, value: dict) -> dict:
        for schedule in value.values():
            _check_schedule(schedule)
        return value

    @model_validator(mode="after")
    def _region(self) -> "Venue":
        if self.country is None and self.contact.phone:
            import phonenumbers

            try:
                region = phonenumbers.region_code_for_number(phonenumbers.parse(self.contact.phone))
            except phonenumbers.NumberParseException:
                region = None
            self.country = region if region and region != "ZZ" else None
        return self

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def now(self, clock_now: dt.datetime) -> dt.datetime:
        """The venue's local wall-clock time at an aware instant."""
        return clock_now.astimezone(self.tz)

    @property
    def weekly_ranges(self) -> tuple[tuple[OpeningRange, ...], ...]:
        """The weekly schedule's opening ranges, Monday first; a closed weekday has none."""
        return self._calendar.weekly

    def ranges_on(self, day: dt.date) -> list[OpeningRange]:
        """Opening ranges on a date, in time order; empty when closed."""
        calendar = self._calendar
        if day in calendar.closed:
            return []
        ranges = calendar.special.get(day)
        return list(calendar.weekly[day.weekday()] if ranges is None else ranges)

    def closed_weekly_on(self, day: dt.date) -> bool:
        """Closed by the weekly schedule, rather than by a closed date or special hours."""
        return (
            day not in self.closed_dates
            and day not in self.special_hours
            and SCHEDULE_KEYS[day.weekday()] not in self.hours
        )
