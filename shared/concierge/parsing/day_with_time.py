"""A day said with its time ("thursday at 8pm", "giovedì prossimo alle sette e mezza", "8pm on Thursday").

The day and the time grammars each read only their own words and refuse the rest, while an agent may hand
the whole phrase to either voice tool. The phrase is cut where both halves read whole: the day first or last,
the longest day first ("domani sera | alle 8", not "domani | sera alle 8").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol, TypeVar

from concierge.parsing.errors import NoSuchDate, UnsupportedRelativeDay


class _DayRead(Protocol):
    @property
    def part(self) -> str | None: ...


D = TypeVar("D", bound=_DayRead)

MAX_WORDS = 12  # longer is no day with its time, and each cut costs a reading of both halves


def day_with_its_time(
    text: str, read_day: Callable[[str], D], reads_as_time: Callable[[str], bool]
) -> tuple[D, str] | None:
    """The day of `text` and the words of its time, or None when no cut reads as both. `read_day` refuses with
    UnsupportedRelativeDay (its other refusals, a date that does not exist, are the answer). The time words
    are the caller's to read: in the part of the day said with them ("tomorrow morning at 8": 08:00). A
    phrase that reads whole as a day has no time in it ("oggi a otto": a week today, not today at 8), unless with
    a part of the day that may be a clock's ("tomorrow at noon", "demain à midi": tomorrow, at 12:00)."""
    try:
        if read_day(text).part is None:
            return None
    except UnsupportedRelativeDay:
        pass
    for day_words, time_words in _cuts(text.split()):
        if not reads_as_time(time_words):
            continue
        try:
            return read_day(day_words), time_words
        except UnsupportedRelativeDay as refused:
            if isinstance(refused, NoSuchDate):  # "il 31 novembre alle 20": said so, not passed over
                raise
    return None


def _cuts(words: list[str]) -> Iterator[tuple[str, str]]:
    """(day words, time words) at every place `words` can be cut: the day first, then the time first."""
    if len(words) > MAX_WORDS:
        return
    for end in range(len(words) - 1, 0, -1):
        yield " ".join(words[:end]), " ".join(words[end:])  # "thursday | at 8pm"
    for start in range(1, len(words)):
        yield " ".join(words[start:]), " ".join(words[:start])  # "8pm | on thursday"
