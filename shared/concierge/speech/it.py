"""Italian: "giovedì 19 febbraio", "20 e 30", "cena dalle 19 alle 22 e 30"."""

from __future__ import annotations

import datetime as dt
from typing import Sequence

from concierge.domain.booking import Booking
from concierge.domain.venue import OpeningRange
from concierge.speech.base import Phrases
from concierge.speech.names import MONTHS, WEEKDAYS

_VENUE = {"restaurant": "Il ristorante è chiuso", "clinic": "Lo studio è chiuso", "venue": "Il locale è chiuso"}
_BOOKING = {"restaurant": ("Prenotazione", "a"), "clinic": ("Appuntamento", "o"), "venue": ("Prenotazione", "a")}


class Italian(Phrases):
    locale = "it"
    range_names = {
        "lunch": "pranzo",
        "dinner": "cena",
        "breakfast": "colazione",
        "brunch": "brunch",
        "morning": "mattina",
        "afternoon": "pomeriggio",
        "evening": "sera",
    }
    sentences = {
        "nearest_intro": "Orari più vicini:",
        "no_alternatives": "Non ci sono altri orari liberi in questo giorno.",
        "available": "Disponibile.",
        "past_date": "La data indicata è già passata.",
        "past_time": "L'orario indicato è già passato.",
        "duplicate": "Risulta già una prenotazione con questi dati.",
        "booking_not_found": "Non trovo quella prenotazione.",
        "no_table": "Non ci sono tavoli per quell'orario.",
        "provider_unavailable": "Il sistema di prenotazione non è raggiungibile in questo momento.",
        "provider_error": "C'è stato un errore tecnico con il sistema di prenotazione.",
        "not_in_openings": "Questo orario non è disponibile.",
        "cutoff": "Questo orario è troppo vicino alla chiusura.",
        "slot_full": "Capacità esaurita a quest'ora.",
        "outside_hours": "Orario fuori dagli orari di apertura.",
    }

    def day_label(self, day: dt.date) -> str:
        return f"{WEEKDAYS['it'][day.weekday()]} {day.day} {MONTHS['it'][day.month - 1]}"

    def time_human(self, hhmm: str) -> str:
        hour, minute = int(hhmm[:2]), int(hhmm[3:])
        head = "mezzanotte" if hour == 0 else str(hour)
        return head if minute == 0 else f"{head} e {minute}"

    def _at(self, hhmm: str) -> str:
        """ "alle 20", "all'1", "a mezzanotte"."""
        hour = int(hhmm[:2])
        if hour == 0:
            return f"a {self.time_human(hhmm)}"
        return f"all'{self.time_human(hhmm)}" if hour == 1 else f"alle {self.time_human(hhmm)}"

    def _from(self, hhmm: str) -> str:
        hour = int(hhmm[:2])
        if hour == 0:
            return f"dalla {self.time_human(hhmm)}"
        return f"dall'{self.time_human(hhmm)}" if hour == 1 else f"dalle {self.time_human(hhmm)}"

    def range_value(self, open_: str, close: str) -> str:
        return f"{self.time_human(open_)} {self._at(close)}"

    def range_phrase(self, name: str, open_: str, close: str) -> str:
        return f"{self.range_name(name)} {self._from(open_)} {self._at(close)}"

    def join_and(self, parts: Sequence[str]) -> str:
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " e " + parts[-1]

    def opening_hours(self, ranges: Sequence[OpeningRange]) -> str:
        return f"Orari di apertura: {self.hours_phrase(ranges)}."

    def closed(self, day, weekly_closure, next_day, next_ranges) -> str:
        when = WEEKDAYS["it"][day.weekday()] if weekly_closure else self.day_label(day)
        text = f"{_VENUE[self.kind]} {when}."
        if next_day is not None:
            text += (
                f" Il prossimo giorno di apertura è {self.day_label(next_day)} con {self.hours_phrase(next_ranges)}."
            )
        return text

    def full(self, nearest) -> str:
        lead = (
            "Nessun tavolo disponibile a quest'ora."
            if self.kind == "restaurant"
            else "Nessuna disponibilità a quest'ora."
        )
        return self.with_nearest(lead, nearest)

    def weekday_mismatch(self, day, expected_weekday, corrected) -> str:
        name = WEEKDAYS["it"][expected_weekday]
        article = "La prossima" if expected_weekday == 6 else "Il prossimo"
        return (
            f"La data {day.isoformat()} è {self.day_label(day)}, non {name}. "
            f"{article} {name} è {self.day_label(corrected)}."
        )

    def no_such_date(self, day, month) -> str:
        return f"Il {day} {MONTHS['it'][month - 1]} non esiste."

    def said_weekday_mismatch(self, day, said_weekday, nearest) -> str:
        name = WEEKDAYS["it"][said_weekday]
        article, near = ("La", "vicina") if said_weekday == 6 else ("Il", "vicino")
        return (
            f"{self.day_label(day).capitalize()} non è {name}. {article} {name} più {near} è {self.day_label(nearest)}."
        )

    def _people(self, n: int) -> str:
        return "1 persona" if n == 1 else f"{n} persone"

    def booking_confirmed(self, booking: Booking) -> str:
        noun, ending = _BOOKING[self.kind]
        when = f"{self.day_label(booking.day)} {self._at(booking.time)}"
        party = "" if self.kind == "clinic" else f", {self._people(booking.people)}"
        return f"{noun} confermat{ending} per {when}{party} a nome {booking.name}."

    def booking_modified(self, booking: Booking, people_changed: bool) -> str:
        noun, ending = _BOOKING[self.kind]
        party = f", {self._people(booking.people)}" if people_changed else ""
        return f"{noun} modificat{ending}: {self.day_label(booking.day)} {self._at(booking.time)}{party}."

    def booking_cancelled(self) -> str:
        noun, ending = _BOOKING[self.kind]
        return f"{noun} cancellat{ending}."

    def bookings_found(self, bookings) -> str:
        if not bookings:
            return "Non ho trovato prenotazioni per questo numero."
        items = ", ".join(f"{self.day_label(b.day)} {self._at(b.time)}" for b in bookings)
        count = "1 prenotazione" if len(bookings) == 1 else f"{len(bookings)} prenotazioni"
        return f"Ho trovato {count}: {items}."

    def max_people(self, limit: int) -> str:
        return f"Per le prenotazioni online il massimo è {self._people(limit)}."
