"""Portuguese: "quinta-feira, 19 de fevereiro", "20h30", "jantar das 19h às 22h30"."""

from __future__ import annotations

import datetime as dt
from typing import Sequence

from concierge.domain.booking import Booking
from concierge.speech.base import Phrases
from concierge.speech.names import MONTHS, WEEKDAYS

_VENUE = {
    "restaurant": "O restaurante está fechado",
    "clinic": "A clínica está fechada",
    "venue": "O espaço está fechado",
}
_BOOKING = {"restaurant": "Reserva", "clinic": "Consulta", "venue": "Reserva"}


def _on(weekday: int) -> str:
    """Saturday and Sunday are masculine in Portuguese, the other weekdays feminine."""
    return "no" if weekday >= 5 else "na"


class Portuguese(Phrases):
    locale = "pt"
    year_joiner = " de "  # "sábado, 20 de novembro de 2027"
    range_names = {
        "lunch": "almoço",
        "dinner": "jantar",
        "breakfast": "pequeno-almoço",
        "brunch": "brunch",
        "morning": "manhã",
        "afternoon": "tarde",
        "evening": "noite",
    }
    sentences = {
        "nearest_intro": "Horários mais próximos:",
        "no_alternatives": "Não há outros horários livres nesse dia.",
        "available": "Disponível.",
        "past_date": "Essa data já passou.",
        "past_time": "Esse horário já passou.",
        "duplicate": "Já existe uma reserva com estes dados.",
        "booking_not_found": "Não encontro essa reserva.",
        "no_table": "Não há mesas para esse horário.",
        "provider_unavailable": "O sistema de reservas não está acessível neste momento.",
        "provider_error": "Ocorreu um erro técnico no sistema de reservas.",
        "not_in_openings": "Este horário não está disponível.",
        "cutoff": "Este horário está muito perto do fecho.",
        "slot_full": "Esse horário está esgotado.",
        "outside_hours": "Esse horário está fora do horário de funcionamento.",
    }

    def day_label(self, day: dt.date) -> str:
        return f"{WEEKDAYS['pt'][day.weekday()]}, {day.day} de {MONTHS['pt'][day.month - 1]}"

    def time_human(self, hhmm: str) -> str:
        hour, minute = int(hhmm[:2]), int(hhmm[3:])
        if hour == 0:
            return "meia-noite" if minute == 0 else f"meia-noite e {minute}"
        return f"{hour}h" if minute == 0 else f"{hour}h{minute:02d}"

    def _at(self, hhmm: str) -> str:
        hour = int(hhmm[:2])
        if hour == 0:
            return f"à {self.time_human(hhmm)}"
        return f"à {self.time_human(hhmm)}" if hour == 1 else f"às {self.time_human(hhmm)}"

    def _from(self, hhmm: str) -> str:
        hour = int(hhmm[:2])
        return f"da {self.time_human(hhmm)}" if hour in (0, 1) else f"das {self.time_human(hhmm)}"

    def range_value(self, open_: str, close: str) -> str:
        return f"{self.time_human(open_)} {self._at(close)}"

    def range_phrase(self, name: str, open_: str, close: str) -> str:
        return f"{self.range_name(name)} {self._from(open_)} {self._at(close)}"

    def join_and(self, parts: Sequence[str]) -> str:
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " e " + parts[-1]

    def opening_hours(self, ranges) -> str:
        return f"Horário de funcionamento: {self.hours_phrase(ranges)}."

    def closed(self, day, weekly_closure, next_day, next_ranges) -> str:
        when = WEEKDAYS["pt"][day.weekday()] if weekly_closure else self.day_label(day)
        text = f"{_VENUE[self.kind]} {_on(day.weekday())} {when}."
        if next_day is not None:
            text += f" O próximo dia de abertura é {self.day_label(next_day)}, com {self.hours_phrase(next_ranges)}."
        return text

    def full(self, nearest) -> str:
        lead = (
            "Não há mesas disponíveis nesse horário."
            if self.kind == "restaurant"
            else "Não há disponibilidade nesse horário."
        )
        return self.with_nearest(lead, nearest)

    def weekday_mismatch(self, day, expected_weekday, corrected) -> str:
        name = WEEKDAYS["pt"][expected_weekday]
        next_word = "O próximo" if expected_weekday >= 5 else "A próxima"
        return (
            f"A data {day.isoformat()} é {self.day_label(day)}, não {name}. "
            f"{next_word} {name} é {self.day_label(corrected)}."
        )

    def no_such_date(self, day, month) -> str:
        return f"O dia {day} de {MONTHS['pt'][month - 1]} não existe."

    def said_weekday_mismatch(self, day, said_weekday, nearest) -> str:
        name = WEEKDAYS["pt"][said_weekday]
        article, near = ("O", "próximo") if said_weekday >= 5 else ("A", "próxima")
        label = self.day_label(day)
        return f"{label[:1].upper()}{label[1:]} não é {name}. {article} {name} mais {near} é {self.day_label(nearest)}."

    def _people(self, n: int) -> str:
        return "1 pessoa" if n == 1 else f"{n} pessoas"

    def booking_confirmed(self, booking: Booking) -> str:
        party = "" if self.kind == "clinic" else f", {self._people(booking.people)}"
        return (
            f"{_BOOKING[self.kind]} confirmada para {self.day_label(booking.day)}, {self._at(booking.time)}"
            f"{party}, em nome de {booking.name}."
        )

    def booking_modified(self, booking: Booking, people_changed: bool) -> str:
        party = f", {self._people(booking.people)}" if people_changed else ""
        return f"{_BOOKING[self.kind]} alterada: {self.day_label(booking.day)}, {self._at(booking.time)}{party}."

    def booking_cancelled(self) -> str:
        return f"{_BOOKING[self.kind]} cancelada."

    def bookings_found(self, bookings) -> str:
        if not bookings:
            return "Não encontrei reservas para este número."
        items = "; ".join(f"{self.day_label(b.day)}, {self._at(b.time)}" for b in bookings)
        count = "1 reserva" if len(bookings) == 1 else f"{len(bookings)} reservas"
        return f"Encontrei {count}: {items}."

    def max_people(self, limit: int) -> str:
        return f"As reservas online estão limitadas a {self._people(limit)}."
