"""A part of the day ("sera", "lunch", "après-midi") as a window of the clock and a venue's range in it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from concierge.domain.venue import OpeningRange, minutes

# Minutes since midnight, [start, end). Lunch and the afternoon overlap, as they do when people speak.
WINDOWS = {
    "morning": (5 * 60, 12 * 60),
    "lunch": (11 * 60, 15 * 60 + 30),
    "afternoon": (12 * 60, 18 * 60 + 30),
    "evening": (17 * 60, 24 * 60),
    "night": (18 * 60, 24 * 60),
}


def range_in_part(ranges: Sequence[OpeningRange], part: str) -> OpeningRange | None:
    """The venue's opening range that lies most in that part of the day, or None if none does."""
    start, end = WINDOWS[part]
    best, best_overlap = None, 0
    for opening in ranges:
        overlap = min(end, opening.close_min) - max(start, opening.open_min)
        if overlap > best_overlap:
            best, best_overlap = opening, overlap
    return best


def part_window(part: str, opening: OpeningRange | None) -> tuple[int, int]:
    """The part's window, within the venue's `opening` range in it (`range_in_part`: "ce soir" at a clinic
    open until 18:00 is from 17:00 to 18:00), or the whole window where it is closed then."""
    start, end = WINDOWS[part]
    if opening is None:
        return start, end
    return max(opening.open_min, start), min(opening.close_min, end)


def within_part(part: str) -> Callable[[str], bool]:
    """Whether a time ("HH:MM") falls in that part of the day: settles "at 8" said with "tomorrow morning"."""
    start, end = WINDOWS[part]
    return lambda hhmm: start <= minutes(hhmm) < end
