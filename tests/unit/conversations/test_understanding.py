"""Reading a chat message: intents and booking details, in four languages, days and times by our parsers."""

from __future__ import annotations

import datetime as dt

import pytest
from concierge.conversations.understanding import read_message

MONDAY = dt.datetime(2026, 11, 23, 10, 0)


def read(venues, venue_id, text, awaiting=()):
    venue = venues[venue_id]
    return read_message(text, venue, MONDAY.replace(tzinfo=venue.tz), awaiting)


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time", "people", "name"),
    [
        (
            "roma",
            "Vorrei prenotare un tavolo per 4 domani alle 20, mi chiamo Mario Rossi",
            24,
            "20:00",
            4,
            "Mario Rossi",
        ),
        (
            "harbour",
            "Hi, a table for two on Friday at 7.30pm please, my name is John Smith",
            27,
            "19:30",
            2,
            "John Smith",
        ),
        (
            "tasca",
            "Queria reservar mesa para 3 pessoas no sábado às 20h30, sou a Ana Sousa",
            28,
            "20:30",
            3,
            "Ana Sousa",
        ),
        (
            "cabinet",
            "je voudrais un rendez-vous demain après-midi à 15h, je m'appelle amina benali",
            24,
            "15:00",
            None,
            "Amina Benali",
        ),
    ],
)
def test_a_full_request_is_read_in_one_message(venues, venue_id, text, day, time, people, name):
    reading = read(venues, venue_id, text)
    assert "book" in reading.intents
    assert (reading.day, reading.time, reading.people, reading.name) == (dt.date(2026, 11, day), time, people, name)


@pytest.mark.parametrize(
    ("venue_id", "text", "near"),
    [
        ("cabinet", "un rendez-vous demain après-midi vers 15h", "15:00"),
        ("roma", "un tavolo domani verso le 20", "20:00"),
        ("roma", "un tavolo per 2 domani sulle 20", "20:00"),
        ("harbour", "a table tomorrow around 8", "20:00"),
        ("harbour", "a table tomorrow, 8ish", "20:00"),
        ("roma", "siamo in 5 per domani sera verso le otto e mezza", "20:30"),  # longer than five words
        ("harbour", "any chance of a table for 3 tomorrow evening around half 7?", "19:30"),
    ],
)
def test_a_time_said_approximately_is_read_as_near_that_time_not_as_it(venues, venue_id, text, near):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.time_near) == (dt.date(2026, 11, 24), None, near)


@pytest.mark.parametrize(
    ("text", "time", "near"),
    [("what about 9?", "21:00", None), ("how about 8:30pm?", "20:30", None), ("what about at about 9?", None, "21:00")],
)
def test_what_about_a_time_proposes_that_time_not_one_near_it(venues, text, time, near):
    reading = read(venues, "harbour", text)
    assert (reading.time, reading.time_near) == (time, near)


@pytest.mark.parametrize(
    ("text", "time"), [("great, 7 it is", "19:00"), ("ok 8 it is then", "20:00"), ("it is 8", None)]
)
def test_an_hour_then_it_is_takes_that_hour(venues, text, time):
    assert read(venues, "harbour", text, ("patient.name",)).time == time


def test_a_date_in_digits_is_not_taken_for_a_phone_number(venues):
    reading = read(venues, "cabinet", "Un rendez-vous le 12.12.2026 à 9h, mon numéro 0555 12 34 56")
    assert (reading.day, reading.phone, reading.bad_phone) == (dt.date(2026, 12, 12), "+213555123456", False)


def test_phone_numbers_are_read_in_the_venue_country_or_flagged(venues):
    assert read(venues, "harbour", "it's 07400 123456").phone == "+447400123456"
    assert read(venues, "roma", "+39 347 123 4567").phone == "+393471234567"
    bad = read(venues, "harbour", "call me on 12345678")
    assert bad.phone is None and bad.bad_phone


def test_bare_answers_are_read_as_the_field_just_asked_for(venues):
    assert read(venues, "tasca", "Ana Sousa", ("patient.name",)).name == "Ana Sousa"
    assert read(venues, "tasca", "Ana Sousa").name is None
    assert read(venues, "roma", "4", ("party_size",)).people == 4
    assert read(venues, "roma", "20:30", ("slot.start_iso",)).time == "20:30"
    reason = read(venues, "cabinet", "j'ai mal à une dent depuis lundi", ("reason",))
    assert reason.reason == "j'ai mal à une dent depuis lundi" and reason.day is None


def test_a_restaurant_reads_no_care_and_another_day_names_none_at_a_clinic(venues):
    assert read(venues, "harbour", "any other day?").care_type is None  # it was "autre"
    assert read(venues, "cabinet", "un autre jour ?").care_type is None
    assert read(venues, "cabinet", "un rdv pour autre chose").care_type == "autre"
    assert read(venues, "cabinet", "et un autre pour mon fils à 10h30").care_type is None  # another of the same
    assert read(venues, "cabinet", "autre").care_type == "autre"


def test_a_clinic_books_one_patient_so_articles_are_not_party_sizes(venues):
    reading = read(venues, "cabinet", "un rendez-vous pour un détartrage demain à 10h")
    assert reading.people is None and reading.care_type == "detartrage" and reading.time == "10:00"


@pytest.mark.parametrize(
    ("text", "intent", "absent"),
    [
        ("sim", "yes", "no"),
        ("sì, confermo", "yes", "no"),
        ("no thanks", "no", "yes"),
        ("Queria reservar no sábado às 20h", "book", "no"),  # "no sábado" is not a no
        ("Je voudrais annuler mon rendez-vous", "cancel", "move"),
        ("Vorrei spostare la prenotazione", "move", "cancel"),
        ("can we change it to 4 people?", "move", "cancel"),
        ("Quero falar com um atendente", "human", "book"),
    ],
)
def test_intents(venues, text, intent, absent):
    reading = read(venues, "tasca", text)
    assert intent in reading.intents and absent not in reading.intents


@pytest.mark.parametrize(
    ("venue_id", "text", "near"),
    [
        ("harbour", "table for 2 in 30 minutes", "10:30"),
        ("roma", "fra 20 minuti", "10:15"),
        ("cabinet", "dans une heure", "11:00"),
        ("tasca", "daqui a meia hora", "10:30"),
        ("harbour", "table for 2 in 2 hours", "12:00"),  # the second 2 counts hours, not people ("siamo in 2")
        ("roma", "fra mezz'ora", "10:30"),
        ("tasca", "mesa para 2 dentro de uma hora", "11:00"),
        ("harbour", "2 hours from now", "12:00"),  # not 14:00
        ("harbour", "after 2 hours", "12:00"),  # not after 2 pm
        ("roma", "dopo 2 ore", "12:00"),
        ("cabinet", "d'ici une heure", "11:00"),  # not 13:00
    ],
)
def test_a_time_counted_from_now_is_approximate_to_the_nearest_quarter_and_today(venues, venue_id, text, near):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.time_near) == (MONDAY.date(), None, near)


def test_a_time_counted_from_now_late_in_the_evening_falls_tomorrow(venues):
    venue = venues["harbour"]
    reading = read_message("in 2 hours", venue, MONDAY.replace(hour=23, tzinfo=venue.tz))
    assert (reading.day, reading.time_near) == (MONDAY.date() + dt.timedelta(days=1), "01:00")


@pytest.mark.parametrize(
    ("text", "hours_asked"),
    [("can we come in 2 hours?", False), ("are you open in 2 hours?", True), ("what are your opening hours?", True)],
)
def test_hours_counted_from_now_ask_for_no_opening_hours(venues, text, hours_asked):
    assert ("hours" in read(venues, "harbour", text).intents) is hours_asked


@pytest.mark.parametrize(("text", "intents"), [("👍", {"yes"}), ("👍🏽", {"yes"}), ("✅", {"yes"}), ("👎", {"no"})])
def test_a_thumbs_up_or_down_alone_is_a_yes_or_a_no(venues, text, intents):
    assert read(venues, "harbour", text).intents == intents


@pytest.mark.parametrize(
    ("venue_id", "text", "time"),
    [
        ("cabinet", "est-ce qu'il y a un parking ?", None),
        ("tasca", "vou a uma festa antes", None),
        ("cabinet", "demain à une heure et demie", "13:30"),
        ("tasca", "amanhã à uma da tarde", "13:00"),
        ("tasca", "sábado à uma", "13:00"),
    ],
)
def test_un_or_uma_after_a_is_an_article_unless_the_hour_is_said(venues, venue_id, text, time):
    assert read(venues, venue_id, text).time == time


@pytest.mark.parametrize(
    ("venue_id", "text"),
    [
        ("cabinet", "Mon nom est Amina Benali"),
        ("cabinet", "c'est pour mon fils de 8 ans"),
        ("roma", "vorrei vedere le tue disponibilità"),
    ],
)
def test_short_words_are_not_taken_for_weekdays(venues, venue_id, text):
    assert read(venues, venue_id, text).day is None


def test_a_bare_answer_to_name_and_reason_goes_where_it_looks_like_it_belongs(venues):
    both = ("patient.name", "patient.phone_e164", "reason")
    assert read(venues, "cabinet", "Mal aux dents", both).reason == "Mal aux dents"
    assert read(venues, "cabinet", "Mal aux dents", both).name is None
    assert read(venues, "cabinet", "Karim Haddad", both).name == "Karim Haddad"
    assert read(venues, "cabinet", "karim", both).name == "Karim"


@pytest.mark.parametrize(("text", "people", "day"), [
    ("mesa para 2 dia 5/12 às 20h", 2, dt.date(2026, 12, 5)),  # "2 dia" was read as two days: no party
    ("mesa para 4 dia 12 às 20h", 4, dt.date(2026, 12, 12)),
    ("ficamos para 2 dias", None, None),
])  # fmt: skip
def test_a_number_before_dia_and_a_date_is_the_party_not_a_count_of_days(venues, text, people, day):
    reading = read(venues, "tasca", text)
    assert (reading.people, reading.day) == (people, day)


def test_me_n_my_mate_is_a_party_of_two(venues):
    assert read(venues, "harbour", "can i get a table for me n my mate fri at 8").people == 2


