"""The offline agent answers in the customer's language, read from their words, whatever the venue's."""

from __future__ import annotations

import datetime as dt

import pytest
from concierge.conversations.customer_language import customer_language, scores
from concierge.conversations.offline_agent import OfflineAgent
from concierge.conversations.out_of_scope import ScreenedAgent

from tests.unit.conversations.dialogue import Dialogue


def dialogue(venues, venue_id: str, phone: str) -> Dialogue:
    venue = venues[venue_id]
    now = dt.datetime(2026, 11, 23, 10, 0, tzinfo=venue.tz)
    return Dialogue(ScreenedAgent(OfflineAgent()), venue, now, phone=phone)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Hi, a table for 2 tomorrow at 8pm please", "en"),
        ("Buongiorno, vorrei prenotare un tavolo per 4 domani alle 20", "it"),
        ("Bonjour, je voudrais une table pour deux demain soir", "fr"),
        ("Olá, queria reservar uma mesa para 4 amanhã", "pt"),
        ("Bonsoir", "fr"),
        # short questions
        ("posso falar com alguém?", "pt"),  # "posso" is Italian and Portuguese alike
        ("vocês abrem domingo?", "pt"),
        ("aceitam cartão?", "pt"),
        ("dove siete?", "it"),
        # the first time free, asked of a venue in another language ("il" is Italian and French alike)
        ("il primo appuntamento possibile", "it"),
        ("o primeiro horário possível", "pt"),
        ("le premier créneau disponible", "fr"),
        ("the earliest appointment", "en"),
    ],
)
def test_the_first_message_picks_the_language_its_words_belong_to(text, language):
    assert customer_language(text, None, "en") == language


@pytest.mark.parametrize("text", ["emergency! severe pain", "my tooth is broken", "toothache, it hurts"])
def test_a_complaint_in_english_is_english_at_a_french_clinic(text):
    assert customer_language(text, None, "fr") == "en"  # its medical handover came in French


@pytest.mark.parametrize(
    ("text", "venue_locale"),
    [("très bien", "fr"), ("ça va", "fr"), ("não sei", "pt"), ("certo, obrigado", "pt"), ("allô ?", "fr")],
)
def test_a_word_two_languages_share_keeps_the_venue_s(text, venue_locale):
    assert customer_language(text, None, venue_locale) == venue_locale  # "très" was Portuguese, "ça va" Italian


def test_every_word_of_the_data_is_read_as_a_word_and_shared_words_tell_no_language():
    assert scores("yes") == {"en": 1} and scores("on est 4") == {"fr": 1}  # "on" is French and English
    assert scores("table a de e la") == {}  # each belongs to two languages or more


@pytest.mark.parametrize("text", ["Jane Doe", "20:00", "4", "ok", "", None])
def test_words_of_no_language_leave_the_venue_s(text):
    assert customer_language(text, None, "pt") == "pt"


def test_a_word_of_another_language_in_a_conversation_does_not_switch_it_but_a_sentence_does():
    assert customer_language("sì grazie", "en", "it") == "en"
    assert customer_language("merci", "en", "it") == "en"
    assert customer_language("Scusi, preferisco parlare in italiano per favore", "en", "it") == "it"


def test_an_english_customer_of_an_italian_venue_is_answered_in_english_through_the_booking(venues):
    d = dialogue(venues, "roma", "+447400123456")
    confirm = d.say("Hi, a table for 2 tomorrow at 8pm, my name is Jane Doe")
    assert confirm.reply == "Shall I book a table for 2 on Tuesday 24 November at 8 pm for Jane Doe?"
    assert [b["label"] for b in confirm.rdv["ui_elements"]] == ["Yes, confirm", "No"]
    done = d.say("sì")  # a word of Italian does not switch a conversation held in English
    assert done.rdv["action"] == "CREATE" and done.reply.startswith("Done!")
    hours = d.say("what are your opening hours?")
    assert hours.reply.startswith("Our opening hours: Monday to Thursday, dinner from 7 pm to 10:30 pm;")
    assert d.tools.bookings[0].time == "20:00"


def test_a_venue_s_own_language_is_kept_for_its_own_customers(venues):
    d = dialogue(venues, "tasca", "+351912345678")
    assert d.say("Boa tarde, queria uma mesa para 2 no sábado às 20h, em nome de Ana Sousa").reply.startswith(
        "Posso reservar uma mesa para 2"
    )


def test_an_out_of_scope_message_is_handed_over_in_the_customer_s_language(venues):
    answer = dialogue(venues, "cabinet", "+213555987654").say("Hello, which medicine should I take for my toothache?")
    assert answer.rdv["action"] == "ROUTE_TO_HUMAN"
    assert answer.reply.startswith("I can't give medical advice here.")


def test_the_channel_s_language_is_spoken_until_the_customer_s_words_say_otherwise(venues):
    d = dialogue(venues, "roma", "+447400123456")
    d.language = "en"
    assert d.say(None, "welcome").reply == "Hello, welcome to Trattoria Roma! How can I help you?"
    assert d.say("A table for 2 tomorrow at 8pm").reply == "To book, I still need your name."
    switched = d.say("Buongiorno, vorrei prenotare un tavolo per 2 domani alle 20")
    assert switched.reply == "Per prenotare mi manca ancora: il suo nome."


def test_a_channel_language_the_agent_does_not_speak_leaves_the_venue_s(venues):
    d = dialogue(venues, "tasca", "+351912345678")
    d.language = "de"
    assert d.say(None, "welcome").reply.startswith("Olá")


@pytest.mark.parametrize(
    ("venue_id", "asked", "said"),
    [
        ("roma", "do you speak english?", "Of course, I can help you in English. I can book, move or cancel"),
        ("cabinet", "bonjour, est-ce que vous parlez anglais ?", "Of course, I can help you in English."),
        ("harbour", "parlate italiano?", "Certo, posso aiutarla in italiano. Posso prenotare"),
        ("tasca", "on peut parler en français ?", "Bien sûr, je peux vous aider en français."),
        ("roma", "English please", "Of course, I can help you in English."),
    ],
)
def test_a_language_asked_for_by_name_is_said_to_be_spoken_and_spoken_from_then_on(venues, venue_id, asked, said):
    d = dialogue(venues, venue_id, "+447400123456")
    assert d.say(asked).reply.startswith(said)  # "I don't have the answer to that here", in the asking language
    asked_next = {"Of course": "Sorry", "Certo": "Mi scusi", "Bien sûr": "Désolé"}[said.split(",")[0]]
    assert d.say("Jo Bloggs").reply.startswith(asked_next)  # a name alone says no language: the one asked for


def test_a_language_said_in_a_request_is_no_language_asked_for(venues):
    d = dialogue(venues, "roma", "+393471234567")
    answer = d.say("tavolo per 2 venerdì alle 20 con un cameriere che parla inglese, Mario Rossi")
    assert answer.reply.startswith("Prenoto un tavolo per 2")
