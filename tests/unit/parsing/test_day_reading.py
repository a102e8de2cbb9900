import datetime

import pytest

from concierge.domain.venue import Venue
from concierge.parsing import read_day
from concierge.parsing.errors import UnsupportedRelativeDay, WeekdayMismatch
from concierge.parsing import holiday_calendar
from concierge.parsing.holiday_calendar import holiday_country

NOW = datetime.datetime(2026, 2, 18, 11, 5)  # a Wednesday morning, venue time


def venue(**changes) -> Venue:
    fields = dict(
        id="v",
        name="V",
        locale="it",
        timezone="Europe/Rome",
        max_people=8,
        hours={
            "fri": {"lunch": ("12:30", "14:30"), "dinner": ("19:00", "23:00")},
            "sat": {"dinner": ("19:00", "23:00")},
        },
        closed_dates=[datetime.date(2026, 12, 25)],
        special_hours={datetime.date(2026, 12, 24): {"dinner": ("18:00", "21:00")}},
    )
    return Venue(**{**fields, **changes})


def test_a_part_of_the_day_comes_with_the_venues_range_in_it():
    reading = read_day("venerdì a pranzo", NOW, "it", venue=venue())
    assert (reading.date, reading.part, reading.part_range.name, reading.closed) == (
        datetime.date(2026, 2, 20),
        "lunch",
        "lunch",
        False,
    )


def test_a_part_of_the_day_the_venue_is_shut_in_has_no_range():
    reading = read_day("sabato a pranzo", NOW, "it", venue=venue())
    assert (reading.part, reading.part_range, reading.closed) == ("lunch", None, False)


def test_special_hours_and_closed_dates_apply_to_a_holiday_as_to_any_day():
    eve = read_day("la vigilia di Natale a cena", NOW, "it", venue=venue())
    christmas = read_day("Natale", NOW, "it", venue=venue())
    assert (eve.part_range.open, eve.part_range.close, eve.closed) == ("18:00", "21:00", False)
    assert (christmas.date, christmas.closed, christmas.holiday) == (datetime.date(2026, 12, 25), True, "Natale")


def test_a_day_that_is_no_holiday_carries_no_holiday_name():
    assert read_day("domani", NOW, "it", venue=venue()).holiday is None


def test_without_a_venue_there_is_no_range_nor_opening_to_speak_of():
    reading = read_day("domani sera", NOW, "it")
    assert (reading.part, reading.part_range, reading.closed) == ("evening", None, None)


def test_the_national_day_is_the_venues_countrys_from_its_time_zone_when_no_country_is_known():
    french_venue_in_algiers = venue(locale="fr", timezone="Africa/Algiers")
    assert french_venue_in_algiers.country is None
    assert read_day("la fête de l'indépendance", NOW, "fr", venue=french_venue_in_algiers).date == datetime.date(
        2026, 7, 5
    )
    with pytest.raises(UnsupportedRelativeDay):  # France has no such holiday
        read_day("la fête de l'indépendance", NOW, "fr", venue=venue(locale="fr", timezone="Europe/Paris"))


def test_a_venues_country_written_in_lower_case_still_names_its_holidays():
    american_venue = venue(locale="en", timezone="Europe/Rome", country="us")
    reading = read_day("Independence Day", NOW, "en", venue=american_venue)
    assert (reading.date, reading.holiday) == (datetime.date(2026, 7, 4), "Independence Day")


def test_an_ordinary_day_does_not_look_up_the_country_of_the_venues_time_zone():
    holiday_calendar._zone_countries.cache_clear()
    read_day("domani sera", NOW, "it", venue=venue(timezone="Europe/Zurich"))
    assert holiday_calendar._zone_countries.cache_info().misses == 0
    assert read_day("Natale", NOW, "it", venue=venue(timezone="Europe/Zurich")).holiday == "Natale"
    assert holiday_calendar._zone_countries.cache_info().misses == 1


@pytest.mark.parametrize(
    ("country", "timezone", "locale", "expected"),
    [
        ("us", "Europe/Rome", "it", "US"),
        (None, "America/Sao_Paulo", "pt", "BR"),
        (None, "Etc/UTC", "fr", "FR"),
        (None, None, "en", "GB"),
    ],
)
def test_the_holiday_country_is_the_venues_own_else_its_time_zones_else_its_languages(
    country, timezone, locale, expected
):
    assert holiday_country(country, timezone, locale) == expected


@pytest.mark.parametrize(
    ("text", "said", "corrected"),
    [
        ("domenica 16", datetime.date(2026, 3, 16), datetime.date(2026, 3, 15)),  # 16 February has passed
        ("martedì 18", datetime.date(2026, 2, 18), datetime.date(2026, 2, 24)),  # Tuesday 17th has passed
    ],
)
def test_a_weekday_disagreeing_with_the_date_names_the_nearest_such_weekday_still_ahead(text, said, corrected):
    with pytest.raises(WeekdayMismatch) as raised:
        read_day(text, NOW, "it")
    assert (raised.value.date, raised.value.corrected) == (said, corrected)


@pytest.mark.parametrize(
    ("text", "locale"),
    [
        ("tomorrow night", "en"),
        ("domani sera", "it"),
        ("demain", "fr"),
        ("amanhã ao jantar", "pt"),
        ("tmrw", "en"),
        ("tmr", "en"),
    ],
)
def test_tomorrow_said_in_the_small_hours_may_be_the_day_just_begun_and_both_are_offered(text, locale):
    small_hours = datetime.datetime(2026, 2, 19, 0, 30)  # Thursday, half past midnight: the caller's Wednesday night
    reading = read_day(text, small_hours, locale)
    thursday, friday = datetime.date(2026, 2, 19), datetime.date(2026, 2, 20)
    assert reading.ambiguous and reading.candidates == (thursday, friday)


def test_tomorrow_said_after_the_small_hours_is_the_next_day_and_so_is_the_day_after_tomorrow_at_night():
    assert read_day("tomorrow", datetime.datetime(2026, 2, 19, 4, 0), "en").date == datetime.date(2026, 2, 20)
    night = datetime.datetime(2026, 2, 19, 0, 30)
    assert read_day("the day after tomorrow", night, "en").candidates == ()
    assert read_day("dopodomani", night, "it").date == datetime.date(2026, 2, 21)
