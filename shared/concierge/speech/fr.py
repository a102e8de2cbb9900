"""French: "jeudi 19 février", "20 h 30", "dîner de 19 h à 22 h 30"."""

from __future__ import annotations

import datetime as dt
import re
from typing import Sequence

from concierge.domain.booking import Booking
from concierge.speech.base import Phrases
from concierge.speech.names import MONTHS, WEEKDAYS

_VOWEL = re.compile(r"[AEIOUÀÂÉÈÊËÎÏÔÛÙaeiouàâéèêëîïôûù]")


def of_name(name: str) -> str:
    """ "de" before a name, elided before a vowel: "au nom d'Amina Benali", "au nom de Karim Haddad"."""
    return f"d'{name}" if _VOWEL.match(name) else f"de {name}"


_VENUE = {
    "restaurant": "Le restaurant est fermé",
    "clinic": "Le cabinet est fermé",
    "venue": "L'établissement est fermé",
}
_BOOKING = {"restaurant": ("Réservation", "e"), "clinic": ("Rendez-vous", ""), "venue": ("Réservation", "e")}


class French(Phrases):
    locale = "fr"
    range_names = {
        "lunch": "déjeuner",
        "dinner": "dîner",
        "breakfast": "petit-déjeuner",
        "brunch": "brunch",
        "morning": "matin",
        "afternoon": "après-midi",
        "evening": "soir",
    }
    sentences = {
        "nearest_intro": "Horaires les plus proches :",
        "no_alternatives": "Il n'y a pas d'autre horaire libre ce jour-là.",
        "available": "Disponible.",
        "past_date": "Cette date est déjà passée.",
        "past_time": "Cet horaire est déjà passé.",
        "duplicate": "Une réservation existe déjà avec ces informations.",
        "booking_not_found": "Je ne trouve pas cette réservation.",
        "no_table": "Il n'y a pas de table pour cet horaire.",
        "provider_unavailable": "Le système de réservation est injoignable pour le moment.",
        "provider_error": "Une erreur technique est survenue avec le système de réservation.",
        "not_in_openings": "Cet horaire n'est pas disponible.",
        "cutoff": "Cet horaire est trop proche de la fermeture.",
        "slot_full": "C'est complet à cette heure.",
        "outside_hours": "Cet horaire est en dehors des heures d'ouverture.",
    }

    def day_label(self, day: dt.date) -> str:
        number = "1er" if day.day == 1 else str(day.day)
        return f"{WEEKDAYS['fr'][day.weekday()]} {number} {MONTHS['fr'][day.month - 1]}"

    def time_human(self, hhmm: str) -> str:
        hour, minute = int(hhmm[:2]), int(hhmm[3:])
        if hour == 0:
            return "minuit" if minute == 0 else f"minuit {minute}"
        return f"{hour} h" if minute == 0 else f"{hour} h {minute:02d}"

    def _at(self, hhmm: str) -> str:
        return f"à {self.time_human(hhmm)}"

    def range_value(self, open_: str, close: str) -> str:
        return f"{self.time_human(open_)} à {self.time_human(close)}"

    def range_phrase(self, name: str, open_: str, close: str) -> str:
        return f"{self.range_name(name)} de {self.range_value(open_, close)}"

    def join_and(self, parts: Sequence[str]) -> str:
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " et " + parts[-1]

    def opening_hours(self, ranges) -> str:
        return f"Horaires d'ouverture : {self.hours_phrase(ranges)}."

    def closed(self, day, weekly_closure, next_day, next_ranges) -> str:
        when = WEEKDAYS["fr"][day.weekday()] if weekly_closure else f"le {self.day_label(day)}"
        text = f"{_VENUE[self.kind]} {when}."
        if next_day is not None:
            text += (
                f" Le prochain jour d'ouverture est le {self.day_label(next_day)} : {self.hours_phrase(next_ranges)}."
            )
        return text

    def full(self, nearest) -> str:
        lead = (
            "Aucune table n'est disponible à cette heure."
            if self.kind == "restaurant"
            else "Aucune disponibilité à cette heure."
        )
        return self.with_nearest(lead, nearest)

    def weekday_mismatch(self, day, expected_weekday, corrected) -> str:
        name = WEEKDAYS["fr"][expected_weekday]
        return (
            f"La date {day.isoformat()} est le {self.day_label(day)}, pas {name}. "
            f"Le prochain {name} est le {self.day_label(corrected)}."
        )

    def no_such_date(self, day, month) -> str:
        return f"Le {day} {MONTHS['fr'][month - 1]} n'existe pas."

    def said_weekday_mismatch(self, day, said_weekday, nearest) -> str:
        name = WEEKDAYS["fr"][said_weekday]
        return (
            f"Le {self.day_label(day)} n'est pas un {name}. Le {name} le plus proche est le {self.day_label(nearest)}."
        )

    def _people(self, n: int) -> str:
        return "1 personne" if n == 1 else f"{n} personnes"

    def booking_confirmed(self, booking: Booking) -> str:
        noun, ending = _BOOKING[self.kind]
        party = "" if self.kind == "clinic" else f", {self._people(booking.people)}"
        return (
            f"{noun} confirmé{ending} pour le {self.day_label(booking.day)} {self._at(booking.time)}"
            f"{party}, au nom {of_name(booking.name)}."
        )

    def booking_modified(self, booking: Booking, people_changed: bool) -> str:
        noun, ending = _BOOKING[self.kind]
        party = f", {self._people(booking.people)}" if people_changed else ""
        return f"{noun} modifié{ending} : {self.day_label(booking.day)} {self._at(booking.time)}{party}."

    def booking_cancelled(self) -> str:
        noun, ending = _BOOKING[self.kind]
        return f"{noun} annulé{ending}."

    def bookings_found(self, bookings) -> str:
        if not bookings:
            return "Je n'ai trouvé aucune réservation pour ce numéro."
        items = ", ".join(f"{self.day_label(b.day)} {self._at(b.time)}" for b in bookings)
        count = "1 réservation" if len(bookings) == 1 else f"{len(bookings)} réservations"
        return f"J'ai trouvé {count} : {items}."

    def max_people(self, limit: int) -> str:
        return f"Les réservations en ligne sont limitées à {self._people(limit)}."
