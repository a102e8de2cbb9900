"""People added to a party or taken away, in the four languages: added is positive."""

from __future__ import annotations

import pytest
from concierge.conversations.party_changes import party_change
from concierge.parsing.text import with_digits
from concierge.tools.faq import normalise


@pytest.mark.parametrize(
    ("locale", "text", "change"),
    [
        ("en", "can I add 2 more people?", 2),
        ("en", "one more person please", 1),
        ("en", "another 2 guests", 2),
        ("en", "one less person", -1),
        ("en", "2 fewer", -2),
        ("it", "possiamo aggiungere 2 persone?", 2),
        ("it", "saremo 2 in più", 2),
        ("it", "una persona in meno", -1),
        ("fr", "on sera deux de plus", 2),
        ("fr", "ajouter une personne", 1),
        ("fr", "une personne de moins", -1),
        ("pt", "mais 2 pessoas", 2),
        ("pt", "uma pessoa a menos", -1),
        ("en", "we'll be 2 more", 2),
        ("en", "there'll be 3 more of us", 3),
        ("pt", "vamos ser mais 2", 2),
        ("pt", "seremos mais 1", 1),
        # one more, said by who comes
        ("en", "my sister is coming too", 1),
        ("it", "viene anche mia sorella", 1),
        ("fr", "ma sœur vient aussi", 1),
        ("pt", "a minha irmã também vem", 1),
    ],
)
def test_people_added_or_taken_away_are_read_with_their_sign(locale, text, change):
    assert party_change(with_digits(normalise(text), locale)) == change


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("en", "one more thing"),
        ("en", "we'll be 2 more minutes"),
        ("pt", "vamos ser 4"),
        ("en", "table for 2 at 8"),
        ("pt", "mais tarde"),
        ("en", "table for one person"),
        ("pt", "chegamos daqui a mais 20 minutos"),
        ("it", "arriviamo con 20 minuti in più"),
        ("en", "another 2 minutes"),
        ("pt", "mesa para 2 sexta às nove menos um quarto"),  # a quarter to nine
        ("pt", "às 9 menos 10"),  # ten to nine
        ("en", "my parents are coming too"),  # how many: the total is asked
        ("en", "is anyone coming with you?"),
    ],
)
def test_words_that_change_no_party_give_none(locale, text):
    assert party_change(with_digits(normalise(text), locale)) is None
