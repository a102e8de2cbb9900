"""Parsing time per call of resolve_relative_day / resolve_relative_time, by kind of expression.

Run: .venv/bin/python tests/benchmarks/bench_parsing.py [--rounds 7] [--calls 2000]
The floor is folding the same words (lower case, accents, punctuation), which any reading of
them needs. Floor and parsers are timed interleaved in each round; the median and min-max over
rounds are printed, in microseconds per call and as a ratio to the floor of the same round.
Holiday calendars are loaded once before timing (the first holiday said in a process costs ~150 ms).
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "shared"))

from concierge.domain.venue import Venue  # noqa: E402
from concierge.parsing import read_day, resolve_relative_time  # noqa: E402
from concierge.parsing.errors import UnsupportedRelativeDay  # noqa: E402
from concierge.parsing.text import fold  # noqa: E402

NOW = datetime.datetime(2026, 2, 18, 18, 0)
VENUE = Venue(
    id="roma",
    name="Trattoria Roma",
    locale="it",
    timezone="Europe/Rome",
    max_people=8,
    hours={
        "fri": {"lunch": ("12:30", "14:30"), "dinner": ("19:00", "23:00")},
        "sat": {"lunch": ("12:30", "14:30"), "dinner": ("19:00", "23:00")},
    },
    closed_dates=[datetime.date(2026, 12, 25)],
)

GROUPS: dict[str, list[tuple[str, str]]] = {
    "today/tomorrow, weekdays": [("it", "domani"), ("en", "next Friday"), ("fr", "samedi"), ("pt", "sexta que vem")],
    "spoken dates": [
        ("it", "il 3 marzo"),
        ("en", "Tuesday the 3rd"),
        ("fr", "vendredi 27 février"),
        ("pt", "primeiro de março"),
    ],
    "a day and its part": [
        ("it", "domani sera"),
        ("en", "Friday evening"),
        ("fr", "samedi midi"),
        ("pt", "amanhã de manhã"),
    ],
    "week idioms, weekends": [
        ("it", "sabato della settimana prossima"),
        ("en", "a week on Saturday"),
        ("fr", "samedi en huit"),
        ("pt", "sábado deste fim de semana"),
    ],
    "holidays": [("it", "Natale"), ("en", "Easter Monday"), ("fr", "la fête nationale"), ("pt", "Dia de Portugal")],
    "misspellings": [("en", "tomorow"), ("fr", "aujourdhui"), ("it", "domanni"), ("pt", "sabádo")],
    "refused (unsupported)": [
        ("it", "quando volete"),
        ("en", "whenever suits"),
        ("fr", "quand vous voulez"),
        ("pt", "quando der"),
    ],
    "times": [("it", "tra mezz'ora"), ("en", "half seven"), ("fr", "vingt heures trente"), ("pt", "às 8 da noite")],
}


def day_call(locale: str, text: str) -> None:
    try:
        read_day(text, NOW, locale, venue=VENUE)
    except UnsupportedRelativeDay:
        pass


def time_call(locale: str, text: str) -> None:
    resolve_relative_time(text, NOW, locale, lambda hhmm: "19:00" <= hhmm <= "23:00")


def per_call_us(work: Callable[[str, str], None], cases: list[tuple[str, str]], calls: int) -> float:
    started = time.perf_counter()
    for i in range(calls):
        locale, text = cases[i % len(cases)]
        work(locale, text)
    return (time.perf_counter() - started) / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    floor_work = lambda locale, text: fold(text)  # noqa: E731
    for group, cases in GROUPS.items():  # warm caches: compiled grammars, holiday calendars
        per_call_us(time_call if group == "times" else day_call, cases, 8)
    results: dict[str, list[tuple[float, float]]] = {group: [] for group in GROUPS}
    for _ in range(args.rounds):
        for group, cases in GROUPS.items():
            floor = per_call_us(floor_work, cases, args.calls)
            parsed = per_call_us(time_call if group == "times" else day_call, cases, args.calls)
            results[group].append((parsed, parsed / floor))
    print(f"{args.rounds} rounds x {args.calls} calls; floor: folding the same words")
    print(f"{'expressions':28} {'us/call median':>15} {'(min-max)':>14} {'x floor median':>15} {'(min-max)':>12}")
    for group, samples in results.items():
        us = [s[0] for s in samples]
        ratio = [s[1] for s in samples]
        print(
            f"{group:28} {statistics.median(us):15.1f} {f'({min(us):.0f}-{max(us):.0f})':>14} "
            f"{statistics.median(ratio):15.1f} {f'({min(ratio):.0f}-{max(ratio):.0f})':>12}"
        )


if __name__ == "__main__":
    main()
