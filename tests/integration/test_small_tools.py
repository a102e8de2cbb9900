"""faq, is_open_now and the relative day/time resolvers over HTTP."""

from __future__ import annotations

import pytest

TOOL_BODIES = {
    "check_openings": {"day": "2026-02-19"},
    "create_booking": {"day": "2026-02-19", "time": "20:00", "people": 2, "name": "A", "phone": "+393331234567"},
    "list_bookings": {"phone": "+393331234567"},
    "modify_booking": {"booking_id": "x", "new_people": 2},
    "cancel_booking": {"booking_id": "x"},
    "faq": {"question": "parcheggio?"},
    "is_open_now": {},
    "resolve_relative_day": {"text": "domani"},
    "resolve_relative_time": {"text": "21"},
}


@pytest.mark.parametrize("tool", sorted(TOOL_BODIES))
def test_every_tool_answers_an_unknown_restaurant_with_restaurant_not_found(api, tool):
    response = api.call(tool, {"restaurant_id": "atlantis", **TOOL_BODIES[tool]})
    assert response.status_code == 404
    assert response.json() == {
        "ok": False,
        "error_code": "RESTAURANT_NOT_FOUND",
        "message": 'No venue with restaurant_id "atlantis".',
    }


@pytest.mark.parametrize("tool", sorted(TOOL_BODIES))
def test_every_tool_answers_a_missing_restaurant_id_with_a_validation_error(api, tool):
    response = api.call(tool, TOOL_BODIES[tool])
    assert (response.status_code, response.json()["error_code"], response.json()["field"]) == (
        400,
        "VALIDATION_ERROR",
        "restaurant_id",
    )


@pytest.mark.parametrize(
    "question, answer",
    [
        ("Avete il parcheggio?", "Sì, abbiamo parcheggio privato."),
        ("c'è parcheggio", "Sì, abbiamo parcheggio privato."),
        ("posso portare il cane?", "Sì, i cani di piccola taglia sono benvenuti."),
        ("SENZA GLUTINE?", "Sì, abbiamo pasta e pane senza glutine."),
    ],
)
def test_faq_answers_the_closest_question_from_the_knowledge_base(api, question, answer):
    answered = api.ok("faq", {"restaurant_id": "roma", "question": question})
    assert answered == {"ok": True, "answer": answer, "source": "kb"}


@pytest.mark.parametrize(
    "question", ["quanto costa una pizza?", "dove siete?", "avete opzioni vegane?", "possiamo portare una torta?"]
)
def test_faq_answers_null_when_nothing_is_similar_enough(api, question):
    answered = api.ok("faq", {"restaurant_id": "roma", "question": question})
    assert answered == {"ok": True, "answer": None, "source": None}


@pytest.mark.parametrize(
    "question", ["Do you have parking?", "Can I bring my dog?", "Do you have gluten-free options?"]
)
def test_faq_does_not_answer_a_question_that_only_shares_its_wording_with_one_in_the_knowledge_base(api, question):
    answered = api.ok("faq", {"restaurant_id": "harbour", "question": question})
    assert answered == {"ok": True, "answer": None, "source": None}


@pytest.mark.parametrize(("question", "answer"), [
    ("Vocês aceitam cães?", None),  # "aceitam" is how it is asked, not what: no card answer for dogs
    ("aceitam cartões de crédito?", "Sim, aceitamos todos os cartões."),
    ("posso pagar com visa?", "Sim, aceitamos todos os cartões."),
    ("avete la carta dei vini?", None),  # a list, not a card
])  # fmt: skip
def test_faq_does_not_answer_on_the_verb_of_asking_alone(api, question, answer):
    assert api.ok("faq", {"restaurant_id": "tasca", "question": question})["answer"] == answer


def test_faq_answers_a_question_worded_differently_in_english(api):
    answered = api.ok("faq", {"restaurant_id": "harbour", "question": "any vegetarian food?"})
    assert answered["source"] == "kb" and "vegetarian" in answered["answer"]