@pytest.mark.parametrize(("venue_id", "text", "time"), [
    ("tasca", "mesa para 2 a 5 de dezembro às 20h", "20:00"),  # "a 5" was 5 pm
    ("tasca", "mesa para 2 a 5 de dezembro", None),
    ("roma", "tavolo per 2 alle 20 del 5 dicembre", "20:00"),
    ("tasca", "mesa para 2 a 5 dez às 20h", "20:00"),  # "5 dez" was 5:10 pm, "dez" being ten
    ("tasca", "mesa para 2 dia 5 dez", None),
    ("roma", "tavolo per 2 il 5 dic alle 20", "20:00"),
    ("cabinet", "un contrôle le 5 déc à 10h", "10:00"),
])  # fmt: skip
def test_a_number_a_month_follows_is_its_day_not_an_hour(venues, venue_id, text, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (dt.date(2026, 12, 5), time)


@pytest.mark.parametrize(("venue_id", "text", "time"), [
    ("harbour", "table for 2 the day after christmas at 1pm", "13:00"),  # "after … at 1pm" was "from 1 pm on"
    ("roma", "tavolo per 2 il giorno dopo natale alle 20", "20:00"),
    ("cabinet", "un rdv le lendemain de noël à 10h", "10:00"),
])  # fmt: skip
def test_the_day_after_a_holiday_is_that_day_and_its_after_bounds_no_time(venues, venue_id, text, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.bound) == (dt.date(2026, 12, 26), time, None)


@pytest.mark.parametrize(("text", "day"), [
    ("sabato alle otto e un quarto di sera", dt.date(2026, 11, 28)),  # the 4th of December: "quarto di sera"
    ("alle otto e quarto di sera", None),
    ("il terzo venerdì del mese alle 20:15", dt.date(2026, 12, 18)),  # November's is past
])  # fmt: skip
def test_a_quarter_before_a_part_of_the_day_is_no_fourth_day(venues, text, day):
    reading = read(venues, "roma", text)
    assert (reading.day, reading.time) == (day, "20:15")


@pytest.mark.parametrize(("venue_id", "text", "day", "time"), [
    ("roma", "un tavolo per 4 le 20", None, "20:00"),  # the 20th of December, French "le 20", and no time
    ("roma", "tavolo per 2 sabato le 20", dt.date(2026, 11, 28), "20:00"),  # Saturday the 20th, no time
    ("roma", "per 2 persone, le 20 di domani", dt.date(2026, 11, 24), "20:00"),
    ("roma", "il 20 alle 20 per 2", dt.date(2026, 12, 20), "20:00"),
    ("roma", "sabato, le 2 bambini mangiano presto", dt.date(2026, 11, 28), None),  # a count, no hour
    ("cabinet", "un rdv le 20 à 10h", dt.date(2026, 12, 20), "10:00"),  # in French, the 20th
])  # fmt: skip
def test_an_hour_said_with_its_italian_article_is_the_hour_not_a_french_date(venues, venue_id, text, day, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (day, time)


@pytest.mark.parametrize(("text", "time"), [
    ("table for 2 on saturday at 09:30", "09:30"),  # the leading zero: the morning, though lunch opens at noon
    ("table for 2 on saturday at 9:30", "21:30"),
    ("table for 2 on saturday at 0930", "09:30"),
])  # fmt: skip
def test_an_hour_written_with_its_leading_zero_is_the_morning(venues, text, time):
    assert read(venues, "harbour", text).time == time


@pytest.mark.parametrize(("venue_id", "text"), [
    ("roma", "tavolo per 2 sab 28 alle 20"),  # no day was read
    ("tasca", "mesa para 2 sáb 28 às 20h"),
    ("cabinet", "rdv sam. 28 nov. à 20h"),
])  # fmt: skip
def test_a_weekday_cut_short_before_its_date_is_that_day(venues, venue_id, text):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (dt.date(2026, 11, 28), "20:00")


@pytest.mark.parametrize(("venue_id", "text", "day", "people"), [
    ("cabinet", "rdv dmn 10h", dt.date(2026, 11, 24), None),  # "dmn" was no day: three letters
    ("cabinet", "rdv dem 10h détartrage", dt.date(2026, 11, 24), None),
    ("cabinet", "rdv ajd 15h", dt.date(2026, 11, 23), None),
    ("cabinet", "rdv auj 15h", dt.date(2026, 11, 23), None),
    ("tasca", "mesa hj 20h para 2", dt.date(2026, 11, 23), 2),
    ("roma", "x domani sera 4 pers h 21", dt.date(2026, 11, 24), 4),  # "4 pers" was no party
    ("roma", "vorrei prenotare per domain sera alle 20 per 4", dt.date(2026, 11, 24), 4),  # "domain": domani
    ("harbour", "table for 2 tmr at 8", dt.date(2026, 11, 24), 2),
    ("harbour", "2 ppl tmw 7pm", dt.date(2026, 11, 24), 2),
])  # fmt: skip
def test_days_and_parties_typed_short_are_read(venues, venue_id, text, day, people):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.people) == (day, people)


def test_now_typed_alone_is_no_day(venues):
    assert read(venues, "harbour", "table for 2 now").day is None


def test_months_cut_short_in_other_languages_than_english_are_not_read_from_english_words(venues):
    assert read(venues, "tasca", "table for 2, 10 out of 10 service last time").day is None
    assert read(venues, "roma", "table for 5 set menu at 8").day is None


def test_in_three_is_a_party_but_in_three_days_is_not(venues):
    assert read(venues, "roma", "alle 21 in 3").people == 3
    assert read(venues, "harbour", "in 3 days").people is None


@pytest.mark.parametrize(
    ("venue_id", "text", "time", "people"),
    [
        ("roma", "posso cambiare la prenotazione a 4 persone?", None, 4),
        ("roma", "cambiare a quattro persone", None, 4),
        ("roma", "2 adulti e 2 bambini alle 20", "20:00", 4),
        ("tasca", "muda para 6 pessoas", None, 6),
        ("harbour", "table for 4 people at 8", "20:00", 4),
        ("tasca", "vocês têm mesa pra dois hoje às 21h?", "21:00", 2),
        ("roma", "un tavolo da 4 per stasera alle 21", "21:00", 4),
        ("tasca", "une table à 4 pour ce soir à 21h", "21:00", 4),
    ],
)
def test_a_number_that_counts_people_is_not_an_hour(venues, venue_id, text, time, people):
    reading = read(venues, venue_id, text)
    assert (reading.time, reading.people) == (time, people)


@pytest.mark.parametrize(
    ("venue_id", "text", "time", "people"),
    [
        ("harbour", "can I get a table for 7:30 on saturday", "19:30", None),
        ("harbour", "a table for 8.30 please", "20:30", None),
        ("roma", "un tavolo per le 20:30", "20:30", None),
        ("harbour", "table for 4 20:00 friday", "20:00", 4),
        ("harbour", "table for 2, 19:30", "19:30", 2),
    ],
)
def test_an_hour_with_its_minutes_after_for_is_the_time_not_a_party(venues, venue_id, text, time, people):
    reading = read(venues, venue_id, text)
    assert (reading.time, reading.people) == (time, people)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Can I book for 2 people on Saturday 12th December at 7pm? Carol White", "Carol White"),
        ("Table for 2 tomorrow at 8? Is There Parking?", None),  # a question names nobody
        ("Table for 4 tomorrow at 7, Tom Baker. Is that ok?", "Tom Baker"),  # the question is its own sentence
        ("Table for 4 tomorrow, Tom Baker. Is 8.30 ok?", "Tom Baker"),
    ],
)
def test_a_capitalised_name_after_or_before_a_question_is_the_name(venues, text, name):
    assert read(venues, "harbour", text).name == name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Vorremmo prenotare per sabato sera alle 20 per 3, Bianchi", "Bianchi"),
        ("Bianchi, tavolo per 2", None),  # one word is a name only last
        ("sabato alle 20, Grazie", None),
        ("tavolo per 2, Sabato", None),
    ],
)
def test_one_capitalised_word_after_the_last_comma_is_the_surname(venues, text, name):
    assert read(venues, "roma", text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "dinner this Friday for 3, maybe 7:30? Thanks, Mike", "Mike"),
        ("roma", "un tavolo per 4 sabato alle 20. Grazie, Mario Rossi", "Mario Rossi"),
        ("cabinet", "Un contrôle mardi à 10h. Merci, Marie Dupont.", "Marie Dupont"),
        ("harbour", "table for 2 at 8, thanks, see you Friday", None),
        ("harbour", "thanks, Bye", None),
        ("harbour", "2 ppl tmrw 7pm pls - Jo", "Jo"),
        ("tasca", "mesa p/ 4 sábado 21h — Rui Costa", "Rui Costa"),
        ("harbour", "table for 2 tomorrow - Saturday", None),
        ("harbour", "table for 4 tomorrow at 8 – Thanks", None),
        ("harbour", "table for 2 friday at 8. Cheers Mate", None),  # a sign-off of two words, no name
        ("roma", "tavolo per 2 venerdì alle 20. Grazie Mille", None),
        ("cabinet", "un contrôle mardi à 10h. Merci Beaucoup", None),
    ],
)
def test_a_message_signed_off_after_its_thanks_or_a_dash_is_signed_with_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "table for 2 friday at 8 Sam Lee", "Sam Lee"),
        ("harbour", "table for two friday at 8 Sam Lee", "Sam Lee"),  # the hour the only number
        ("harbour", "Table for 2 🍝 Friday 8pm 🙏 Sam Lee", "Sam Lee"),  # an emoji between
        ("roma", "Ciao!!! Tavolo x 2 venerdì h20.30 Giulia Bianchi :)", "Giulia Bianchi"),
        ("harbour", "2 ppl sun lunch 1pm Mary Jane Watson", "Mary Jane Watson"),
        ("roma", "tavolo per 2 venerdì alle 20 Mario Rossi", "Mario Rossi"),
        ("cabinet", "un contrôle mardi à 10h Marie Dupont", "Marie Dupont"),
        ("tasca", "mesa para 2 quarta 20h30 João Silva", "João Silva"),
        ("cabinet", "rdv demain 9h détartrage Paul Girard", "Paul Girard"),  # after a word written small
        ("harbour", "table for 2 at 8 for Sam Lee", "Sam Lee"),
        ("harbour", "table for 2 at 8 in the Main Room", None),  # a place
        ("harbour", "table for 2 on the 14th at 8 for Valentines Day", None),  # an occasion: a request
        ("roma", "tavolo per 2 alle 20 per San Valentino", None),
        ("tasca", "mesa para 2 às 20h Menu Degustação", None),
        ("harbour", "table for 2 friday at 8 Near The Window", None),
        ("harbour", "table for 2 friday at 8 If Possible", None),
        ("harbour", "Table For 2 On Friday At 8 Pm Please", None),
        ("harbour", "table for 2 friday at 8 Christmas Eve", None),
        ("harbour", "table for 2 friday at 8 Kind Regards", None),
        ("roma", "tavolo per 2 venerdì alle 20 Se Possibile", None),
        ("tasca", "mesa para 2 quarta 20h30 Por Favor", None),
        ("harbour", "table for 2 saturday at 8 Tom", "Tom"),  # one word, right after the time
        ("roma", "tavolo per 2 sabato alle 20 Rossi", "Rossi"),
        ("harbour", "table for 6 saturday 8pm Tom, we'll need a high chair", "Tom"),  # before the first comma
        ("harbour", "table for 2 saturday at 8 Tom Baker, we'll need a high chair", "Tom Baker"),
        ("harbour", "table for 2 at 8 Sat", None),  # a day cut short
        ("harbour", "table for 2 saturday at 8 Sharp", None),
        ("harbour", "table for 2 saturday at 8 Outside", None),
        ("harbour", "table for 2 at 8 Ok", None),
        ("harbour", "table for 2 at 8 on friday for Tom", "Tom"),  # one word, whom the table is for
        ("roma", "tavolo per 3 venerdì alle 20 per Luca", "Luca"),
        ("tasca", "mesa para 2 sexta às 20h para João", "João"),
        ("cabinet", "rdv jeudi 9h détartrage pour Paul", "Paul"),
        ("roma", "tavolo per 3 venerdì alle 20 Marco", "Marco"),  # no "março", as "… alle 20, Marco"
        ("roma", "tavolo per 3 venerdì alle 20 per Marco", "Marco"),
        ("harbour", "table at 8 on friday for Two", None),  # the party
        ("roma", "tavolo venerdì alle 20 per Due", None),
        ("tasca", "mesa sexta às 20h para Dois", None),
        ("harbour", "table friday 1pm for Dad", None),  # whom it is for, not a name
        ("harbour", "table for 4 at 8 for Saturday", None),
        ("harbour", "table friday 1pm for Lunch", None),
        ("harbour", "table for 2 friday at 8 for Drinks", None),  # what the table is for
        ("roma", "tavolo per 2 venerdì alle 20 per Aperitivo", None),
        ("harbour", "Table For 2 On Friday At 8 For Tom", None),  # all capitalised: no name stands out
        ("harbour", "table for 4 on Saturday at 8 for Harris please", "Harris"),  # the please after it is not read
        ("harbour", "table for 4 on Saturday at 8 Tom Harris thanks", "Tom Harris"),
        ("roma", "tavolo per 4 sabato alle 20 Mario Rossi grazie", "Mario Rossi"),
        ("tasca", "mesa para 4 sábado às 20h Ana Costa obrigada", "Ana Costa"),
        ("cabinet", "rdv jeudi 10h contrôle Paul Girard merci", "Paul Girard"),
        ("harbour", "table for 4 on Saturday at 8 Sat please", None),
        ("roma", "tavolo per 2 venerdì alle 20 sono Giulia", "Giulia"),  # one word said of oneself, no comma
        ("roma", "vorrei prenotare domani alle 19 e 30, siamo 5 sono Giulia", "Giulia"),
        ("cabinet", "rdv jeudi 10h contrôle je suis Marie", "Marie"),
        ("cabinet", "rdv jeudi 10h contrôle c'est Marie", "Marie"),
        ("roma", "tavolo per 2 venerdì alle 20 sono Sabato", None),
        ("tasca", "mesa às oito e meia da noite sexta para duas pessoas Rui Costa", "Rui Costa"),  # numbers in words
        ("harbour", "table for two on friday at eight Sam Lee", "Sam Lee"),
        ("harbour", "BOOK TABLE FRIDAY 8PM 2 PEOPLE", None),  # the party's unit: it was "People"
        ("harbour", "table friday 8pm 2 Guests", None),
    ],
)
def test_a_full_name_written_last_after_the_time_is_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(("venue_id", "text", "name"), [
    ("harbour", "good evening, book Sam Lee, wednesday at 7:30 pm for 6 guests", "Sam Lee"),
    ("harbour", "I'd like to book Sam Lee tomorrow at half past seven for 2", "Sam Lee"),
    ("harbour", "reservation Ann Lee friday 8pm 2 people", "Ann Lee"),
    ("tasca", "mesa Rui Costa, às 20h, sexta, para 4 pessoas", "Rui Costa"),
    ("tasca", "bom dia, reserva Maria da Silva para 2 às 20h30", "Maria da Silva"),
    ("roma", "salve, prenotazione Mario Rossi domani, alle 19 e 30 per due", "Mario Rossi"),
    ("roma", "salve, vorrei prenotare Mario Rossi per due, sabato, alle 19 e 30", "Mario Rossi"),
    ("cabinet", "un rendez-vous svp Marie Dupont demain, à 14h, pour un contrôle", "Marie Dupont"),
    ("harbour", "book Friday at 8 for 2", None),  # one word: a day, and no full name
    ("harbour", "book Christmas Eve at 8 for 2", None),
    ("harbour", "book New Year Eve at 8 for 2", None),
    ("harbour", "I want to book Saturday Night for 2 at 8", None),
    ("harbour", "table The Terrace at 8 for 2 on friday", None),
    ("roma", "prenota Sabato alle 20 per 2", None),
])  # fmt: skip
def test_a_full_name_right_after_the_word_for_the_booking_is_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(("venue_id", "text", "name"), [
    ("harbour", "table for Mr Smith, 2 people friday 8pm", "Mr Smith"),
    ("harbour", "table for Dr Patel for 4 on friday at 8", "Dr Patel"),
    ("roma", "tavolo per il signor Rossi, 2 persone venerdì alle 20", "Rossi"),  # a title said in words goes
    ("roma", "2 persone venerdì alle 20 per la sig.ra Bianchi", "Sig.ra Bianchi"),
    ("tasca", "mesa para a D. Maria, 2 pessoas sexta às 20h", "D. Maria"),
    ("tasca", "reserva para o Sr. Silva, 3 pessoas, quinta às 21h", "Sr. Silva"),
    ("tasca", "reserva para a senhora Costa, 3 pessoas, quinta às 21h", "Costa"),
    ("harbour", "table for Ms Christmas Eve, 2 people at 8", None),  # a day, whatever comes before it
])  # fmt: skip
def test_a_name_after_for_and_a_title_is_the_name_wherever_it_stands(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("cabinet", "Bonjour, je voudrais un rendez-vous dimanche à 10h, Amina Benali", "Amina Benali"),
        ("roma", "Buonasera, vorrei prenotare un tavolo per 2 domani alle 20, Mario Rossi", "Mario Rossi"),
        ("harbour", "Hello, I'd like to book a table for 2, Jane Doe", "Jane Doe"),
        ("harbour", "Hello, I'd like to book a table for 2, Friday Evening", None),
        ("harbour", "Hi, Jane Doe here, what are your hours?", "Jane Doe"),  # said as her own, not "Jane Doe Here"
    ],
)
def test_a_capitalised_name_between_commas_in_a_booking_request_is_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text, ()).name == name


@pytest.mark.parametrize(
    ("text", "time", "people"),
    [("4", None, 4), ("8", None, 8), ("9", "21:00", None), ("20", "20:00", None), ("4 please", None, 4)],
)
def test_a_bare_number_when_party_and_time_are_awaited_is_the_party_if_it_can_be_one(venues, text, time, people):
    reading = read(venues, "roma", text, ("patient.name", "slot.start_iso", "party_size"))  # roma takes up to 8
    assert (reading.time, reading.people) == (time, people)


@pytest.mark.parametrize(
    ("venue_id", "text", "time"),
    [
        ("harbour", "7 is fine", "19:00"),
        ("harbour", "8 works", "20:00"),
        ("roma", "21 va bene", "21:00"),
        ("cabinet", "10 ça me va", "10:00"),
        ("harbour", "hmm, 7 maybe?", "19:00"),  # a doubt adds nothing either
        ("roma", "forse le 21?", "21:00"),
        ("tasca", "talvez 21h?", "21:00"),
    ],
)
def test_the_hour_asked_for_said_with_words_that_add_nothing_is_read(venues, venue_id, text, time):
    assert read(venues, venue_id, text, ("patient.name", "slot.start_iso")).time == time


@pytest.mark.parametrize(
    ("venue_id", "text", "awaiting", "name", "day"),
    [
        ("tasca", "Pedro Santos", ("patient.name", "slot.start_iso"), "Pedro Santos", None),
        ("tasca", "Sou o Pedro Santos, mesa para 2 amanhã às 20h", (), "Pedro Santos", dt.date(2026, 11, 24)),
        ("roma", "Mi chiamo Mario Natale, tavolo per 2 il 3 dicembre", (), "Mario Natale", dt.date(2026, 12, 3)),
        ("roma", "Un tavolo per 2 a Natale alle 13", (), None, dt.date(2026, 12, 25)),
    ],
)
def test_a_surname_that_names_a_holiday_is_a_name_not_a_day(venues, venue_id, text, awaiting, name, day):
    reading = read(venues, venue_id, text, awaiting)
    assert (reading.name, reading.day) == (name, day)


@pytest.mark.parametrize(
    ("venue_id", "text", "greeted", "day", "people"),
    [
        ("harbour", "Merry Christmas!", True, None, None),
        ("roma", "Buon Natale! Vorrei prenotare per 4 persone", True, None, 4),
        ("cabinet", "Bonne année ! Un rendez-vous mardi ?", True, dt.date(2026, 11, 24), None),
        ("tasca", "Boas festas! Mesa para 2", True, None, 2),
        ("harbour", "a table for Christmas Day", False, dt.date(2026, 12, 25), None),
    ],
)
def test_the_season_s_wishes_are_a_greeting_not_the_holiday(venues, venue_id, text, greeted, day, people):
    reading = read(venues, venue_id, text)
    assert ("greeting" in reading.intents, reading.day, reading.people) == (greeted, day, people)


@pytest.mark.parametrize(
    ("venue_id", "text", "day"),
    [
        ("harbour", "it's our first anniversary, table for 2 at 8", None),
        ("harbour", "it's the first time we come", None),
        ("roma", "è il nostro primo anniversario", None),
        ("cabinet", "c'est mon premier rendez-vous", None),
        ("harbour", "the first at 8", dt.date(2026, 12, 1)),
        ("harbour", "December first", dt.date(2026, 12, 1)),
        ("roma", "primo dicembre", dt.date(2026, 12, 1)),
        ("roma", "il primo alle 20", dt.date(2026, 12, 1)),
        ("tasca", "dia primeiro", dt.date(2026, 12, 1)),
        # a number or an ordinal said of a thing
        ("harbour", "we are on the 2nd floor", None),
        ("harbour", "I'd like the third table from the window", None),
        ("harbour", "the December 5th one", dt.date(2026, 12, 5)),  # after its month, a date
        ("harbour", "is the 5 course menu available?", None),
        ("roma", "la prima volta che veniamo", None),
        ("tasca", "é a primeira vez que vamos", None),
        ("roma", "la seconda", None),  # a place in a list; the 2nd is "il 2", "il secondo"
        ("roma", "il secondo", dt.date(2026, 12, 2)),
        ("tasca", "a quarta", dt.date(2026, 11, 25)),  # Wednesday
        ("harbour", "we'd be the sixth guest, table at 8", None),  # an ordinal alone is no day
        ("roma", "le prime volte, un tavolo alle 20", None),
        ("roma", "ne abbiamo viste none, un tavolo alle 20", None),
        ("harbour", "on the sixth at 8", dt.date(2026, 12, 6)),
        ("tasca", "na quinta às 20h", dt.date(2026, 11, 26)),  # Thursday, not a fifth
        ("roma", "un dente rotto, in prima mattina", None),  # early in the morning
        ("roma", "primo pomeriggio di sabato", dt.date(2026, 11, 28)),
        # ordinary words a slip or a holiday's name away from a day
        ("tasca", "o meu filho tem 5 anos", None),
        ("tasca", "querem que leve um bolo?", None),
    ],
)
def test_a_first_is_the_1st_only_as_a_day_of_the_month(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(
    ("venue_id", "text", "time"),
    [
        ("roma", "siamo a 10 minuti", None),
        ("cabinet", "je suis à 10 minutes", None),
        ("tasca", "estamos a 10 minutos", None),
        ("cabinet", "mon fils a 8 ans", None),
        ("harbour", "just a second", None),
        ("harbour", "do you have a second room for private parties?", None),
        ("roma", "alle 8 e 10 minuti", "20:10"),
    ],
)
def test_minutes_years_and_a_second_after_a_are_no_hour(venues, venue_id, text, time):
    assert read(venues, venue_id, text).time == time


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time"),
    [
        ("roma", "le 21", None, "21:00"),  # Italian: the hour
        ("roma", "le 21 va bene", None, "21:00"),
        ("roma", "ok le 19 e 30 allora?", None, "19:30"),  # not 19 December
        ("roma", "sì, le 21", None, "21:00"),
        ("roma", "ok le 21 dicembre", dt.date(2026, 12, 21), None),
        ("roma", "le 21 dicembre", dt.date(2026, 12, 21), None),
        ("cabinet", "le 21", dt.date(2026, 12, 21), None),  # French: the 21st, not also 21:00
    ],
)
def test_le_and_a_number_alone_as_the_time_asked_is_the_hour_in_italian_and_the_day_in_french(
    venues, venue_id, text, day, time
):
    reading = read(venues, venue_id, text, ("slot.start_iso",))
    assert (reading.day, reading.time) == (day, time)


