"""Spoken dates, times and ranges in each locale."""

from __future__ import annotations

import datetime as dt

import pytest

from concierge.domain.booking import Booking
from concierge.speech import phrases_for

THURSDAY = dt.date(2026, 2, 19)


@pytest.mark.parametrize(
    "locale, label",
    [
        ("it", "giovedì 19 febbraio"),
        ("en", "Thursday 19 February"),
        ("fr", "jeudi 19 février"),
        ("pt", "quinta-feira, 19 de fevereiro"),
    ],
)
def test_a_day_label_names_weekday_day_and_month(locale, label):
    assert phrases_for(locale).day_label(THURSDAY) == label


@pytest.mark.parametrize(
    "locale, label",
    [
        ("it", "sabato 20 novembre 2027"),
        ("en", "Saturday 20 November 2027"),
        ("fr", "samedi 20 novembre 2027"),
        ("pt", "sábado, 20 de novembro de 2027"),
    ],
)
def test_a_day_of_another_year_is_said_with_its_year_and_one_of_this_year_without(locale, label):
    today = dt.date(2026, 11, 26)
    assert phrases_for(locale).day_label_from(dt.date(2027, 11, 20), today) == label
    assert phrases_for(locale).day_label_from(THURSDAY, today) == phrases_for(locale).day_label(THURSDAY)


def test_the_first_of_the_month_is_premier_in_french():
    assert phrases_for("fr").day_label(dt.date(2026, 3, 1)) == "dimanche 1er mars"


@pytest.mark.parametrize(
    "locale, spoken",
    [
        ("it", ["20", "20 e 30", "12 e 5", "mezzanotte", "mezzanotte e 30", "9"]),
        ("en", ["8 pm", "8:30 pm", "12:05 pm", "midnight", "12:30 am", "9 am"]),
        ("fr", ["20 h", "20 h 30", "12 h 05", "minuit", "minuit 30", "9 h"]),
        ("pt", ["20h", "20h30", "12h05", "meia-noite", "meia-noite e 30", "9h"]),
    ],
)
def test_times_are_said_the_way_a_person_says_them(locale, spoken):
    say = phrases_for(locale)
    assert [say.time_human(t) for t in ["20:00", "20:30", "12:05", "00:00", "00:30", "09:00"]] == spoken


@pytest.mark.parametrize(
    "locale, value",
    [("it", "19 alle 22 e 30"), ("en", "7 pm to 10:30 pm"), ("fr", "19 h à 22 h 30"), ("pt", "19h às 22h30")],
)
def test_a_range_value_reads_from_opening_to_closing(locale, value):
    assert phrases_for(locale).range_value("19:00", "22:30") == value


def test_italian_elides_the_article_before_one_oclock():
    assert phrases_for("it").range_phrase("lunch", "12:00", "13:00") == "pranzo dalle 12 alle 13"
    assert phrases_for("it").range_phrase("night", "22:00", "01:00") == "night dalle 22 all'1"


def _booking(people: int) -> Booking:
    return Booking(
        booking_id="b1", venue_id="v", day=THURSDAY, time="20:00", people=people, name="Ana", phone="+390000"
    )


@pytest.mark.parametrize(
    "locale, one", [("it", "1 persona"), ("en", "1 person"), ("fr", "1 personne"), ("pt", "1 pessoa")]
)
def test_a_party_of_one_is_singular(locale, one):
    assert one in phrases_for(locale).booking_confirmed(_booking(1))


def test_a_clinic_confirms_an_appointment_without_a_party_size():
    assert phrases_for("it", "clinic").booking_confirmed(_booking(1)) == (
        "Appuntamento confermato per giovedì 19 febbraio alle 20 a nome Ana."
    )


def test_french_elides_de_before_a_name_that_starts_with_a_vowel():
    assert phrases_for("fr", "clinic").booking_confirmed(_booking(1)).endswith("à 20 h, au nom d'Ana.")
    karim = _booking(1).model_copy(update={"name": "Karim Haddad"})
    assert phrases_for("fr", "clinic").booking_confirmed(karim).endswith("au nom de Karim Haddad.")
    assert phrases_for("pt").booking_confirmed(_booking(1)).endswith("em nome de Ana.")  # Portuguese keeps its "de"


@pytest.mark.parametrize("locale", ["it", "en", "fr", "pt"])
def test_every_message_kind_exists_and_is_a_sentence_in_every_locale(locale):
    say = phrases_for(locale)
    sentences = [
        say.available(),
        say.past_date(),
        say.past_time(),
        say.booking_cancelled(),
        say.duplicate(),
        say.booking_not_found(),
        say.no_table(),
        say.provider_unavailable(),
        say.provider_error(),
        say.max_people(8),
        say.not_in_openings(["19:00"]),
        say.cutoff([]),
        say.full(["21:30"]),
        say.slot_full([]),
        say.outside_hours(["19:00"]),
        say.bookings_found([]),
        say.bookings_found([_booking(2)]),
        say.booking_modified(_booking(3), True),
        say.weekday_mismatch(dt.date(2026, 2, 23), 3, THURSDAY),
    ]
    assert all(s[0].isupper() and s.endswith(".") for s in sentences), sentences
    assert len(set(sentences)) == len(sentences)


def test_english_lists_several_bookings_with_their_days_and_times():
    later = _booking(2).model_copy(update={"day": dt.date(2026, 2, 21), "time": "21:00"})
    assert phrases_for("en").bookings_found([_booking(2), later]) == (
        "I found 2 bookings: Thursday 19 February at 8 pm, Saturday 21 February at 9 pm."
    )