@pytest.mark.parametrize(
    ("venue_id", "question", "answer_word"),
    [
        ("harbour", "do you have wheelchair access?", "step-free"),
        ("harbour", "is the restaurant accessible?", "step-free"),
        ("roma", "avete piatti per celiaci?", "glutine"),
        ("roma", "is there parking?", "parcheggio"),
        ("roma", "on peut se garer ?", "parcheggio"),
        ("roma", "can I bring my dog?", "cani"),
        ("roma", "possiamo venire con un cane?", "cani"),  # "venire con", "portare": no subject of their own
        ("roma", "accettate cani?", "cani"),
        ("harbour", "can my grandma come with her walker?", "step-free"),
        ("harbour", "avete opzioni vegetariane?", "vegetarian"),  # a plural is the same word, near enough
        ("harbour", "têm pratos vegetarianos?", "vegetarian"),
        ("harbour", "vous avez des plats végétariens ?", "vegetarian"),
    ],
)
def test_faq_finds_a_subject_said_in_other_words_or_another_language(api, venue_id, question, answer_word):
    answered = api.ok("faq", {"restaurant_id": venue_id, "question": question})
    assert answered["source"] == "kb" and answer_word in answered["answer"]


def test_faq_does_not_answer_a_question_of_stairs_with_yes_step_free(api):
    answered = api.ok("faq", {"restaurant_id": "harbour", "question": "are there any stairs?"})
    assert answered["answer"] is None  # "Yes, … step-free." would say yes to stairs


def test_faq_does_not_answer_a_vegan_with_the_vegetarian_menu(api):
    answered = api.ok("faq", {"restaurant_id": "harbour", "question": "do you have vegan options?"})
    assert answered == {"ok": True, "answer": None, "source": None}


@pytest.mark.parametrize("text", ["Maria", "Ariana", "for me, Priya"])
def test_faq_does_not_answer_a_name_that_sits_inside_a_question_s_word(api, text):
    answered = api.ok("faq", {"restaurant_id": "harbour", "question": text})  # "ariana" is in "vegetarian"
    assert answered == {"ok": True, "answer": None, "source": None}


def test_faq_needs_a_question(api):
    assert api.call("faq", {"restaurant_id": "roma"}).json()["field"] == "question"


@pytest.mark.parametrize(
    "now, open_now, next_opening",
    [
        ("2026-02-19T20:00:00+01:00", True, None),
        ("2026-02-19T18:00:00+01:00", False, "19:00"),
        ("2026-02-20T16:00:00+01:00", False, "19:00"),
        ("2026-02-19T23:15:00+01:00", False, None),
        ("2026-02-22T12:00:00+01:00", False, None),
        # 18:30 in London is 19:30 in Rome: the venue's own time zone decides.
        ("2026-02-19T18:30:00+00:00", True, None),
    ],
)
def test_is_open_now_reads_the_clock_in_the_venues_time_zone(serve, now, open_now, next_opening):
    body = serve(now=now).ok("is_open_now", {"restaurant_id": "roma"})
    assert body == {"ok": True, "open_now": open_now, "next_opening_time": next_opening}


@pytest.mark.parametrize(
    "text, date, label, closed",
    [
        ("domani", "2026-02-20", "venerdì 20 febbraio", False),
        ("tra tre giorni", "2026-02-22", "domenica 22 febbraio", True),  # Trattoria Roma shuts on Sundays
        ("sabato", "2026-02-21", "sabato 21 febbraio", False),
        ("next Friday", "2026-02-20", "venerdì 20 febbraio", False),
    ],
)
def test_resolve_relative_day_gives_the_date_and_its_label_in_the_venues_language(api, text, date, label, closed):
    body = api.ok("resolve_relative_day", {"restaurant_id": "roma", "text": text})
    assert body == {"ok": True, "date": date, "day_label": label, "ambiguous": False, "closed": closed}