@pytest.mark.parametrize(
    ("text", "time", "near"),
    [
        ("per le venti", "20:00", None),
        ("dopo le 21", None, "21:00"),  # a bound: the free times around it
        ("entro le 20", None, "20:00"),
        ("tra le 20 e le 21", "20:00", None),
        ("verso le 20", None, "20:00"),
        ("va bene le 21", "21:00", None),  # not the 21st
        ("facciamo le 20", "20:00", None),
        ("anzi, meglio le 20", "20:00", None),
    ],
)
def test_le_and_a_number_after_an_italian_word_of_the_hour_is_the_hour_not_a_day(venues, text, time, near):
    reading = read(venues, "roma", text)
    assert (reading.day, reading.time, reading.time_near) == (None, time, near)


@pytest.mark.parametrize(
    ("venue_id", "text", "near"),
    [
        ("harbour", "after 8pm", "20:00"),
        ("cabinet", "avant midi", "12:00"),
        ("cabinet", "mardi après 14h", "14:00"),
        ("tasca", "depois das 20h", "20:00"),
        ("roma", "prima delle 20 e 30", "20:30"),
        ("harbour", "tomorrow at sevenish", "19:00"),  # approximately, as a bound is
        ("harbour", "friday noonish for 3", "12:00"),
        # an hour alone after the bound, in the venue's hours
        ("harbour", "table for 2 saturday after 7", "19:00"),
        ("roma", "sabato dopo le 9", "21:00"),
        ("cabinet", "mercredi avant 10", "10:00"),
    ],
)
def test_a_time_said_as_a_bound_is_never_taken_as_said_but_offered_around(venues, venue_id, text, near):
    reading = read(venues, venue_id, text)
    assert (reading.time, reading.time_near) == (None, near)


@pytest.mark.parametrize(
    ("venue_id", "text", "bound"),
    [
        ("harbour", "after 8pm", "after"),
        ("roma", "dopo le 21", "after"),
        ("cabinet", "avant midi", "before"),
        ("roma", "entro le 20", "before"),
        ("harbour", "tomorrow at sevenish", None),  # approximately: either side
        ("harbour", "friday later than 8pm", "after"),
        ("harbour", "friday no later than 8pm", "before"),  # said the other way round
        ("harbour", "friday not before 8pm", "after"),
        ("roma", "venerdì non prima delle 20", "after"),
        ("cabinet", "jeudi pas avant 14h", "after"),  # not a time taken back
        ("tasca", "sexta não depois das 21h", "before"),
    ],
)
def test_a_bound_says_which_side_of_its_time_is_meant(venues, venue_id, text, bound):
    assert read(venues, venue_id, text).bound == bound


@pytest.mark.parametrize(
    ("venue_id", "text", "day"),
    [
        ("harbour", "good evening, table for 2", None),
        ("harbour", "sounds good", None),
        ("harbour", "may I book a table for 2 at 8", None),
        ("harbour", "are you open on Boxing Day?", dt.date(2026, 12, 26)),
        ("roma", "sono Stefano, un tavolo per 2 alle 20", None),
        ("roma", "siete aperti a Santo Stefano?", dt.date(2026, 12, 26)),
        ("tasca", "graças a Deus", None),
        ("tasca", "abrem no Dia de Portugal?", dt.date(2027, 6, 10)),
        ("harbour", "table for 8 for our lunar new year party", None),  # another calendar's feast
        ("roma", "una cena per il capodanno cinese", None),
        ("cabinet", "pour le nouvel an chinois", None),
        ("harbour", "a table on new year's day", dt.date(2027, 1, 1)),
        ("roma", "un tavolo per Maria e me alle 20", None),  # a first name of a holiday's name
        ("roma", "tavolo per 2 alle 20, siamo vicino a San Siro", None),  # "San" alone is no San Francesco
        ("roma", "siamo in Italia per una settimana", None),
        ("tasca", "vamos todos, mesa às 20h", None),
        ("tasca", "em dezembro", None),  # a month alone is no "26 de Dezembro"
        ("roma", "lo d", None),  # an elided "di" alone is no "San Francesco d'Assisi"
        ("harbour", "boxing day observed", dt.date(2026, 12, 28)),
        ("roma", "siete aperti a Ferragosto?", dt.date(2027, 8, 15)),
    ],
)
def test_an_ordinary_word_of_a_holiday_s_name_names_no_holiday_alone(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(
    ("venue_id", "text", "day"),
    [
        ("roma", "Un tavolo per 2 a cena domani", dt.date(2026, 11, 24)),
        ("tasca", "Mesa para 2 a jantar no sábado", dt.date(2026, 11, 28)),
        ("roma", "Siamo in 4 a pranzo sabato", dt.date(2026, 11, 28)),
    ],
)
def test_a_party_before_a_word_of_one_letter_is_not_a_day_of_the_month(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Bonjour, j'ai mal aux dents, un rendez-vous demain ?", "mal aux dents"),
        ("I have a toothache, can I come tomorrow?", "toothache"),
        ("Ho mal di denti, posso venire domani?", "mal di denti"),
        ("Tenho uma dor de dentes, amanhã pode ser?", "dor de dentes"),
        ("j'ai un abcès, vous avez quelque chose demain ?", "abcès"),
        ("my gums are bleeding", "gums are bleeding"),
        ("il dente del giudizio mi fa male", "dente del giudizio"),
        ("tenho a cara inchada", "inchada"),
        ("Bonjour, j'ai une dent qui bouge depuis hier", "dent qui bouge"),
        ("I have a loose tooth", "loose tooth"),
        ("ho un dente che si muove", "dente che si muove"),
        ("tenho um dente mole", "dente mole"),
        ("I need to see a dentist asap, my tooth is killing me", "tooth is killing me"),
        ("j'ai une gêne en haut à gauche", "une gêne"),
        ("I have a sensitive tooth", "sensitive tooth"),
        ("ho un dente sensibile", "dente sensibile"),
    ],
)
def test_a_clinic_patient_s_symptom_is_a_consultation_with_the_symptom_as_its_reason(venues, text, reason):
    reading = read(venues, "cabinet", text)
    assert (reading.care_type, reading.reason) == ("consultation", reason)


@pytest.mark.parametrize(("text", "care"), [
    ("j'ai perdu un plombage", "soin"),
    ("I need a root canal", "soin"),  # no care was read
    ("une dévitalisation mardi à 10h", "soin"),
    ("une visite de routine", "controle"),
    ("a routine check", "controle"),
    ("pulizia dei denti", "detartrage"),
    ("check-up please", "controle"),
    ("my gum is bleeding", "consultation"),  # a symptom: a consultation, with it as the reason
    ("ma gencive saigne depuis 2 jours", "consultation"),
])  # fmt: skip
def test_a_care_is_read_by_the_words_patients_use_for_it(venues, text, care):
    assert read(venues, "cabinet", text).care_type == care


def test_a_care_type_said_wins_over_a_symptom_and_a_restaurant_reads_no_symptom(venues):
    said = read(venues, "cabinet", "un détartrage, j'ai les dents sensibles")
    assert (said.care_type, said.reason) == ("detartrage", "dents sensibles")  # the symptom is its reason
    assert read(venues, "roma", "ho mal di denti, un tavolo per 2").care_type is None


@pytest.mark.parametrize(("venue_id", "text", "day"), [
    ("harbour", "table for 2 on good friday at 8, Jo Brown", dt.date(2027, 3, 26)),  # it was Friday 27 November
    ("harbour", "table for 2 on easter sunday at 1pm", dt.date(2027, 3, 28)),
    ("harbour", "are you open on easter monday?", dt.date(2027, 3, 29)),
    ("harbour", "table for 4 on bank holiday monday at 1pm", dt.date(2026, 12, 28)),  # Boxing Day's, observed
    ("roma", "tavolo per 2 il venerdì santo alle 20", dt.date(2027, 3, 26)),
    ("tasca", "mesa para 2 na sexta-feira santa às 20h", dt.date(2027, 3, 26)),
    ("harbour", "table for 2 on Friday at 8 for Valentine's", dt.date(2026, 11, 27)),  # an occasion, not the day
])  # fmt: skip
def test_a_feast_whose_name_holds_its_weekday_is_the_feast_not_the_coming_weekday(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time"),
    [
        ("harbour", "We'd like to book for 4 people on 12/12 at 7pm", dt.date(2026, 12, 12), "19:00"),
        ("roma", "Un tavolo per 2 venerdì 4/12 alle 20.30", dt.date(2026, 12, 4), "20:30"),
        ("cabinet", "Un rendez-vous le 2026-12-01 à 9h", dt.date(2026, 12, 1), "09:00"),
    ],
)
def test_a_date_written_in_digits_is_the_day(venues, venue_id, text, day, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (day, time)


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time", "people", "name"),
    [
        ("harbour", "table for 2, Dec 31st, 9pm", dt.date(2026, 12, 31), "21:00", 2, None),
        ("roma", "Per sabato 12 dicembre alle 13, 5 persone, nome Rossi", dt.date(2026, 12, 12), "13:00", 5, "Rossi"),
        ("roma", "tavolo x 2 domani alle 20", dt.date(2026, 11, 24), "20:00", 2, None),
        ("harbour", "Table for two, 19:45 tomorrow please. Name's Tom", dt.date(2026, 11, 24), "19:45", 2, "Tom"),
        (
            "harbour",
            "can i book a table for two tomorrow at 8 my names sarah",
            dt.date(2026, 11, 24),
            "20:00",
            2,
            "Sarah",
        ),
    ],
)
def test_commas_part_the_details_and_short_ways_of_giving_them_are_read(
    venues, venue_id, text, day, time, people, name
):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.people, reading.name) == (day, time, people, name)


@pytest.mark.parametrize(
    ("venue_id", "text"),
    [
        ("harbour", "what name is the booking under?"),
        ("harbour", "is the name of the restaurant Harbour?"),
        ("roma", "il nome del ristorante?"),
    ],
)
def test_a_question_about_a_name_gives_no_name(venues, venue_id, text):
    assert read(venues, venue_id, text).name is None


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "can I change the name to Ann Smith?", "Ann Smith"),  # not "to Ann Smith"
        ("roma", "posso cambiare il nome in Rossi?", "Rossi"),
        ("tasca", "mudar o nome para Ana Costa", "Ana Costa"),
    ],
)
def test_a_name_to_change_to_is_the_name_and_moves_nothing(venues, venue_id, text, name):
    reading = read(venues, venue_id, text)
    assert "rename" in reading.intents and "move" not in reading.intents and reading.name == name


