"""The venue's weekly schedule in words: short, for an rdv's `business_hours` and the model's prompt
("Mon 19:00-22:30; ...; Sun closed"), and as a reply says it ("Monday to Thursday, dinner from 7 pm to
10:30 pm; ...; closed on Sunday")."""

from __future__ import annotations

from concierge.domain.venue import SCHEDULE_KEYS, Venue
from concierge.speech import phrases_for
from concierge.speech.names import SHORT_WEEKDAYS, WEEKDAYS as DAY_NAMES
from concierge.speech.receptionist import agent_words


def weekly_hours(venue: Venue) -> str:
    """The weekly schedule in one line, e.g. "Mon 19:00-22:30; ...; Sun closed"."""
    words = agent_words(venue.locale, venue.kind)
    names = SHORT_WEEKDAYS[words.locale]
    parts = []
    for index, key in enumerate(SCHEDULE_KEYS):
        schedule = venue.hours.get(key)  # type: ignore[call-overload]
        if schedule:
            ranges = sorted(schedule.values(), key=lambda r: r[0])
            parts.append(f"{names[index]} " + ", ".join(f"{o}-{c}" for o, c in ranges))
        else:
            parts.append(f"{names[index]} {words.say('hours.closed')}")
    return "; ".join(parts)


def weekly_hours_said(venue: Venue) -> str:
    """The weekly schedule as a reply says it: days with the same hours together ("Tuesday to Thursday,
    lunch from noon to 3 pm and dinner from 6 pm to 10 pm; ...; closed on Monday")."""
    words = agent_words(venue.locale, venue.kind)
    phrases, names, weekly = phrases_for(words.locale, venue.kind), DAY_NAMES[words.locale], venue.weekly_ranges
    # A week whose Saturday is closed and Sunday open starts on Sunday ("Sunday to Thursday"), as where the weekend
    # is Friday and Saturday; else on Monday.
    order = [6, *range(6)] if weekly[6] and not weekly[5] else list(range(7))
    groups: list[list[int]] = []  # the open days, those in a row with the same hours together
    for position, index in enumerate(order):
        previous = order[position - 1] if position else None
        if weekly[index] and groups and groups[-1][-1] == previous and weekly[previous] == weekly[index]:
            groups[-1].append(index)
        elif weekly[index]:
            groups.append([index])

    def days(group: list[int]) -> str:
        if len(group) > 2:
            return words.say("hours.days", first=names[group[0]], last=names[group[-1]])
        return phrases.join_and([names[index] for index in group])

    said = [f"{days(group)}, {phrases.hours_phrase(weekly[group[0]])}" for group in groups]
    if closed := [names[index] for index in order if not weekly[index]]:
        said.append(words.say("hours.closed_on", days=phrases.join_and(closed)))
    return words.say("list.between").join(said)