def test_a_weekday_said_on_that_weekday_is_next_weeks_and_offers_today_as_the_other_candidate(api):
    body = api.ok("resolve_relative_day", {"restaurant_id": "roma", "text": "giovedì"})
    assert body == {
        "ok": True,
        "date": "2026-02-26",
        "day_label": "giovedì 26 febbraio",
        "ambiguous": True,
        "closed": False,
        "candidates": [
            {"date": "2026-02-26", "day_label": "giovedì 26 febbraio"},
            {"date": "2026-02-19", "day_label": "giovedì 19 febbraio"},
        ],
    }


def test_an_unreadable_day_is_unsupported(api):
    response = api.call("resolve_relative_day", {"restaurant_id": "roma", "text": "quando vuoi tu"})
    assert (response.status_code, response.json()["error_code"]) == (422, "UNSUPPORTED_RELATIVE_DAY")


@pytest.mark.parametrize(
    "now, text, time, offset, ambiguous",
    [
        ("2026-02-19T18:00:00+01:00", "tra mezz'ora", "18:30", 0, False),
        ("2026-02-19T23:30:00+01:00", "tra un'ora", "00:30", 1, False),
        ("2026-02-19T18:00:00+01:00", "20 e mezza", "20:30", 0, False),
        # Trattoria Roma opens for dinner only on Thursdays but for lunch on Fridays: "8" can only be 20:00.
        ("2026-02-19T18:00:00+01:00", "alle 8", "20:00", 0, False),
        # A day said with the time, as a voice agent may pass the whole phrase: its days ahead are added.
        ("2026-02-19T18:00:00+01:00", "domani alle 21", "21:00", 1, False),
        ("2026-02-19T18:00:00+01:00", "tomorrow at 9pm", "21:00", 1, False),
        ("2026-02-19T18:00:00+01:00", "oggi alle 20 in punto", "20:00", 0, False),
        ("2026-02-19T18:00:00+01:00", "giovedì prossimo alle 20", "20:00", 7, False),  # any day said with it
        ("2026-02-19T18:00:00+01:00", "sabato 21 alle 13", "13:00", 2, False),
        ("2026-02-19T18:00:00+01:00", "8pm on Saturday", "20:00", 2, False),
        ("2026-02-19T18:00:00+01:00", "domani mattina alle 8", "08:00", 1, False),  # in the part said
    ],
)
def test_resolve_relative_time_gives_hh_mm_and_the_day_offset(serve, now, text, time, offset, ambiguous):
    body = serve(now=now).ok("resolve_relative_time", {"restaurant_id": "roma", "text": text})
    assert body == {"ok": True, "time": time, "day_offset": offset, "ambiguous": ambiguous}


@pytest.mark.parametrize(
    "text, code",
    [
        ("più tardi", "VAGUE_TIME"),
        ("verso le 8", "VAGUE_TIME"),
        ("quando capita", "UNSUPPORTED_RELATIVE_TIME"),
        ("domani tra 20 minuti", "UNSUPPORTED_RELATIVE_TIME"),  # a day and a time from now
        ("questo weekend alle 20", "UNSUPPORTED_RELATIVE_TIME"),  # which of two days: the day resolver asks
        ("martedì 25 alle 20", "UNSUPPORTED_RELATIVE_TIME"),  # a day the day resolver tells is wrong
        ("giovedì verso le 8", "VAGUE_TIME"),
    ],
)
def test_vague_or_unreadable_times_are_refused(api, text, code):
    response = api.call("resolve_relative_time", {"restaurant_id": "roma", "text": text})
    assert (response.status_code, response.json()["error_code"]) == (422, code)


@pytest.mark.parametrize("text, near", [("verso le 8", "20:00"), ("più tardi", None), ("about half seven", "19:30")])
def test_a_vague_time_near_a_clock_time_says_which(api, text, near):
    refusal = api.call("resolve_relative_time", {"restaurant_id": "roma", "text": text}).json()
    assert refusal["error_code"] == "VAGUE_TIME" and refusal.get("approximate_time") == near