@pytest.mark.parametrize(("venue_id", "text", "name"), [
    ("harbour", "Tom here, table for 2 friday 8pm", "Tom"),
    ("harbour", "hi it's Tom, table for 2 friday 8pm", "Tom"),
    ("harbour", "it is Tom Baker, table for 2 friday 8pm", "Tom Baker"),
    # within a message typed with no stop, just before its capital
    ("harbour", "hello, can I book a table I'm Olivia, wednesday at 6.45pm, for 6 guests", "Olivia"),
    ("cabinet", "je souhaite un rendez-vous je suis Karim Haddad, le 2 décembre, pour un contrôle", "Karim Haddad"),
    ("roma", "avete un tavolo sono Giulia siamo 5, mercoledì alle 21", "Giulia"),
    ("tasca", "queria uma mesa sou a Ana Costa para 2 sexta às 20h", "Ana Costa"),
    # what one says one is besides a name, capitalised
    ("harbour", "I am Late, table for 2 friday at 8", None),
    ("harbour", "I'm Coming with Sarah, table for 2 friday 8pm", None),
    ("harbour", "table for 2 friday, I'm Running late", None),
    ("cabinet", "je voudrais un rdv je suis Désolé pour hier", None),
    ("roma", "tavolo per 2 sabato, non sono Sicuro dell'orario", None),
    ("tasca", "mesa para 2 sexta, sou Cliente habitual", None),
    ("roma", "Luca qui, tavolo per 2 venerdì alle 20", "Luca"),
    ("tasca", "Pedro aqui, mesa para 2 sexta às 20h", "Pedro"),
    ("harbour", "Name: Tom Smith. Table for 2 friday 8pm", "Tom Smith"),  # not "Tom Smith. Table"
    ("harbour", "Name: J. R. Smith, table for 2 friday 8pm", "J. R. Smith"),
    ("harbour", "table for 2 friday at 8, name José María van der Berg", "José María van der Berg"),  # not "…der"
    ("harbour", "table for 2 friday 8pm, we'll sit here", None),
])  # fmt: skip
def test_a_name_said_as_one_s_own_is_read_without_the_words_around_it(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(("venue_id", "text", "awaiting", "name"), [
    ("tasca", "mesa para 2 sábado às 20h, Maria da Silva", (), "Maria da Silva"),
    ("tasca", "mesa para 2 sábado às 20h João dos Santos", (), "João dos Santos"),
    ("tasca", "Maria da Silva, mesa para 2 sábado às 20h", (), "Maria da Silva"),
    ("cabinet", "contrôle jeudi 10h, Marie de la Tour", (), "Marie de la Tour"),
    ("roma", "tavolo per 2 venerdì alle 20, Luca della Valle", (), "Luca della Valle"),
    ("harbour", "de la Cruz", ("patient.name",), "de la Cruz"),
    ("harbour", "call it van Gogh", ("patient.name",), "van Gogh"),
    ("roma", "a nome di Rossi", ("patient.name",), "Rossi"),  # "di" alone is "of"
    ("tasca", "em nome da Joana", ("patient.name",), "Joana"),
    ("harbour", "table for 2 friday at 8, Near The Window", (), None),  # no name has "The"
])  # fmt: skip
def test_a_surname_s_particles_written_small_are_part_of_the_name(venues, venue_id, text, awaiting, name):
    assert read(venues, venue_id, text, awaiting).name == name


@pytest.mark.parametrize(("venue_id", "text", "awaiting", "name"), [
    ("tasca", "Ana Maria Sousa Ferreira Lopes", ("patient.name",), "Ana Maria Sousa Ferreira Lopes"),
    ("roma", "Maria Grazia De Luca Bianchi", ("patient.name",), "Maria Grazia De Luca Bianchi"),
    ("tasca", "mesa p 2 sexta 20h, em nome de Ana Sousa Ferreira Dias Lopes", (), "Ana Sousa Ferreira Dias Lopes"),
    ("harbour", "table for 2 friday at 8, Mary Jane Watson Parker Smith", (), "Mary Jane Watson Parker Smith"),
])  # fmt: skip
def test_a_name_of_five_words_is_read_whole(venues, venue_id, text, awaiting, name):
    assert read(venues, venue_id, text, awaiting).name == name


@pytest.mark.parametrize(("venue_id", "text", "name", "day"), [
    ("roma", "Sono Marco, tavolo per 2 domani alle 20", "Marco", dt.date(2026, 11, 24)),  # no "março"
    ("harbour", "I'm April, table for 2 friday at 8", "April", dt.date(2026, 11, 27)),
    ("harbour", "Hi, June here, table for 2 friday at 8", "June", dt.date(2026, 11, 27)),
    ("harbour", "It's Friday, table for 2 at 8", None, dt.date(2026, 11, 27)),  # a weekday still is a day
])  # fmt: skip
def test_a_month_said_as_one_s_own_name_is_the_name(venues, venue_id, text, name, day):
    reading = read(venues, venue_id, text)
    assert (reading.name, reading.day) == (name, day)


def test_a_month_written_apart_not_as_one_s_own_names_nobody(venues):
    assert read(venues, "harbour", "table for 2 on the 24th at 8, December").name is None


def test_a_name_stops_before_the_day_of_the_booking_it_names(venues):
    reading = read(venues, "roma", "vorrei disdire la prenotazione a nome Bianchi di sabato")
    assert (reading.name, reading.day) == ("Bianchi", dt.date(2026, 11, 28))  # not "Bianchi di sabato"


@pytest.mark.parametrize(("venue_id", "text", "name", "day"), [
    ("roma", "tavolo a nome Bianchi sabato alle 20 per 2", "Bianchi", dt.date(2026, 11, 28)),
    ("harbour", "table under the name of Smith saturday at 8 for 2", "Smith", dt.date(2026, 11, 28)),
    ("cabinet", "rdv au nom de Dupont jeudi à 10h, contrôle", "Dupont", dt.date(2026, 11, 26)),
    ("tasca", "mesa em nome de Silva sábado às 20h para 2", "Silva", dt.date(2026, 11, 28)),
])  # fmt: skip
def test_a_name_stops_before_a_day_written_small_after_it(venues, venue_id, text, name, day):
    reading = read(venues, venue_id, text)
    assert (reading.name, reading.day) == (name, day)  # not Mr "Bianchi Sabato", booked for today


def test_a_name_stops_before_instead_or_sorry(venues):
    assert read(venues, "harbour", "put it under Jane instead").name == "Jane"
    assert read(venues, "harbour", "Jane Doe sorry", ("patient.name",)).name == "Jane Doe"


@pytest.mark.parametrize(("venue_id", "text"), [
    ("harbour", "a table for 2 on friday at 7:30pm under the name of Dubois please"),
    ("cabinet", "un contrôle jeudi à 10h au nom de Dubois s'il vous plaît"),
    ("tasca", "mesa para 2 sexta às 20h em nome de Dubois por favor"),
    ("tasca", "mesa para 2 sexta às 20h em nome de Dubois se faz favor"),
    ("roma", "tavolo per 2 venerdì alle 20 a nome Dubois per favore"),
])  # fmt: skip
def test_a_name_stops_before_the_courtesy_after_it(venues, venue_id, text):
    assert read(venues, venue_id, text).name == "Dubois"


@pytest.mark.parametrize(
    ("text", "awaiting", "name"),
    [
        ("my name is jean-pierre dupont", (), "Jean-Pierre Dupont"),
        ("siobhan o'neil", ("patient.name",), "Siobhan O'Neil"),
        ("MARY-JANE WATSON", ("patient.name",), "Mary-Jane Watson"),
        ("Mary-Jane van der Berg", ("patient.name",), "Mary-Jane van der Berg"),
    ],
)
def test_a_name_typed_in_one_case_is_capitalised_at_each_part_and_one_with_capitals_is_kept(
    venues, text, awaiting, name
):
    assert read(venues, "harbour", text, awaiting).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "booking for 2 on the 12th of december at 8pm please, surname Lopez", "Lopez"),
        ("harbour", "table for 2 at 8, my surname is O'Brien", "O'Brien"),
        ("roma", "tavolo per 2 domani alle 20, cognome Rossi", "Rossi"),
        ("cabinet", "rdv jeudi 9h, nom de famille Martin, contrôle", "Martin"),
        ("tasca", "sobrenome Lima, mesa para 3 sexta 21h", "Lima"),
        ("tasca", "mesa para 2 amanhã às 20h, apelido Costa", "Costa"),
    ],
)
def test_a_surname_given_as_such_is_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(
    ("awaiting", "text", "name", "day"),
    [
        (("patient.name",), "Noel", "Noel", None),  # a name, not Christmas, when only the name is asked
        (("slot.start_iso", "patient.name"), "Christmas", None, dt.date(2026, 12, 25)),
        (("patient.name",), "Mr and Mrs Jones", "Mr and Mrs Jones", None),
        (("patient.name",), "Tom and Jerry", "Tom", None),
    ],
)
def test_a_name_that_is_a_holiday_or_a_couple_s_titles_answers_the_name_asked(venues, awaiting, text, name, day):
    reading = read(venues, "harbour", text, awaiting)
    assert (reading.name, reading.day) == (name, day)


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [("roma", "alle 21, sono Pino", "Pino"), ("harbour", "7pm, I'm Kai", "Kai"), ("harbour", "at 8, I'm vegan", None)],
)
def test_a_name_said_as_one_s_own_after_a_comma_is_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text, ("patient.name",)).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name", "phone"),
    [
        ("roma", "tavolo per 2 venerdì alle 20, Luca, 347 1234567", "Luca", "+393471234567"),
        ("tasca", "mesa para 2 sexta às 21h, Rui, o meu telemóvel é 912 345 678", "Rui", "+351912345678"),
        ("harbour", "table for 2 at 8 friday, Tom, my number is 07911 123456", "Tom", "+447911123456"),
    ],
)
def test_a_name_before_the_phone_number_at_the_end_is_the_last_one_said(venues, venue_id, text, name, phone):
    reading = read(venues, venue_id, text)
    assert (reading.name, reading.phone) == (name, phone)


def test_a_surname_that_starts_with_a_small_word_is_a_name_when_written_capitalised(venues):
    assert read(venues, "roma", "tavolo per 2 domani alle 20, a nome De Luca").name == "De Luca"


@pytest.mark.parametrize(
    ("venue_id", "text", "people"),
    [
        ("roma", "siamo 2 adulti e 2 bambini, sabato alle 13", 4),
        ("harbour", "2 adults and 3 kids on Saturday at 1pm", 5),
        ("tasca", "mesa para 2 adultos e 1 criança", 3),
        ("harbour", "table for 4, 2 of them children", 4),
        ("harbour", "2 adults and a baby on friday at 7", 3),
        ("roma", "2 adulti e una bambina", 3),
        ("tasca", "2 adultos e um bebé", 3),
        ("roma", "siamo in 3 + un bambino, venerdì alle 20", 4),  # the party, plus those said after
        ("roma", "siamo 3 più un bambino piccolo", 4),
        ("harbour", "we are 4 plus a baby", 5),
        ("tasca", "somos 4 mais uma criança", 5),
        ("harbour", "table for 4 with 2 kids", 4),  # "with": among them
        ("harbour", "table for 4 + a baby friday 8pm", 5),  # "+" written
        ("harbour", "table for 2+2 friday at 8", 4),
        ("harbour", "for 2 + 1 on friday", 3),
        ("harbour", "table for me plus 3 on friday at 8", 4),
        ("roma", "per me e altri 3 venerdì alle 20", 4),  # the others counted after "me": asked how many
        ("tasca", "mesa para mim e mais três sexta às 20h", 4),
        ("tasca", "eu e mais 3 sexta às 20h", 4),
        ("harbour", "me + 3 friday 8pm", 4),
        ("harbour", "me, my wife and our 3 kids, friday at 8", 5),
        ("harbour", "table for 2 plus 8pm", 2),  # an hour, not more people
    ],
)
def test_adults_and_children_make_one_party(venues, venue_id, text, people):
    assert read(venues, venue_id, text).people == people


@pytest.mark.parametrize(
    ("venue_id", "text", "time", "people"),
    [
        ("harbour", "2 ppl tmrw 7pm", "19:00", 2),
        ("tasca", "amanhã 20h 4 pax", "20:00", 4),
        ("harbour", "hiya can i get a table 4 2 tmrw @ 8", "20:00", 2),
        ("harbour", "table 4 two tmrw 7pm - Jess", "19:00", 2),
        ("harbour", "2 ppl tmrw @ 7:30", "19:30", 2),
        ("roma", "x domani sera h 21 siamo in 5", "21:00", 5),
        ("tasca", "mesa p/ 4 amanhã às 20h", "20:00", 4),
        ("tasca", "jantar p 3 amanhã às 20h", "20:00", 3),
        ("tasca", "mesa p/ dois amanhã às nove e meia", "21:30", 2),
        ("harbour", "book 2 tmrw 8pm", "20:00", 2),
        ("harbour", "table 4 tmrw 7pm", "19:00", 4),
    ],
)
def test_a_message_typed_short_is_read(venues, venue_id, text, time, people):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.people) == (dt.date(2026, 11, 24), time, people)


def test_four_before_a_party_counted_is_for_even_after_a_weekday(venues):
    reading = read(venues, "harbour", "any space on thurs 4 2 ppl around 7")  # "thurs 4" had been 4 pm
    assert (reading.day, reading.time, reading.time_near, reading.people) == (dt.date(2026, 11, 26), None, "19:00", 2)


@pytest.mark.parametrize(
    ("text", "part", "near", "bound"),
    [
        ("a table 4 2 tmrw nite", ("18:00", "22:00"), None, None),
        ("tmrw abt 8", None, "20:00", None),
        ("tmrw b4 9pm", None, "21:00", "before"),
    ],
)
def test_the_words_of_a_time_typed_short_are_read(venues, text, part, near, bound):
    reading = read(venues, "harbour", text)
    assert (reading.day, reading.part, reading.time_near, reading.bound) == (dt.date(2026, 11, 24), part, near, bound)


@pytest.mark.parametrize(("text", "time"), [("un rdv demain en début d'après-midi", None), ("demain à midi", "12:00")])
def test_the_afternoon_is_not_noon(venues, text, time):
    assert read(venues, "cabinet", text).time == time


@pytest.mark.parametrize(
    ("venue_id", "text", "part"),
    [
        ("harbour", "dinner for 3 on saturday", ("18:00", "23:00")),
        ("harbour", "saturday for 3 for lunch", ("12:00", "15:00")),
        ("tasca", "jantar p 3 sábado", ("19:30", "23:30")),
        ("roma", "cena per 3 sabato", ("19:00", "23:00")),
        ("cabinet", "Un rendez-vous l'après-midi, samedi", ("12:00", "18:30")),  # not "midi", noon
        ("harbour", "Good morning, a table for 2 on Saturday", None),  # a greeting names no part
        ("tasca", "Boa noite, mesa para sábado para 4", None),
        ("roma", "sabato per 2, Mario Sera", None),  # nor does a name
    ],
)
def test_a_part_of_the_day_said_apart_from_the_day_is_that_day_s(venues, venue_id, text, part):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.part) == (dt.date(2026, 11, 28), part)


@pytest.mark.parametrize(
    ("venue_id", "text", "part"),
    [
        ("roma", "un tavolo sabato sera tardi", ("21:30", "23:00")),
        ("roma", "sabato in tarda serata", ("21:30", "23:00")),
        ("harbour", "saturday, late lunch", ("13:30", "15:00")),
        ("cabinet", "samedi en fin de matinée", ("10:30", "12:00")),
        ("tasca", "sábado ao fim da tarde", ("13:30", "15:00")),  # its lunch, ending at 15:00
        ("tasca", "sábado à tarde", ("12:30", "15:00")),  # "tarde" is the afternoon, not late
        ("harbour", "saturday evening, not too late", ("18:00", "23:00")),
    ],
)
def test_a_part_of_the_day_said_late_is_its_last_hour_and_a_half(venues, venue_id, text, part):
    assert read(venues, venue_id, text).part == part


@pytest.mark.parametrize(("venue_id", "text", "part"), [
    ("tasca", "será que tem mesa sábado para 2?", None),  # "will it be", not "sera", the evening
    ("tasca", "será possível sábado para 2?", None),
    ("cabinet", "un rdv jeudi, ce sera un détartrage", None),
    ("roma", "per 2 sabato, di sera", ("19:00", "23:00")),
])  # fmt: skip
def test_sera_as_a_verb_names_no_part_of_the_day(venues, venue_id, text, part):
    assert read(venues, venue_id, text).part == part


@pytest.mark.parametrize("text", ["allora 8", "ok 4", "tra 2"])
def test_a_bare_answer_with_a_number_is_not_a_name(venues, text):
    assert read(venues, "roma", text, ("patient.name", "slot.start_iso", "party_size")).name is None


def test_a_capitalised_name_between_commas_is_the_name_when_one_is_awaited(venues):
    reading = read(venues, "cabinet", "Amina Benali, demain 9h, contrôle", ("patient.name", "slot.start_iso"))
    assert (reading.name, reading.time, reading.care_type) == ("Amina Benali", "09:00", "controle")
    assert read(venues, "cabinet", "Demain Matin, 9h", ("patient.name",)).name is None
    assert read(venues, "cabinet", "visite annuelle", ("patient.name", "reason")).reason == "visite annuelle"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Une table pour 2 vendredi à 21h, au nom d'Anne Martin", "Anne Martin"),
        ("un rendez-vous de la part d’Émile Zola", "Émile Zola"),
        ("au nom de Karim Haddad", "Karim Haddad"),
    ],
)
def test_a_name_after_an_elided_french_intro_is_read(venues, text, name):
    assert read(venues, "cabinet", text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "I'm Tom", "Tom"),
        ("harbour", "it's jane doe", "Jane Doe"),
        ("harbour", "this is Jane Doe", "Jane Doe"),
        ("cabinet", "c'est Marie Dupont", "Marie Dupont"),
        ("cabinet", "Ici Paul", "Paul"),
        ("roma", "sono Mario Rossi", "Mario Rossi"),
        ("tasca", "aqui é a Ana Sousa", "Ana Sousa"),
        ("tasca", "é a Joana", "Joana"),
        ("tasca", "é em nome da Joana", "Joana"),  # not "É Em Nome Da"
        ("tasca", "é para o Rui", "Rui"),
        ("tasca", "no nome da Marta", "Marta"),
        ("roma", "è Luca", "Luca"),
        ("harbour", "call it Mike", "Mike"),
        (
            "harbour",
            "the name should be Jane Smith",
            "Jane Smith",
        ),  # the words written capitalised, after words written small
        ("tasca", "põe Joana", "Joana"),
        ("harbour", "the surname's Kowalski", "Kowalski"),
        ("harbour", "ok Tom", "Tom"),  # a yes with the name
        ("harbour", "sure, it's Tom Baker", "Tom Baker"),
        ("tasca", "pode ser Joana Silva", "Joana Silva"),
        ("harbour", "Yes Please", None),
        ("harbour", "Isabella", "Isabella"),
        ("roma", "Sonia", "Sonia"),
    ],
)
def test_the_words_that_say_a_name_is_one_s_own_are_not_part_of_it(venues, venue_id, text, name):
    assert read(venues, venue_id, text, ("patient.name",)).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "it's for Priya Patel", "Priya Patel"),
        ("harbour", "for priya patel", "Priya Patel"),
        ("harbour", "it's for Dave", "Dave"),
        ("cabinet", "c'est pour Marie", "Marie"),
        ("roma", "per Rossi", "Rossi"),
        ("tasca", "é para Ana Sousa", "Ana Sousa"),
        # for whom or for what, but nobody's name
        ("harbour", "for me", None),
        ("harbour", "dinner", None),
        ("roma", "per cena", None),
        ("harbour", "for 2", None),
    ],
)
def test_who_it_is_for_answers_the_name_asked_for(venues, venue_id, text, name):
    assert read(venues, venue_id, text, ("patient.name",)).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "people"),
    [
        ("harbour", "in two weeks, friday at 8", dt.date(2026, 12, 11), None),
        ("harbour", "in two weeks on friday at 8pm for 2", dt.date(2026, 12, 11), 2),
        ("roma", "venerdì, tra due settimane, alle 20", dt.date(2026, 12, 11), None),
        ("cabinet", "dans deux semaines, mardi à 10h", dt.date(2026, 12, 8), None),
    ],
)
def test_a_weekday_weeks_ahead_is_read_across_a_comma_and_two_weeks_is_no_party(venues, venue_id, text, day, people):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.people) == (day, people)


