"""One language's day grammar as compiled patterns, each compiled on its first use.

A first call for "domani" needs two of a language's thirty-odd patterns: a fresh instance compiles
those two, not all of them.
"""

from __future__ import annotations

import re
from functools import cached_property

from concierge.parsing.day_grammar import DayGrammar

# The readers of a day, in the order `relative_day` calls them, and the patterns each one tries.
READERS = (
    ("weekend_next", "weekend_this"),  # weekend
    ("next_week", "this_week", "weeks_ahead"),  # week_of
    ("week_on",),  # week_on
    ("weekday",),  # weekday
    ("ahead",),  # ahead
    ("next_month", "this_month"),  # of_month
    ("dates",),  # spoken_date
)
_GROUP_NAME = re.compile(r"[(][?]P<[a-z_]+>")


class DayPatterns:
    """A grammar's templates with their placeholders filled in, compiled when first asked for."""

    def __init__(self, g: DayGrammar) -> None:
        self.g = g
        fill = {
            "wd": r"wd(?P<wd>[0-6])",
            "mo": r"mo(?P<mo>1[0-2]|[1-9])",
            "d": r"(?P<d>\d{1,2})",
            "y": r"(?P<y>\d{4})",
            "this": g.this,
            "next_before": g.next_before,
            "next_after": g.next_after,
            "weekend": g.weekend,
        }
        self.parts = "|".join(sorted(map(re.escape, g.parts), key=len, reverse=True))
        weekday_of = rf"(?:wd(?P<wd>[0-6]) )?(?:(?:{g.weekend_of}) )?"
        next_weekend = rf"(?:(?:{g.next_before}) (?:{g.weekend})|(?:{g.weekend}) (?:{g.next_after}))"
        # "this weekend on Sunday", "ce week-end samedi"
        weekday_after = r"(?:(?:on|di|de|le|no|na|o|a) )?wd(?P<wd>[0-6])"
        ahead = g.ahead.format(n=rf"\d+|{g.one}")
        # "next Friday the 4th", "venerdì prossimo il 4": the date says which Friday
        weekday_dated = rf"(?:(?:{g.next_before}|{g.this}) )?wd(?P<wd>[0-6])(?: (?:{g.next_after}))?"
        # What each reader tries, as written.
        self.sources: dict[str, tuple[str, ...]] = {
            "weekend_next": (rf"{weekday_of}{next_weekend}", rf"{next_weekend} {weekday_after}"),
            "weekend_this": (
                rf"{weekday_of}(?:(?:{g.this}) )?(?:{g.weekend})",
                rf"(?:(?:{g.this}) )?(?:{g.weekend}) {weekday_after}",
            ),
            "next_week": tuple(p.format(**fill) for p in g.next_week),
            "this_week": tuple(p.format(**fill) for p in g.this_week),
            "week_on": tuple(p.format(**fill) for p in g.week_on),
            "weekday": (
                rf"(?:(?P<next>{g.next_before}) |(?P<this>{g.this}) )?wd(?P<wd>[0-6])"
                rf"(?P<next_after> (?:{g.next_after}))?",
            ),
            "ahead": (ahead,),
            # "in two weeks on Friday", "venerdì tra due settimane": a weekday of a week further on
            "weeks_ahead": (rf"(?:{ahead}) {weekday_after}", rf"wd(?P<wd>[0-6]) (?:{ahead})"),
            "next_month": tuple(p.format(**fill) for p in g.next_month),
            "this_month": tuple(p.format(**fill) for p in g.this_month),
            "dates": tuple(p.format(**{**fill, "wd": weekday_dated}) for p in g.dates),
        }

    def _many(self, name: str) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(source) for source in self.sources[name])

    @cached_property
    def fillers(self) -> re.Pattern[str]:
        return re.compile(rf"^(?:(?:{self.g.fillers}) )+")

    @cached_property
    def day_mark(self) -> re.Pattern[str]:
        return re.compile(rf"(?:^|(?<= ))(?:{self.g.day_marks})(?:$| )")

    @cached_property
    def part_after(self) -> re.Pattern[str]:
        return re.compile(rf"(?P<day>.+?) (?:(?:{self.g.part_lead}) )?(?P<part>{self.parts})")

    @cached_property
    def part_first(self) -> re.Pattern[str] | None:
        g = self.g
        if g.part_first is None:
            return None
        return re.compile(rf"(?:(?:{g.part_lead}) )?(?P<part>{self.parts}) (?:(?P<joint>{g.part_first}) )?(?P<day>.+)")

    @cached_property
    def this_part(self) -> re.Pattern[str]:
        return re.compile(rf"(?:{self.g.this}) (?P<part>{self.parts})")

    @cached_property
    def weekday(self) -> re.Pattern[str]:
        return self._many("weekday")[0]

    @cached_property
    def ahead(self) -> re.Pattern[str]:
        return self._many("ahead")[0]

    @cached_property
    def weekend_this(self) -> tuple[re.Pattern[str], ...]:
        return self._many("weekend_this")

    @cached_property
    def weekend_next(self) -> tuple[re.Pattern[str], ...]:
        return self._many("weekend_next")

    @cached_property
    def next_week(self) -> tuple[re.Pattern[str], ...]:
        return self._many("next_week")

    @cached_property
    def this_week(self) -> tuple[re.Pattern[str], ...]:
        return self._many("this_week")

    @cached_property
    def weeks_ahead(self) -> tuple[re.Pattern[str], ...]:
        return self._many("weeks_ahead")

    @cached_property
    def week_on(self) -> tuple[re.Pattern[str], ...]:
        return self._many("week_on")

    @cached_property
    def dates(self) -> tuple[re.Pattern[str], ...]:
        return self._many("dates")

    @cached_property
    def next_month(self) -> tuple[re.Pattern[str], ...]:
        return self._many("next_month")

    @cached_property
    def this_month(self) -> tuple[re.Pattern[str], ...]:
        return self._many("this_month")

    @cached_property
    def any_day(self) -> re.Pattern[str]:
        """Every reader's patterns as one alternation, each a numbered group (alternatives cannot share
        group names: theirs are dropped). Which group matches says which reader to start with; most
        words match none, and go on to a part of the day or the next language at once."""
        sources = (source for group in READERS for name in group for source in self.sources[name])
        return re.compile("|".join(f"({_GROUP_NAME.sub('(?:', source)})" for source in sources))

    @cached_property
    def reader_of(self) -> tuple[int, ...]:
        """For each alternative of `any_day`, its reader's place in `READERS`."""
        return tuple(reader for reader, group in enumerate(READERS) for name in group for _ in self.sources[name])

    def by_reader(self) -> tuple[tuple[re.Pattern[str], ...], ...]:
        """The patterns of each reader, in `READERS` order."""

        def listed(name: str) -> tuple[re.Pattern[str], ...]:
            compiled = getattr(self, name)
            return compiled if isinstance(compiled, tuple) else (compiled,)

        return tuple(tuple(p for name in group for p in listed(name)) for group in READERS)