@pytest.mark.parametrize(
    ("venue_id", "text", "note"),
    [
        ("harbour", "table for 2 friday 8pm, Jane Doe, it's our anniversary", "it's our anniversary"),
        ("harbour", "table for 4 at 7.30pm. One of us is allergic to nuts!", "One of us is allergic to nuts"),
        ("roma", "tavolo per 3 sabato alle 20, ci serve un seggiolone", "ci serve un seggiolone"),
        ("tasca", "mesa para 2 sábado às 20h, é o aniversário da minha mulher", "é o aniversário da minha mulher"),
        ("harbour", "do you have a high chair?", None),  # asked, not requested
        ("harbour", "a table for 2 at 8 by the window?", "by the window"),
        ("harbour", "table for 2 friday 8pm, window seat if possible, Sam Lee", "window seat if possible"),
        ("harbour", "table for 2 friday 8pm, corner table if you can, Sam Lee", "corner table if you can"),
        ("harbour", "table for 2 friday 8pm, with a view of the harbour", "with a view of the harbour"),
        ("harbour", "Table for 3 on Friday, preferably outside, around 1pm. Sam Lee", "preferably outside"),
        ("roma", "tavolo per 2 alle 20, possibilmente fuori", "possibilmente fuori"),
        ("tasca", "mesa para 2 às 20h lá fora se possível", "lá fora se possível"),
        ("harbour", "is there parking outside?", None),
        ("harbour", "table for 2 tomorrow at 8 for my wife's birthday", "for my wife's birthday"),
        ("harbour", "I'd like to book a table for my wife's birthday", "for my wife's birthday"),  # booked, no number
        ("harbour", "Booking for Sarah's birthday - 8 people Saturday 7pm", "for Sarah's birthday"),  # not the booking
        ("roma", "vorrei un tavolo all'aperto per sabato alle 13 per 4", "all'aperto"),  # nor the booking after it
        ("harbour", "do you have a table by the window for 2 on friday at 8? Jo Brown", "by the window"),  # no party
        ("harbour", "a table by the window for 2 people on friday at 8", "by the window"),
        ("harbour", "a table outside for friday at 8 for 2", "outside"),
        ("harbour", "need a high chair for tmrw at 8 for 3", "need a high chair"),  # the day as a chat writes it
        ("harbour", "table for 2 with a high chair at 8 tomorrow", "with a high chair"),
        ("roma", "vorrei prenotare un tavolo per il compleanno di mia moglie", "per il compleanno di mia moglie"),
        ("harbour", "a group of 6 at 7 for my dad's 70th birthday", "for my dad's 70th birthday"),
        ("harbour", "table for 6 sat 8pm, Tom. We're celebrating a 40th birthday", "We're celebrating a 40th birthday"),
        (
            "harbour",
            "dinner for my team (we're 8, 2 vegetarians and 1 coeliac). Friday at 7?",
            "2 vegetarians and 1 coeliac",
        ),
        ("harbour", "table for 2 at 8 vegetarian please", "vegetarian please"),  # 8 is the hour
        (
            "roma",
            "tavolo per 8 sabato per il 50esimo compleanno di mio padre",
            "per il 50esimo compleanno di mio padre",
        ),
        (
            "tasca",
            "une table pour 2 demain vers 20h pour l'anniversaire de ma femme",
            "pour l'anniversaire de ma femme",
        ),
        ("roma", "tavolo per 3 sabato alle 20 con un seggiolone per il bimbo", "con un seggiolone per il bimbo"),
        # a form's label is not written: "Notes: window seat" was noted whole
        (
            "harbour",
            "Table for 2 tomorrow at 8pm. Name: Jo Bloggs. Notes: window seat if possible.",
            "window seat if possible",
        ),
        ("roma", "Tavolo per 2 domani alle 20. Nome: Mario Rossi. Richieste: seggiolone", "seggiolone"),
        (
            "harbour",
            "table for 6 on the 12th at 7:30? It's for a work Christmas party.",
            "It's for a work Christmas party",
        ),
        ("roma", "tavolo per 8 venerdì alle 20, è una cena aziendale", "è una cena aziendale"),
        ("harbour", "table for 2 friday 7pm, Sam, somewhere quiet if possible", "somewhere quiet if possible"),
        ("harbour", "table for 2 friday 7pm, we'll bring our dog", "we'll bring our dog"),
        ("roma", "tavolo per 2 sabato alle 20, un posto tranquillo se possibile", "un posto tranquillo se possibile"),
        ("tasca", "mesa para 2 sábado às 20h, uma mesa sossegada por favor", "uma mesa sossegada por favor"),
        ("harbour", "table for 6 on friday 8pm but one person might be late", "one person might be late"),
        ("roma", "tavolo per 6 venerdì alle 20, ma una persona arriva più tardi", "una persona arriva più tardi"),
        ("tasca", "mesa para 6 sexta às 20h, mas uma pessoa chega mais tarde", "uma pessoa chega mais tarde"),
        ("harbour", "table for 4 friday 8pm, a friend will join us later", "a friend will join us later"),
        ("harbour", "table for 2 friday at 8pm", None),
    ],
)
def test_what_a_guest_asks_for_besides_the_table_is_read_as_written(venues, venue_id, text, note):
    assert read(venues, venue_id, text).reason == note


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("table for 4 friday at 7.30pm, Jane Doe. We need a high chair", "Jane Doe"),
        ("Jane Doe. Table for 2 tomorrow at 8", "Jane Doe"),
        ("table for 2 tomorrow at 8, Dr. Jane Foster", "Dr. Jane Foster"),
    ],
)
def test_a_full_stop_ends_a_name_but_not_after_a_title(venues, text, name):
    assert read(venues, "harbour", text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "awaiting", "name"),
    [
        ("harbour", "Smith, S-M-I-T-H", ("patient.name",), "Smith"),  # it was "S-M-I-T-H"
        ("harbour", "it's Shivon, S-I-O-B-H-A-N", ("patient.name",), "Siobhan"),  # the spelling, not the word heard
        ("harbour", "table for 2 friday at 8, name Siobhan S I O B H A N", (), "Siobhan"),
        ("roma", "Rossi, R-O-S-S-I", ("patient.name",), "Rossi"),
    ],
)
def test_a_name_spelt_letter_by_letter_is_that_name(venues, venue_id, text, awaiting, name):
    assert read(venues, venue_id, text, awaiting).name == name


def test_a_name_said_of_oneself_between_commas_is_the_name(venues):
    reading = read(venues, "harbour", "Hi, I'm Tom, table for 2 tomorrow at 8")
    assert (reading.name, reading.people, reading.time) == ("Tom", 2, "20:00")


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "hi I'm Sam Lee I'd like a table for 2 friday at 8", "Sam Lee"),
        ("roma", "ciao sono Mario Rossi vorrei un tavolo per 2 venerdì alle 20", "Mario Rossi"),
        ("cabinet", "bonjour je suis Karim Haddad je voudrais un rdv jeudi à 10h pour un contrôle", "Karim Haddad"),
        ("tasca", "olá sou o Rui Costa queria uma mesa para 2 sexta às 20h", "Rui Costa"),  # was "Rui Costa queria uma"
        ("cabinet", "bonjour je m'appelle Karim Haddad je voudrais un rdv jeudi", "Karim Haddad"),
        ("harbour", "Hi It's Tom Baker here table for 2 friday at 8", "Tom Baker"),
        ("tasca", "boa tarde fala o João Silva queria uma mesa para 2 no sábado às 20h", "João Silva"),  # on the phone
        ("tasca", "Boa tarde, fala a Joana, queria uma mesa para 2 no sábado às 20h", "Joana"),
        ("roma", "pronto, parla Marco Rossi, vorrei un tavolo per 2 sabato alle 20", "Marco Rossi"),
        ("harbour", "good evening I'm Sam Lee I'd like a table for 2 friday at 8", "Sam Lee"),
        ("harbour", "hi this is Sam Lee calling about a table for 2 friday at 8", "Sam Lee"),  # its capitals only
        ("roma", "buongiorno sono la signora Bianchi vorrei un tavolo per 2 sabato alle 20", "Bianchi"),
        ("tasca", "olá sou a Maria da Silva queria uma mesa para 2 sábado às 20h", "Maria da Silva"),
        (
            "cabinet",
            "Bonjour, Marie Dupont à l'appareil, je voudrais un rdv jeudi 10h pour un contrôle",
            "Marie Dupont",
        ),
        ("harbour", "I'm Late for my booking", None),  # running late
        ("harbour", "hello it's Friday, table for 2 at 8?", None),  # a day
    ],
)
def test_a_name_said_of_oneself_as_the_message_opens_with_no_comma_after_it_is_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("table for 2 friday 8pm, Jane Doe, one of us is allergic to nuts", 2),
        ("a table for 4, two of us are vegetarian", 4),
        ("one of us is vegetarian, a table for 3", 3),
        ("there are 4 of us", 4),
        ("table for 6 on friday 8pm but one person might be late", 6),
        ("table for 4 but 1 person is vegan", 4),
        ("table for 2, actually make it 1 person", 1),  # corrected to one: not after a "but" alone
        ("I booked for 4 but we will be 6", 6),
    ],
)
def test_the_first_count_said_is_the_party_and_one_of_us_never_is(venues, text, people):
    assert read(venues, "harbour", text).people == people


@pytest.mark.parametrize(
    ("venue_id", "text", "people"),
    [
        ("harbour", "table for 8 people next saturday at 8pm, Fran. We might be 9.", 9),  # the more, as "8 or 9"
        ("harbour", "table for 8 next saturday at 8pm, we might be 6", 8),
        ("roma", "tavolo per 6 sabato alle 20, forse saremo in 7", 7),
        ("tasca", "mesa para 4 sábado às 20h, talvez sejamos 5", 5),
        ("harbour", "we might be 3 instead of 4", 3),  # a new party, said alone
    ],
)
def test_a_party_that_may_be_larger_is_the_larger(venues, venue_id, text, people):
    assert read(venues, venue_id, text).people == people


@pytest.mark.parametrize(
    ("venue_id", "text", "time", "people"),
    [
        ("harbour", "book me in for 7 on friday, 2 people", "19:00", 2),
        ("harbour", "can I get a table for 7 on friday, 2 people", "19:00", 2),
        ("harbour", "a table for 2 for 8 on friday", "20:00", 2),
        ("harbour", "table for two for eight on friday", "20:00", 2),
        ("roma", "tavolo per 8 sabato, 4 persone", "20:00", 4),
        ("roma", "per venerdì per 8, 2 persone", "20:00", 2),
        ("tasca", "para 8 na sexta, 2 pessoas", "20:00", 2),
    ],
)
def test_a_number_after_for_is_the_hour_when_the_party_is_said_apart(venues, venue_id, text, time, people):
    reading = read(venues, venue_id, text)
    assert (reading.time, reading.people) == (time, people)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("a table for 4 on friday, 2 people are vegetarian", 4),
        ("table for 6 on friday 4 adults", 6),
        ("a table for 4 to 6 people on friday", 4),
    ],
)
def test_a_count_of_some_of_the_party_leaves_the_number_after_for_the_party(venues, text, people):
    reading = read(venues, "harbour", text)
    assert (reading.people, reading.time) == (people, None)


def test_one_person_after_a_but_is_one_of_the_party_in_italian_and_portuguese(venues):
    said = [
        ("roma", "tavolo per 6 venerdì alle 20, ma una persona arriva più tardi"),
        ("tasca", "mesa para 6 sexta às 20h, mas uma pessoa chega mais tarde"),
    ]
    assert [read(venues, venue_id, text).people for venue_id, text in said] == [6, 6]


@pytest.mark.parametrize(
    "text", ["finalement on sera 3", "we'll be 3", "there will be 3 of us", "seremos 3", "saremo 3"]
)
def test_a_party_said_in_the_future_is_read(venues, text):
    assert read(venues, "harbour", text).people == 3


@pytest.mark.parametrize(
    ("venue_id", "text", "time"),
    [
        ("roma", "un tavolo per stasera alle nove meno un quarto per tre", "20:45"),
        ("roma", "un tavolo per stasera alle nove e un quarto per tre", "21:15"),
        ("cabinet", "un rendez-vous ce soir à neuf heures moins le quart pour moi", "20:45"),
        ("tasca", "uma mesa esta noite às nove menos um quarto para dois", "20:45"),
    ],
)
def test_a_time_longer_than_the_words_read_at_once_is_read_whole(venues, venue_id, text, time):
    assert read(venues, venue_id, text).time == time


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time"),
    [
        ("harbour", "not friday, saturday please", 28, None),
        ("harbour", "table for 2 tomorrow, not at 8 but at 9", 24, "21:00"),
        ("harbour", "I'm not sure, maybe friday at 8", 27, "20:00"),
        ("roma", "non posso venerdì, facciamo sabato alle 20", 28, "20:00"),
        ("roma", "non alle 8 ma alle 9", None, "21:00"),
        ("cabinet", "je ne peux pas lundi, mardi plutôt", 24, None),
        ("tasca", "não sexta, sábado às 20h", 28, "20:00"),
        ("tasca", "não, sábado", 28, None),  # a no, then the day meant
        ("cabinet", "non, plutôt mardi", 24, None),
        ("cabinet", "ah non plutôt 15h", None, "15:00"),  # a no, then "rather", with no comma
        ("tasca", "não afinal sábado", 28, None),
    ],
)
def test_a_day_or_time_said_after_not_is_the_one_not_meant(venues, venue_id, text, day, time):
    reading = read(venues, venue_id, text)
    assert (reading.day.day if reading.day else None, reading.time) == (day, time)


@pytest.mark.parametrize(
    ("text", "time"),
    [("mesa para 2 sexta às nove menos um quarto", "20:45"), ("mesa para 2 sexta às 9 menos 10", "20:50")],
)
def test_an_hour_less_minutes_in_portuguese_keeps_the_party(venues, text, time):
    reading = read(venues, "tasca", text)
    assert (reading.people, reading.time, reading.party_change) == (2, time, None)


@pytest.mark.parametrize(
    ("venue_id", "text", "time"),
    [
        ("harbour", "table for 2 not this friday but the next one at 8", "20:00"),
        ("harbour", "table for 2 not this friday, the one after, at 8", "20:00"),  # its "one" no party
        ("harbour", "table for 2 not this friday but next friday at 8", "20:00"),  # "next Friday" alone: the 27th
        ("roma", "tavolo per 2 non questo venerdì ma il prossimo alle 20", "20:00"),
        ("roma", "non questo venerdì ma venerdì prossimo alle 20", "20:00"),
        ("cabinet", "un rdv pas ce vendredi mais le suivant à 10h", "10:00"),
        ("cabinet", "pas ce vendredi, celui d'après, à 10h", "10:00"),
        ("tasca", "mesa para 2 não esta sexta mas a próxima às 20h", "20:00"),
        ("tasca", "não esta sexta mas a sexta que vem às 20h", "20:00"),
    ],
)
def test_the_next_one_said_after_a_weekday_not_meant_is_that_weekday_a_week_on(venues, venue_id, text, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (dt.date(2026, 12, 4), time)


def test_another_day_said_after_one_not_meant_is_that_day(venues):
    assert read(venues, "harbour", "not friday but next saturday at 8").day == dt.date(2026, 11, 28)


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time"),
    [
        ("harbour", "need a table 4 ppl sat 8pm", 28, "20:00"),
        ("roma", "tavolo x 4 sab 20:30", 28, "20:30"),
        ("cabinet", "rdv jeu 14h", 26, "14:00"),
        ("tasca", "mesa para 2 sex 20h", 27, "20:00"),
        # or before a part of the day
        ("roma", "tavolo x 6 sab sera", 28, None),
        ("roma", "dom a pranzo", 29, None),
        ("cabinet", "dispo jeu aprem ?", 26, None),
        ("tasca", "sex ao jantar", 27, None),
        # or, in English, after the words that lead a day
        ("harbour", "whats the earliest u can do sat for 2", 28, None),
        ("harbour", "table for 2 this fri at 8", 27, "20:00"),
        ("harbour", "anything on thurs for 4?", 26, None),
        # or before "at" and an hour
        ("harbour", "hiya can i get a table for me n my mate fri at 8", 27, "20:00"),
        ("roma", "tavolo per 2 sab alle 20", 28, "20:00"),  # it was today, Monday
        # or, in English, before an hour alone
        ("harbour", "fri 8 for 2", 27, "20:00"),  # no day and no time were read
        ("harbour", "table for 2 sat 8", 28, "20:00"),
    ],
)
def test_a_weekday_cut_short_before_a_clock_time_or_a_part_of_the_day_is_that_day(venues, venue_id, text, day, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (dt.date(2026, 11, day), time)


def test_a_short_word_that_could_be_a_weekday_is_not_one_without_a_clock_time(venues):
    assert read(venues, "roma", "mar 2 persone").day is None
    assert read(venues, "tasca", "qui 2 pessoas").day is None
    assert read(venues, "harbour", "we sat outside last time, table for 2").day is None
    assert read(venues, "harbour", "we sat at 8 last time, table for 2").day is None
    assert read(venues, "harbour", "we sat 8 people outside last time").day is None
    assert read(venues, "roma", "mar 5 alle 20").time == "20:00"  # an hour alone after a short day: English only
    assert read(venues, "cabinet", "rdv pour mon fils qui a 20 ans mercredi à 10h").day == dt.date(2026, 11, 25)
    assert read(venues, "harbour", "can we sit in the sun? table for 2").day is None
    assert read(venues, "harbour", "a table in the sun for 2 friday at 8").day == dt.date(2026, 11, 27)  # was Sunday


@pytest.mark.parametrize(
    ("venue_id", "text", "time"),
    [
        ("harbour", "can I bring my booking forward to 7?", "19:00"),
        ("harbour", "could we push it back to 9?", "21:00"),
        ("harbour", "could we bring the booking forward to 7?", "19:00"),
        ("harbour", "can we bring our reservation forward to 7?", "19:00"),
        ("harbour", "can you put the booking back to 9", "21:00"),
        ("cabinet", "c'est possible d'avancer mon rendez-vous à 9h ?", "09:00"),
        ("tasca", "dá para passar a reserva para as 21h?", "21:00"),
        ("tasca", "pode passar a minha reserva para as 21h?", "21:00"),
        ("tasca", "dá para passar para as 21h?", "21:00"),  # the booking left unsaid
        ("tasca", "dá pra passar pras 21h?", "21:00"),
        ("roma", "si può posticipare alle 21?", "21:00"),
    ],
)
def test_bringing_forward_or_pushing_back_is_a_move_to_the_hour_said(venues, venue_id, text, time):
    reading = read(venues, venue_id, text)
    assert "move" in reading.intents and reading.time == time


def test_to_before_a_number_is_an_hour_only_in_a_move(venues):
    assert read(venues, "harbour", "a table for 2 to 4 people").time is None


@pytest.mark.parametrize(
    ("venue_id", "text", "day"),
    [
        ("cabinet", "un détartrage la semaine prochaine, mardi de préférence, en fin de matinée", 1),
        ("harbour", "friday, next week, at 8", 4),
        ("roma", "la prossima settimana, venerdì alle 20", 4),
        ("tasca", "para a próxima semana, sexta às 20h", 4),
    ],
)
def test_next_week_and_a_weekday_with_a_comma_between_them_are_one_day(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == dt.date(2026, 12, day)


@pytest.mark.parametrize(("venue_id", "text", "day"), [
    # a weekday gone by
    ("roma", "siamo stati da voi sabato scorso, vorremmo tornare venerdì alle 20 in 2", dt.date(2026, 11, 27)),
    ("cabinet", "j'étais venu lundi dernier, je voudrais un rdv jeudi 10h", dt.date(2026, 11, 26)),
    ("tasca", "estivemos aí no sábado passado, queremos mesa sexta às 20h para 2", dt.date(2026, 11, 27)),
    ("harbour", "we came last saturday and loved it", None),
    ("harbour", "the last saturday of the month", dt.date(2026, 11, 28)),  # one to come
    # a day said just before "not", when another follows
    ("tasca", "na sexta não dá, pode ser sábado às 20h para 2?", dt.date(2026, 11, 28)),
    ("roma", "venerdì non posso, sabato alle 20 va bene?", dt.date(2026, 11, 28)),
    ("harbour", "friday is not possible, saturday at 8?", dt.date(2026, 11, 28)),
    ("tasca", "sexta não", dt.date(2026, 11, 27)),  # no other day said: that one, whatever the no means
    # the booking they have, named before another asked for
    ("harbour", "I have a booking on saturday, can I also book sunday lunch for 2?", dt.date(2026, 11, 29)),
    ("harbour", "we have a table on saturday, can we also get one on sunday?", dt.date(2026, 11, 29)),
    ("roma", "ho già una prenotazione sabato, vorrei prenotare anche domenica a pranzo", dt.date(2026, 11, 29)),
    # a day said in a sentence before the one asking to book another
    ("harbour", "today is my anniversary, can we book tomorrow at 8 for 2?", dt.date(2026, 11, 24)),
    ("cabinet", "c'est mon anniversaire samedi, je voudrais réserver vendredi", dt.date(2026, 11, 27)),
    ("tasca", "sábado é o aniversário da minha mulher, queria reservar para sexta", dt.date(2026, 11, 27)),
    ("roma", "oggi è il mio compleanno! vorrei prenotare per sabato sera in 4", dt.date(2026, 11, 28)),
    ("roma", "venerdì sera, vorrei prenotare un tavolo per 4", dt.date(2026, 11, 27)),  # no day after the verb
    ("harbour", "saturday, a table for 4 at 8, or sunday", dt.date(2026, 11, 28)),  # a table is no verb
])  # fmt: skip
def test_of_two_days_said_the_one_booked_is_neither_gone_by_nor_refused_nor_the_one_they_have_nor_an_occasion(
    venues, venue_id, text, day
):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(("venue_id", "text", "day", "time"), [
    ("roma", "tavolo per 2 domani a otto, Marco Rossi", dt.date(2026, 12, 1), None),  # a week from tomorrow, no 8pm
    ("roma", "tavolo per 2 sabato a quindici", dt.date(2026, 12, 12), None),
    ("roma", "sabato a otto alle 20", dt.date(2026, 12, 5), "20:00"),
    ("tasca", "mesa para 2 amanhã a oito", dt.date(2026, 12, 1), None),
    ("tasca", "mesa para 2 daqui a oito dias", dt.date(2026, 11, 30), None),  # "oito dias" is a week
])  # fmt: skip
def test_a_day_a_week_on_says_no_hour(venues, venue_id, text, day, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (day, time)


def test_a_weekday_with_a_comma_before_anything_else_is_still_this_week_s(venues):
    assert read(venues, "cabinet", "mardi, à 10h").day == dt.date(2026, 11, 24)


@pytest.mark.parametrize(
    ("venue_id", "text", "intent"),
    [
        ("roma", "un tavolo il prima possibile", "earliest"),
        ("roma", "vorrei prenotare al più presto per 2", "earliest"),
        ("cabinet", "j'aurais besoin d'un rendez-vous assez rapidement", "earliest"),
        ("cabinet", "un rdv au plus tôt svp", "earliest"),
        ("tasca", "uma mesa o mais rápido possível", "earliest"),
        ("harbour", "the latest you have on friday", "latest"),
    ],
)
def test_the_earliest_or_latest_is_read_and_names_no_day_of_its_own(venues, venue_id, text, intent):
    reading = read(venues, venue_id, text)
    assert intent in reading.intents and reading.day == (dt.date(2026, 11, 27) if "friday" in text else None)


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time", "people"),
    [
        ("harbour", "friday seven thirty", dt.date(2026, 11, 27), "19:30", None),
        ("harbour", "tmrw 7:45pm x4", dt.date(2026, 11, 24), "19:45", 4),
        ("roma", "venerdì otto e mezza", dt.date(2026, 11, 27), "20:30", None),
        ("roma", "sabato otto e un quarto in 4", dt.date(2026, 11, 28), "20:15", 4),
        ("tasca", "sexta às oito e um quarto", dt.date(2026, 11, 27), "20:15", None),
        ("cabinet", "lundi 9 et demie", dt.date(2026, 11, 30), "09:30", None),
        ("harbour", "friday twenty past seven", dt.date(2026, 11, 27), "19:20", None),
        ("harbour", "friday 10 to 8 for 4", dt.date(2026, 11, 27), "19:50", 4),
        ("harbour", "Table for four, Friday, eight o'clock", dt.date(2026, 11, 27), "20:00", 4),
        ("harbour", "friday 8 oclock", dt.date(2026, 11, 27), "20:00", None),
        ("harbour", "friday eight for 2", dt.date(2026, 11, 27), "20:00", 2),  # an hour after a weekday
        ("harbour", "friday 8 for 2", dt.date(2026, 11, 27), "20:00", 2),
        ("roma", "venerdì otto per 2", dt.date(2026, 11, 27), "20:00", 2),
        ("tasca", "sexta oito para 2", dt.date(2026, 11, 27), "20:00", 2),
        ("harbour", "friday 8 people", dt.date(2026, 11, 27), None, 8),  # a count, not an hour
        ("harbour", "the friday one", dt.date(2026, 11, 27), None, None),
        ("tasca", "sexta 4 de dezembro", dt.date(2026, 12, 4), None, None),  # a date
        ("harbour", "friday at 1930 for 2", dt.date(2026, 11, 27), "19:30", 2),  # a 24-hour time written short
        ("roma", "venerdì alle 2030", dt.date(2026, 11, 27), "20:30", None),
        ("harbour", "friday, we opened in 1930", dt.date(2026, 11, 27), None, None),  # a year
        ("harbour", "need table 4 6 ppl fri 730", dt.date(2026, 11, 27), "19:30", 6),  # three digits, "fri"
        ("harbour", "table for 2 fri 1930", dt.date(2026, 11, 27), "19:30", 2),
        ("harbour", "sat 830pm for 2", dt.date(2026, 11, 28), "20:30", 2),
        ("harbour", "table for 2 sat 7:30pm", dt.date(2026, 11, 28), "19:30", 2),  # it lost the Saturday
    ],
)
def test_a_time_said_in_words_without_at_is_read(venues, venue_id, text, day, time, people):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.people) == (day, time, people)


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time"),
    [
        ("harbour", "table for 4 at 8, sorry at 9", None, "21:00"),
        ("roma", "tavolo per 4 alle 20, anzi alle 21", None, "21:00"),
        ("cabinet", "rdv mardi à 10h, pardon, 11h", dt.date(2026, 11, 24), "11:00"),
        ("tasca", "mesa para 4 às 20h, aliás às 21h", None, "21:00"),
        ("harbour", "table for 4 on friday, actually saturday, at 8", dt.date(2026, 11, 28), "20:00"),
        ("roma", "tavolo per 4 venerdì, anzi sabato, alle 20", dt.date(2026, 11, 28), "20:00"),
        ("harbour", "table for 2 on friday at 8, sorry for the late notice", dt.date(2026, 11, 27), "20:00"),
    ],
)
def test_a_day_or_time_said_after_a_correction_replaces_the_one_said_before(venues, venue_id, text, day, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (day, time)


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "time"),
    [
        ("cabinet", "un contrôle jeudi 3 à 10h", dt.date(2026, 12, 3), "10:00"),  # it was Thursday 26th at 3 pm
        ("cabinet", "samedi 5", dt.date(2026, 12, 5), None),
        ("roma", "un tavolo sabato 5 alle 20", dt.date(2026, 12, 5), "20:00"),
        ("roma", "per 2 sabato 5", dt.date(2026, 12, 5), None),
        ("tasca", "mesa sábado 5 às 20h", dt.date(2026, 12, 5), "20:00"),
        ("harbour", "table for 2 Saturday 5 at 8pm", dt.date(2026, 12, 5), "20:00"),
        ("harbour", "friday 4 at 7:30pm", dt.date(2026, 12, 4), "19:30"),
        ("harbour", "friday 4 for 2", dt.date(2026, 11, 27), "16:00"),  # English, no other hour: 4 pm
        ("roma", "venerdì 8 per 2", dt.date(2026, 11, 27), "20:00"),  # the 8th is a Tuesday: the hour
        ("roma", "sabato cinque alle venti", dt.date(2026, 12, 5), "20:00"),  # spoken, with its hour after it
        ("roma", "sabato cinque per 2", dt.date(2026, 11, 28), "17:00"),  # spoken alone: the hour
    ],
)
def test_a_number_in_digits_after_a_weekday_is_its_date_when_the_date_falls_on_it(venues, venue_id, text, day, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time) == (day, time)


@pytest.mark.parametrize(
    ("venue_id", "text", "days"),
    [
        ("harbour", "can i get a table on the weekend of the 12th", (dt.date(2026, 12, 12), dt.date(2026, 12, 13))),
        ("harbour", "table for 2 the weekend of december 10th", (dt.date(2026, 12, 12), dt.date(2026, 12, 13))),
        ("cabinet", "un rdv le week-end du 12 décembre", (dt.date(2026, 12, 12), dt.date(2026, 12, 13))),
        ("roma", "un tavolo il fine settimana del 12", (dt.date(2026, 12, 12), dt.date(2026, 12, 13))),
        ("tasca", "mesa para o fim de semana de 12 de dezembro", (dt.date(2026, 12, 12), dt.date(2026, 12, 13))),
        ("harbour", "table for 2 this weekend", (dt.date(2026, 11, 28), dt.date(2026, 11, 29))),
    ],
)
def test_the_weekend_of_a_date_is_its_saturday_or_sunday(venues, venue_id, text, days):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.day_choices) == (days[0], days) and reading.week_of is None


@pytest.mark.parametrize(
    ("venue_id", "text", "day"),
    [
        ("roma", "avete posto stasera o domani sera?", dt.date(2026, 11, 23)),  # was tomorrow: the longer words
        ("harbour", "any tables tonight or tomorrow night for 2?", dt.date(2026, 11, 23)),
        ("cabinet", "vous avez de la place jeudi ou après-demain ?", dt.date(2026, 11, 26)),
        ("tasca", "tem mesa amanhã ou depois de amanhã?", dt.date(2026, 11, 24)),
        ("harbour", "friday at 8 or saturday for 2", dt.date(2026, 11, 27)),
        ("tasca", "quero o jantar de sábado", dt.date(2026, 11, 28)),  # "o" is an article here
        ("roma", "per 2 o 3 persone domani", dt.date(2026, 11, 24)),  # no day before the "or"
    ],
)
def test_of_two_days_offered_as_a_choice_the_first_said_is_read(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(("venue_id", "text", "day"), [
    ("harbour", "table for 2 the day after tomorrow at 8", dt.date(2026, 11, 25)),
    ("roma", "un tavolo per 2 il giorno dopo Natale alle 20", dt.date(2026, 12, 26)),
])  # fmt: skip
def test_the_day_after_a_day_said_is_that_day_not_a_booking_s_next(venues, venue_id, text, day):
    reading = read(venues, venue_id, text)
    assert reading.day == day and not {"day_after", "move"} & reading.intents


@pytest.mark.parametrize(("venue_id", "text", "day"), [
    ("roma", "tavolo per 2 alle 20 per San Valentino", dt.date(2027, 2, 14)),
    ("harbour", "a table for 2 for valentine's day at 8", dt.date(2027, 2, 14)),
    ("harbour", "table for 2 on friday at 8 for valentine's", dt.date(2026, 11, 27)),  # the occasion of Friday
    ("harbour", "table for 2 friday for easter at 1", dt.date(2026, 11, 27)),
    ("harbour", "table for 6 for christmas eve at 8", dt.date(2026, 12, 24)),  # the only day said
])  # fmt: skip
def test_a_feast_said_by_name_is_the_day_only_when_no_other_is_said(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(("venue_id", "text", "awaiting", "name", "people"), [
    ("harbour", "Mia", ("patient.name",), "Mia", None),  # "mia" stops a name: "Mia" alone is one
    ("harbour", "Mia Rossi", ("patient.name",), "Mia Rossi", None),
    ("roma", "Mia moglie ed io vorremmo un tavolo sabato alle 20", (), None, 2),
])  # fmt: skip
def test_a_first_name_that_is_a_small_word_elsewhere_is_a_name_only_written_as_one(
    venues, venue_id, text, awaiting, name, people
):
    reading = read(venues, venue_id, text, awaiting=awaiting)
    assert (reading.name, reading.people) == (name, people)


@pytest.mark.parametrize(("text", "time"), [
    ("ok that one", None),  # was 1 pm
    ("that one please", None),
    ("another one", None),
    ("the one at 8", "20:00"),
    ("at one", "13:00"),
])  # fmt: skip
def test_one_pointing_at_something_is_no_one_o_clock(venues, text, time):
    assert read(venues, "harbour", text, awaiting=("slot.start_iso",)).time == time


@pytest.mark.parametrize(("text", "day"), [
    ("move the lunch one to 2pm", None),  # was the 1st of December
    ("cancel the morning one", None),
    ("the lunch one on sunday", dt.date(2026, 11, 29)),
    ("on the twenty one", dt.date(2026, 12, 21)),
])  # fmt: skip
def test_the_one_of_a_part_of_the_day_points_at_a_booking_and_names_no_day(venues, text, day):
    assert read(venues, "harbour", text).day == day


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "otherwise"),
    [
        ("harbour", "table for 2, tonight if possible, otherwise tomorrow", 23, 24),
        ("harbour", "do you have a table for 2 tonight? if not tomorrow is fine", 23, 24),  # no "not tomorrow"
        ("roma", "stasera per 2, se no domani", 23, 24),
        ("cabinet", "un contrôle vendredi, sinon dimanche matin", 27, 29),
        ("tasca", "hoje se possível, senão amanhã, somos 2", 23, 24),
        ("tasca", "mesa para 2 hoje ou quinta às 20h", 23, 26),
    ],
)
def test_the_second_of_two_days_offered_is_kept_for_when_the_first_cannot_be(venues, venue_id, text, day, otherwise):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.day_else) == (dt.date(2026, 11, day), dt.date(2026, 11, otherwise))


def test_of_two_days_in_a_move_the_first_is_still_the_booking_s(venues):
    reading = read(venues, "harbour", "can we move my booking from friday to saturday or sunday?")
    assert reading.day_from == dt.date(2026, 11, 27) and reading.day == dt.date(2026, 11, 28)


@pytest.mark.parametrize(("venue_id", "text", "day"), [
    ("roma", "ieri sera ho prenotato per sabato, posso spostare alle 21?", dt.date(2026, 11, 28)),
    ("cabinet", "j'ai appelé hier pour un rendez-vous mardi, je voudrais l'annuler", dt.date(2026, 11, 24)),
])  # fmt: skip
def test_yesterday_said_of_what_was_done_is_neither_the_booking_s_day_nor_a_second_day(venues, venue_id, text, day):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.day_from, reading.days_named, reading.past_day) == (day, None, (), None)


def test_the_weekend_of_a_date_gone_by_has_passed(venues):
    reading = read(venues, "harbour", "table for 2 the weekend of 20/11/2026")  # it raised IndexError
    assert (reading.day, reading.past_day) == (None, dt.date(2026, 11, 21))


@pytest.mark.parametrize(
    ("venue_id", "text", "day"),
    [
        ("harbour", "first saturday of december at 8 for 4", dt.date(2026, 12, 5)),
        ("harbour", "a table the weekend after next", dt.date(2026, 12, 5)),  # Saturday, or Sunday: asked
        ("roma", "il primo sabato di dicembre per 4 alle 20", dt.date(2026, 12, 5)),
        ("harbour", "it's our first saturday off in ages, table for 2 on friday", dt.date(2026, 11, 27)),
    ],
)
def test_the_nth_weekday_of_a_month_is_read_in_a_message(venues, venue_id, text, day):
    assert read(venues, venue_id, text).day == day


@pytest.mark.parametrize(
    ("venue_id", "text", "time", "people"),
    [
        ("harbour", "friday from 7 to 8", "19:00", None),  # not 7 minutes to 8
        ("harbour", "between 7 and 8pm on Friday", "19:00", None),  # not 7:08
        ("harbour", "between 7 to 8pm on Friday", "19:00", None),
        ("harbour", "friday 7-8pm for 2", "19:00", 2),
        ("harbour", "friday between 7:30 and 8:30", "19:30", None),
        ("roma", "venerdì dalle 20 alle 21", "20:00", None),
        ("cabinet", "vendredi entre 14h et 15h", "14:00", None),
        ("tasca", "sexta entre as 20 e as 21", "20:00", None),
        ("harbour", "friday, between 6 and 8 people", None, 8),  # a span of people
    ],
)
def test_a_span_of_two_hours_is_its_start(venues, venue_id, text, time, people):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.people) == (dt.date(2026, 11, 27), time, people)


@pytest.mark.parametrize(("venue_id", "text"), [("harbour", "in between 2 and 3 weeks"), ("roma", "fra 2 e 3 giorni")])
def test_a_span_of_days_or_weeks_is_no_hour(venues, venue_id, text):
    assert read(venues, venue_id, text).time is None


@pytest.mark.parametrize("text", ["un quarto d'ora più tardi", "posticipare di un quarto d'ora"])
def test_a_quarter_of_an_hour_is_no_fourth_of_the_month(venues, text):
    reading = read(venues, "roma", text)
    assert (reading.day, reading.shift) == (None, 15)


@pytest.mark.parametrize(
    ("venue_id", "text", "day", "shift"),
    [
        ("roma", "possiamo anticipare di un'ora?", None, -60),
        ("roma", "sabato, un'ora prima", dt.date(2026, 11, 28), -60),
        ("cabinet", "avancer le rendez-vous d'une heure", None, -60),
        ("cabinet", "une heure plus tard", None, 60),
        ("tasca", "adiantar uma hora", None, -60),
        # the booking named with its day between the verb and the amount: that day is still read
        ("harbour", "can we push our saturday booking back half an hour?", dt.date(2026, 11, 28), 30),
        ("harbour", "could you move my friday booking forward an hour?", dt.date(2026, 11, 27), -60),
        ("cabinet", "avancer mon rendez-vous de mercredi d'une heure", dt.date(2026, 11, 25), -60),
        ("roma", "posticipare la prenotazione di sabato di mezz'ora", dt.date(2026, 11, 28), 30),
        ("tasca", "atrasar a reserva de sábado meia hora", dt.date(2026, 11, 28), 30),
    ],
)
def test_an_hour_s_shift_is_no_one_o_clock(venues, venue_id, text, day, shift):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.shift) == (day, None, shift)


@pytest.mark.parametrize(
    ("venue_id", "text", "people"),
    [
        # a group, whose article counts no one; a party for someone else; in short
        ("harbour", "we are a group of 5, sunday lunch 1pm", 5),
        ("roma", "siamo un gruppo di 8 sabato sera", 8),
        ("harbour", "a table for my parents? they are 2, tomorrow 12:30", 2),
        ("tasca", "pour mes parents, ils sont 2, demain à 20h", 2),
        ("tasca", "eles são 3, sábado às 20h", 3),
        ("harbour", "sat 8pm 4ppl", 4),
        ("harbour", "sun lunch 2pax", 2),
        # an article before a thing is no party of one
        ("roma", "si può prenotare per un compleanno di 20 persone?", 20),
        ("tasca", "para uma festa de 10 pessoas", 10),
        ("roma", "per una persona", 1),
        ("roma", "un tavolo per uno", 1),
        # without a number, unless a count or more people are said
        ("harbour", "me and my husband, friday at 8", 2),
        ("harbour", "dinner with my wife saturday 7pm", 2),
        ("harbour", "just me, tonight at 9", 1),
        ("harbour", "a table for myself on friday at 8, Adam", 1),
        ("harbour", "can you book a table for me on friday at 8?", None),  # booked for them, not alone
        ("roma", "un tavolo per me da solo venerdì alle 20", 1),
        ("tasca", "vou sozinho, sexta às 20h", 1),
        ("harbour", "table for me, my wife and our son on friday at 8", None),  # a companion after it: not one
        ("harbour", "just me, my name is Adam, friday at 8", 1),  # no companion after it
        ("roma", "io e mia moglie venerdì alle 20", 2),
        ("roma", "noi due, sabato sera", 2),
        ("roma", "solo io", 1),
        ("tasca", "eu e a minha mulher, sábado às 20h", 2),
        ("tasca", "mesa para mim e para a minha mulher sexta às 20h", 2),  # "para mim", not "eu"
        ("tasca", "mesa para mim e o meu marido sexta às 20h", 2),
        ("tasca", "para mim e a minha mulher e os 2 filhos", 4),
        ("tasca", "nous deux, samedi à 20h", 2),
        ("harbour", "a table for 4 with my wife", 4),
        ("harbour", "me and my wife and our 2 kids on friday", 4),  # the two and those counted after them
        ("tasca", "somos um casal e 2 filhos", 4),
        ("harbour", "a couple and 2 kids on friday", 4),
        ("roma", "io e mia moglie e i nostri due bambini", 4),
        ("harbour", "just the two of us and a baby", 3),
        ("harbour", "me and my friends on friday", None),  # not counted
        # the one speaking and those counted
        ("harbour", "me and 3 friends on friday at 8", 4),
        ("harbour", "a table for me and my 2 kids", 3),
        ("roma", "io e 3 amici sabato", 4),
        ("roma", "3 amici e io", 4),
        ("tasca", "eu e 5 colegas", 6),
        ("tasca", "3 amis et moi, samedi à 20h", 4),
        ("harbour", "we are 4, me and 3 friends", 4),
        ("harbour", "can I come in at 8 tonight with 2 friends?", 3),
        ("harbour", "a table for 2 on friday at 8 - actually make it 4 people", 4),  # the party corrected
        ("roma", "tavolo per 2, anzi per 3, venerdì alle 20", 3),
        ("roma", "un tavolo per mia moglie e me venerdì alle 20", 2),
        ("tasca", "a minha mulher e eu, sábado às 20h", 2),
        ("roma", "vorrei venire sabato alle 20 con 3 amici", 4),
        ("harbour", "table for 6 with 2 kids", 6),  # a count of its own: the party
        ("harbour", "table for a couple friday 8", 2),
        ("harbour", "half a dozen of us saturday at 8", 6),  # a group's count
        ("roma", "siamo una decina sabato sera", 10),
        ("roma", "tavolo per una quindicina di persone sabato", 15),
        ("tasca", "mesa para uma dúzia de pessoas sábado", 12),
        ("harbour", "a dozen oysters please", None),
        ("roma", "siamo una coppia, sabato alle 20", 2),
        ("tasca", "somos um casal, sábado às 20h", 2),
        ("harbour", "can we stay for a couple of hours on friday at 8?", None),
        ("roma", "una coppia di amici e noi sabato alle 20", None),
        ("harbour", "we're 4, sunday 1pm", 4),
        ("harbour", "we're 4 plus a baby, sunday 1pm", 5),
        ("harbour", "actually we're now 6 instead of 4", 6),  # a word between the lead and the number
        ("roma", "siamo solo 2, sabato alle 20", 2),
        ("tasca", "nous sommes maintenant 6", 6),
        ("tasca", "somos só 3 sábado às 20h", 3),
        ("harbour", "table for just 2 at 8", 2),
        ("harbour", "we are still 5 minutes away", None),
        ("roma", "tavolo per 2 o 3 venerdì alle 20", 3),  # the larger, for the table to fit (it was 2)
        ("harbour", "we'll be 5 or 6", 6),
        ("harbour", "table for 2 or 8pm", 2),
        ("harbour", "we'll be 6, possibly 7", 7),  # the larger, as "or"
        ("roma", "saremo in 4, forse 5, sabato alle 20", 5),
        ("tasca", "somos 4, talvez 5", 5),
        ("harbour", "table for 2 maybe 8pm friday", 2),
        ("harbour", "dinner this Friday for 3, maybe 7:30?", 3),
        ("roma", "siamo noi tre sabato alle 20", 3),  # "noi due" was read, "noi tre" was not
        ("tasca", "nós três sábado às 20h", 3),
        ("roma", "una tavolata da 8 sabato alle 20", 8),
        ("roma", "salve, siamo una tavolata di 8 per sabato sera", 8),
        ("tasca", "podem ligar-nos 2 vezes", None),  # a count of times
    ],
)
def test_the_party_is_read_however_it_is_said(venues, venue_id, text, people):
    assert read(venues, venue_id, text).people == people


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "table for 2 tomorrow at 8, the booking is for John Smith", "John Smith"),
        ("roma", "la prenotazione è per Luca Bianchi", "Luca Bianchi"),
        ("harbour", "the booking is for 2 people", None),
        ("roma", "la prenotazione è per domani", None),
    ],
)
def test_who_the_booking_is_for_is_its_name_but_a_party_or_a_day_is_not(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("cabinet", "rendez-vous pour ma fille Léa Dubois, contrôle, mercredi 14h", "Léa Dubois"),
        ("cabinet", "un contrôle pour mon fils Adam mercredi à 14h", "Adam"),  # not "Adam mercredi"
        ("roma", "una visita per mia figlia Giulia Rossi", "Giulia Rossi"),
        ("tasca", "consulta para a minha filha Inês Costa, quarta às 10h", "Inês Costa"),
        ("harbour", "table for 2 friday 8pm for my mum Jane Smith", "Jane Smith"),
        ("harbour", "booking for my sister Jane Smith, 3 people, saturday 8pm", "Jane Smith"),
        ("roma", "tavolo per mia sorella Giulia Verdi, 3 persone, sabato alle 20", "Giulia Verdi"),
        ("cabinet", "un rdv pour ma sœur Claire Martin, contrôle mardi 9h", "Claire Martin"),
        ("tasca", "mesa para a minha irmã Rita Dias, 3 pessoas, sábado às 20h", "Rita Dias"),
        ("harbour", "table for my friend and me, friday at 8", None),
        ("cabinet", "un contrôle pour mon fils de 8 ans mercredi 14h", None),
        ("harbour", "a table for my wife's birthday on friday at 8", None),
        ("harbour", "table for my wife and me on friday at 8", None),
        ("harbour", "Do you have vegetarian options, for my daughter? Table for 2 Saturday at 8", None),
    ],
)
def test_a_capitalised_name_after_who_the_booking_is_for_is_the_name(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "sorry, my name is Tim not Tom", "Tim"),
        ("roma", "mi chiamo Marco non Luca", "Marco"),
        ("tasca", "o meu nome é Ana Sousa não Ana Silva", "Ana Sousa"),
        ("cabinet", "je m'appelle Paul Morin pas Martin", "Paul Morin"),
    ],
)
def test_a_name_said_against_another_is_the_name_before_the_not(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("roma", "prenotazione per mia madre, la signora Bianchi, sabato alle 20 per 2", "Bianchi"),
        ("tasca", "é para o meu pai, o senhor Costa, sexta às 20h, 2 pessoas", "Costa"),
        ("cabinet", "contrôle mercredi 14h, madame Dupont", "Dupont"),
        ("harbour", "table for 2 friday 8pm for my mum, Mrs Smith", "Mrs Smith"),  # a title written short is kept
    ],
)
def test_a_name_after_a_title_said_in_words_is_the_name_as_after_a_nome_della_signora(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


def test_a_name_after_under_is_read_and_under_a_window_names_nobody(venues):
    assert read(venues, "harbour", "for 2 at 7:30 on the 5th of December under Smith?").name == "Smith"
    assert read(venues, "harbour", "a table for 2 under the window").name is None


@pytest.mark.parametrize(
    ("venue_id", "text", "cancel"),
    [
        ("harbour", "what's the cancellation policy?", False),
        ("roma", "qual è la vostra politica di cancellazione?", False),
        ("cabinet", "quelles sont vos conditions d'annulation ?", False),
        ("tasca", "há taxa de cancelamento?", False),
        ("harbour", "I need to cancel, is there a cancellation fee?", True),
    ],
)
def test_the_terms_of_cancelling_asked_about_are_no_cancellation(venues, venue_id, text, cancel):
    assert ("cancel" in read(venues, venue_id, text).intents) is cancel


@pytest.mark.parametrize(
    ("venue_id", "text"),
    [
        ("harbour", "Sounds good"),
        ("harbour", "Hold on"),
        ("harbour", "Whichever"),
        ("harbour", "Fine"),
        ("roma", "Va benissimo"),
        ("roma", "Aspetta"),
        ("cabinet", "Aucun"),
        ("cabinet", "Peu importe"),
        ("tasca", "Tanto faz"),
        ("tasca", "Nenhum"),
        ("roma", "quello che c'è"),  # it was the name "Quello Che C'È"
        ("harbour", "what do you have"),
        # nor a part of the day
        ("harbour", "Evening"),
        ("cabinet", "l'après-midi"),
        ("tasca", "à noite"),
    ],
)
def test_a_reply_that_agrees_waits_or_refuses_names_nobody(venues, venue_id, text):
    assert read(venues, venue_id, text, ("patient.name", "slot.start_iso")).name is None


@pytest.mark.parametrize(
    ("venue_id", "text"),
    [
        ("harbour", "no problem"),
        ("harbour", "no worries, thanks"),
        ("cabinet", "aucun souci"),
        ("cabinet", "oui, pas de problème"),
        ("roma", "nessun problema"),
        ("tasca", "sem problema"),
    ],
)
def test_no_problem_is_a_yes_not_a_no(venues, venue_id, text):
    intents = read(venues, venue_id, text).intents
    assert "yes" in intents and "no" not in intents


@pytest.mark.parametrize(
    ("venue_id", "text"),
    [
        ("harbour", "not sure"),
        ("harbour", "not correct"),
        ("roma", "non va bene"),
        ("roma", "non è perfetto"),
        ("cabinet", "pas d'accord"),
        ("tasca", "não pode ser"),
        ("harbour", "absolutely not"),
        ("roma", "certo che no"),
        ("tasca", "claro que não"),
    ],
)
def test_a_yes_word_beside_a_negation_is_a_no(venues, venue_id, text):
    assert read(venues, venue_id, text).intents == {"no"}


@pytest.mark.parametrize("text", [
    "Why?", "Why do you need it?", "Do you need my surname?", "no name needed?", "is a name required?",
    "first name only?", "hi", "I love the harbour kitchen!",
])  # fmt: skip
def test_a_question_asked_back_for_the_name_names_nobody(venues, text):
    assert read(venues, "harbour", text, ("patient.name",)).name is None


@pytest.mark.parametrize("text", ["je ne sais pas", "je sais pas", "aucune idée", "j'ai oublié"])  # not "J'Ai Oublié"
def test_not_knowing_said_while_the_name_is_asked_names_nobody(venues, text):
    assert read(venues, "cabinet", text, ("patient.name", "slot.start_iso")).name is None  # not "Je Ne Sais"


@pytest.mark.parametrize(("venue_id", "text"), [
    ("roma", "ho dimenticato"), ("roma", "non mi ricordo"), ("tasca", "esqueci-me"), ("tasca", "não me lembro"),
    ("harbour", "i forgot"), ("harbour", "can't remember"), ("cabinet", "je m'en souviens plus"),
])  # fmt: skip
def test_forgetting_said_while_the_name_is_asked_names_nobody(venues, venue_id, text):
    assert read(venues, venue_id, text, ("patient.name",)).name is None  # not "Ho Dimenticato", "Esqueci-Me"


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [("harbour", "Just John", "John"), ("roma", "solo Marco", "Marco"), ("tasca", "só Ana", "Ana")],
)
def test_just_before_the_name_is_not_part_of_it(venues, venue_id, text, name):
    assert read(venues, venue_id, text, ("patient.name",)).name == name


@pytest.mark.parametrize(
    ("venue_id", "text", "people"),
    [
        ("harbour", "a couple", 2),
        ("roma", "una coppia", 2),
        ("tasca", "um casal", 2),
        ("harbour", "about 6", 6),
        ("roma", "circa 6", 6),
        ("tasca", "uns 6", 6),
        ("harbour", "6 or 7", 7),  # the larger, for the table to fit
        ("roma", "5 o 6", 6),
        ("harbour", "half a dozen", 6),
        ("harbour", "4 including me", 4),
        ("harbour", "a family of 4", 4),
    ],
)
def test_the_party_asked_for_may_be_answered_approximately_or_in_words(venues, venue_id, text, people):
    assert read(venues, venue_id, text, ("party_size",)).people == people


@pytest.mark.parametrize(
    ("venue_id", "text", "people"),
    [
        ("harbour", "ok ten then, on Saturday at 8", 10),
        ("harbour", "4, saturday at 8", 4),
        ("roma", "allora 6, sabato alle 20", 6),
    ],
)
def test_the_party_asked_for_answered_first_with_the_day_and_time_after_a_comma_is_read(venues, venue_id, text, people):
    reading = read(venues, venue_id, text, ("party_size",))
    assert (reading.people, reading.day) == (people, dt.date(2026, 11, 28))


def test_around_a_number_when_the_time_is_asked_too_is_no_party(venues):
    assert read(venues, "harbour", "around 8", ("party_size", "slot.start_iso")).people is None


@pytest.mark.parametrize(("venue_id", "text", "time"), [
    ("harbour", "table for 2 the day after tomorrow at 8", "20:00"),
    ("cabinet", "rdv après-demain à 9h", "09:00"),
])  # fmt: skip
def test_the_day_after_tomorrow_bounds_no_time(venues, venue_id, text, time):
    reading = read(venues, venue_id, text)
    assert (reading.day, reading.time, reading.time_near) == (dt.date(2026, 11, 25), time, None)  # not "after 8"


@pytest.mark.parametrize(("venue_id", "text"), [("harbour", "after 2 days"), ("roma", "dopo 2 giorni")])
def test_a_number_after_a_bound_with_its_unit_is_no_hour(venues, venue_id, text):
    reading = read(venues, venue_id, text)
    assert (reading.time, reading.time_near) == (None, None)


@pytest.mark.parametrize(
    ("venue_id", "text", "time"),
    [
        ("harbour", "1930", "19:30"),
        ("roma", "2030", "20:30"),
        ("harbour", "730", "19:30"),
        ("harbour", "2026", None),  # a year, no quarter of an hour
    ],
)
def test_the_time_asked_for_may_be_four_digits(venues, venue_id, text, time):
    reading = read(venues, venue_id, text, ("slot.start_iso",))
    assert (reading.time, reading.time_near) == (time, None)


@pytest.mark.parametrize(("venue_id", "text", "awaiting", "time", "otherwise"), [
    ("harbour", "8 or 9", ("slot.start_iso",), "20:00", "21:00"),  # either will do, the first preferred
    ("roma", "20 o 21", ("slot.start_iso",), "20:00", "21:00"),
    ("harbour", "7:30 or 8", ("slot.start_iso",), "19:30", "20:00"),
    ("harbour", "7 or 7:30 is fine", ("slot.start_iso",), "19:00", "19:30"),  # was 7:30, the time with a colon
    ("harbour", "table for 2 on saturday at 7 or 7:30", (), "19:00", "19:30"),
    ("roma", "tavolo per 2 sabato alle 20 o alle 21", (), "20:00", "21:00"),
    ("cabinet", "un rdv jeudi à 10h ou 11h", (), "10:00", "11:00"),
    ("tasca", "mesa para 2 sábado às 20h ou 21h", (), "20:00", "21:00"),
    ("harbour", "table for 2 or 3 people on saturday at 8", (), "20:00", None),  # two parties, not times
    ("harbour", "table for 2 on saturday at 7 or 7pm", (), "19:00", None),  # the same time
    ("harbour", "table for 2 tomorrow at noon or 1pm", (), "12:00", "13:00"),  # it read 1 pm, the one in digits
    ("roma", "tavolo per 2 sabato alle 20 o alle 20 e 30", (), "20:00", "20:30"),  # it read 20:30: "e 30" was left
    ("roma", "tavolo per 2 sabato alle 20 e 30 o alle 21", (), "20:30", "21:00"),  # the first of several words
    ("harbour", "table for 2 on saturday at 7 pm or 8 pm", (), "19:00", "20:00"),
    ("roma", "tavolo per 2 sabato alle 8 di sera o alle 9 di sera", (), "20:00", "21:00"),
    ("cabinet", "un contrôle jeudi à 10h ou 11h et demie", (), "10:00", "11:30"),
])  # fmt: skip
def test_two_times_either_of_which_will_do_are_the_first_and_the_other(
    venues, venue_id, text, awaiting, time, otherwise
):
    reading = read(venues, venue_id, text, awaiting)
    assert (reading.time, reading.time_else) == (time, otherwise)


@pytest.mark.parametrize(
    ("venue_id", "text", "day"),
    [
        ("harbour", "fri", dt.date(2026, 11, 27)),
        ("harbour", "Sun", dt.date(2026, 11, 29)),
        ("roma", "sab", dt.date(2026, 11, 28)),
    ],
)
def test_a_weekday_cut_short_alone_is_the_day_asked_for(venues, venue_id, text, day):
    assert read(venues, venue_id, text, ("slot.start_iso",)).day == day
    assert read(venues, venue_id, text).day is None  # not asked: "sun", "mar" are other words too


@pytest.mark.parametrize("text", ["table for 4 on NYE", "NYE at 9 for 2"])
def test_nye_is_new_year_s_eve(venues, text):
    assert read(venues, "harbour", text).day == dt.date(2026, 12, 31)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Is there step-free access? Table for 2 tomorrow at 8", False),
        ("do you have gluten free options?", False),
        ("any tables free saturday? we need gluten free", True),
    ],
)
def test_free_said_of_something_else_asks_no_availability(venues, text, asked):
    assert ("availability" in read(venues, "harbour", text).intents) is asked


@pytest.mark.parametrize(
    ("venue_id", "text", "time", "people"),
    [
        ("harbour", "table 4 2 @ 8 tmrw, Tom 07400 123456", "20:00", 2),
        ("tasca", "jantar p/ 3 sábado às 20h, Rui 912 345 678", "20:00", 3),
    ],
)
def test_a_message_typed_short_with_a_phone_number_is_read_as_without_it(venues, venue_id, text, time, people):
    reading = read(venues, venue_id, text)
    assert (reading.time, reading.people, reading.phone is not None) == (time, people, True)


@pytest.mark.parametrize(
    ("venue_id", "text", "time", "people", "name"),
    [
        ("harbour", "uh hi i'd like a table for uh four people on friday at like eight", "20:00", 4, None),
        ("harbour", "the name is uh john smith", None, None, "John Smith"),
        ("cabinet", "le 1er décembre à 10h, euh, Jean Martin", "10:00", None, "Jean Martin"),
    ],
)
def test_the_pauses_a_voice_transcript_keeps_are_read_past(venues, venue_id, text, time, people, name):
    reading = read(venues, venue_id, text)
    assert (reading.time, reading.people, reading.name) == (time, people, name)


@pytest.mark.parametrize(
    ("venue_id", "text", "name"),
    [
        ("harbour", "table for 2 at 8, Please, Tom", "Tom"),  # a segment naming nobody is passed over
        ("harbour", "table for 4 sat 1pm, Lee, one of us is vegan", "Lee"),  # a capital after a comma is chosen
        ("roma", "tavolo per 2 sabato alle 20, Luca, è il nostro anniversario", "Luca"),
        ("harbour", "table for 4 sat 1pm. Cool. One of us is vegan", None),  # a keyboard capitalises a sentence
        ("harbour", "table for 4 sat 1pm, Sorry, one of us is vegan", None),
        ("harbour", "table for 4 sat 1pm, December, one of us is vegan", None),
        ("roma", "tavolo per 3 venerdì alle 21, Marco", "Marco"),  # no "março": it is written with a cedilla
        ("tasca", "mesa para 2, 5 marco, às 20h, Rui", "Rui"),  # "marco" in lower case: March typed plainly
        ("harbour", "table for 2 friday at 8pm, Vegetarian, see you", None),  # a request, not who
        ("harbour", "table for 2 friday at 8pm, Regards", None),  # signed off, by nobody
        ("cabinet", "un contrôle vendredi à 10h, Bisous", None),
        ("harbour", "table for 2 at 8, if possible, Outside", None),  # where, not who
    ],
)
def test_one_capitalised_word_is_the_name_last_or_after_a_comma(venues, venue_id, text, name):
    assert read(venues, venue_id, text).name == name


def test_the_name_is_set_aside_as_a_whole_word_only(venues):
    reading = read(venues, "harbour", "for 2 at 8, Tomorrow, name Tom")
    assert (reading.name, reading.day) == ("Tom", dt.date(2026, 11, 24))  # "Tomorrow" is not "Tom" + "orrow"


@pytest.mark.parametrize(
    ("text", "time"), [("saturday at 8 me and my wife", "20:00"), ("saturday at 2 me and my wife", "14:00")]
)
def test_an_hour_before_me_and_my_wife_is_no_count_of_people(venues, text, time):
    reading = read(venues, "harbour", text)
    assert (reading.time, reading.people) == (time, 2)


@pytest.mark.parametrize(
    ("venue_id", "text", "note"),
    [
        (
            "harbour",
            "table for 2 Friday 8pm, please note that one of us is in a wheelchair",
            "one of us is in a wheelchair",
        ),
        ("harbour", "can you add a note that we're bringing a cake?", "we're bringing a cake"),
        ("cabinet", "un contrôle lundi à 10h, notez que je viens avec ma fille", "je viens avec ma fille"),
    ],
)
def test_a_note_asked_for_is_the_booking_s_note_without_the_words_that_ask_for_it(venues, venue_id, text, note):
    assert read(venues, venue_id, text).reason == note


@pytest.mark.parametrize(
    ("venue_id", "text", "awaiting", "name", "time"),
    [
        ("harbour", "Jo Bloggs at 8pm", ("patient.name", "slot.start_iso"), "Jo Bloggs", "20:00"),
        ("roma", "Mario Rossi alle 20", ("patient.name",), "Mario Rossi", "20:00"),
        ("cabinet", "Marie de la Tour à 10h", ("patient.name", "slot.start_iso"), "Marie de la Tour", "10:00"),
        ("tasca", "Rui Costa às 20h", ("patient.name", "slot.start_iso"), "Rui Costa", "20:00"),
        # a name only when one is asked, and never a day's words written with capitals
        ("harbour", "Jo Bloggs at 8pm", ("slot.start_iso",), None, "20:00"),
        ("harbour", "Same Time Tomorrow at 8pm", ("patient.name", "slot.start_iso"), None, "20:00"),
        ("harbour", "Next Friday at 8pm", ("patient.name", "slot.start_iso"), None, "20:00"),
    ],
)
def test_a_full_name_that_opens_the_answer_to_the_name_asked_is_read_with_what_follows(
    venues, venue_id, text, awaiting, name, time
):
    reading = read(venues, venue_id, text, awaiting)
    assert (reading.name, reading.time) == (name, time)


@pytest.mark.parametrize(
    ("text", "time", "hours_asked"),
    [
        ("table for 2 friday at 1930 hours", "19:30", False),
        ("table for 2 friday at 19:30 hours", "19:30", False),
        ("table for 2 at 2000 hrs", "20:00", False),
        ("are you open at 1930 hours?", "19:30", True),
    ],
)
def test_hours_said_after_a_clock_time_are_its_unit_not_a_question_of_opening_hours(venues, text, time, hours_asked):
    reading = read(venues, "harbour", text)
    assert (reading.time, "hours" in reading.intents) == (time, hours_asked)


@pytest.mark.parametrize(
    ("text", "instead"),
    [
        ("tem alguma coisa antes das 21h no sábado?", False),  # before 9 pm, as "any chance of…" asks
        ("antes às 21h, por favor", True),  # rather at 9 pm
    ],
)
def test_antes_before_a_time_is_before_it_and_alone_rather(venues, text, instead):
    assert ("instead" in read(venues, "tasca", text).intents) is instead


@pytest.mark.parametrize(
    ("venue_id", "text", "letting_go"),
    [
        ("harbour", "never mind", True),
        ("cabinet", "laissez tomber", True),
        ("cabinet", "oubliez ça", True),
        ("cabinet", "j'ai oublié", False),  # forgot, not "forget it"
        ("roma", "non importa l'orario", False),  # any time will do
    ],
)
def test_letting_go_is_said_in_so_many_words(venues, venue_id, text, letting_go):
    assert ("never_mind" in read(venues, venue_id, text, ("patient.name",)).intents) is letting_go


def test_a_pick_said_with_no_list_to_pick_from_is_no_visit_s_reason(venues):
    assert read(venues, "cabinet", "the first one", ("slot.start_iso", "reason")).reason is None
