"""The parsers' shortcuts answer exactly what the general path answers.

`fold` skips Unicode decomposition for ASCII text; `with_digits` skips text2num for Italian text with
no number word in it; a day's words are tried against all of a language's day patterns at once, and
the readers whose patterns cannot match are skipped. On every phrase the tests know, on every run of
words within them, and on generated text, each gives what the general path gives.
"""

from __future__ import annotations

import ast
import datetime
import functools
import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from text_to_num import alpha2digit

from concierge.parsing import day_tokens as day_tokens_module
from concierge.parsing import relative_day, relative_time
from concierge.parsing.day_grammar import GRAMMARS as DAY_GRAMMARS
from concierge.parsing.day_patterns import DayPatterns
from concierge.parsing.day_tokens import day_tokens
from concierge.parsing.errors import UnsupportedRelativeDay, WeekdayMismatch
from concierge.parsing.relative_day import resolve_relative_day
from concierge.parsing.text import fold, with_digits
from concierge.parsing.time_grammar import GRAMMARS as TIME_GRAMMARS

TESTS = Path(__file__).resolve().parents[1]


def general_fold(text: str) -> str:
    """fold() as written before its ASCII shortcut."""
    apostrophes = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'"})
    decomposed = unicodedata.normalize("NFKD", text.translate(apostrophes).lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = re.sub(r"['\-\u2010-\u2015]", " ", plain)
    return " ".join(plain.strip(' \t\r\n.,;:!?¡¿"()«»').split())


def general_with_digits(folded: str, locale: str) -> str:
    return alpha2digit(folded, locale, threshold=0)


def _phrases() -> list[str]:
    """Every string the parsing tests hold and every request of the planner corpus, with each run of their words."""
    said: set[str] = set()
    for path in (TESTS / "parsing").glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) < 80:
                said.add(node.value)
    corpus = yaml.safe_load((TESTS / "data" / "planner_corpus.yaml").read_text(encoding="utf-8"))
    said |= {line for case in corpus["cases"] for line in case.get("say", [])}
    corpus_rows = (TESTS / "parsing" / "test_day_corpus.py").read_text(encoding="utf-8")
    said |= {line.split("|")[1].strip() for line in corpus_rows.splitlines() if re.match(r"^(it|en|fr|pt)\S* \|", line)}
    runs = set()
    for phrase in said:
        words = fold(phrase).split()
        runs |= {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, min(len(words), i + 6) + 1)}
    return sorted(said | runs)


PHRASES = _phrases()

# Number words in every form text2num reads, and words that hold their letters without being numbers.
ITALIAN_WORDS = (
    "zero un uno una due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici "
    "sedici diciassette diciotto diciannove venti ventuno ventun ventidue ventitre ventotto trenta trentuno "
    "trentacinque quaranta quarantotto cinquanta sessanta settanta ottanta novanta cento centuno duecento "
    "trecentoventi mille duemila tremilacinquecento milione milioni miliardo miliardi primo prima primi seconda "
    "secondo terzo terza quarto quarta quinto sesto settimo ottavo nono nona decimo undicesimo ventesimo "
    "centesimo millesimo e meno piu poi ancora virgola mezzo mezza quarto ora ore minuti giorni settimana "
    "settimane prossimo prossima sabato domenica lunedi ottobre novembre dicembre settembre milano unico nessuno "
    "secondi non nonna centro venticello trentino alle il la di del della tra fra sera cena wd0 wd5 mo3 mo12"
).split()
TOKENS = st.one_of(
    st.sampled_from(ITALIAN_WORDS), st.integers(0, 3000).map(str), st.from_regex(r"[a-z]{1,9}", fullmatch=True)
)


def test_the_phrases_are_many_and_hold_italian_number_words():
    assert len(PHRASES) > 2000
    assert any(with_digits(phrase, "it") != phrase for phrase in PHRASES)


@pytest.mark.parametrize("locale", ["it", "en", "fr", "pt"])
def test_every_phrase_and_run_of_words_reads_its_numbers_as_text2num_does(locale):
    for phrase in PHRASES:
        assert with_digits(phrase, locale) == general_with_digits(phrase, locale), phrase


def test_every_phrase_becomes_the_same_day_tokens_without_the_shortcut(monkeypatch):
    fast = {phrase: day_tokens(phrase, "it") for phrase in PHRASES}
    monkeypatch.setattr(day_tokens_module, "with_digits", general_with_digits)
    for phrase in PHRASES:
        assert day_tokens(phrase, "it") == fast[phrase], phrase


@settings(max_examples=1000, deadline=None)
@given(st.lists(TOKENS, min_size=1, max_size=6).map(" ".join))
def test_generated_italian_words_and_numbers_read_as_text2num_reads_them(text):
    assert with_digits(text, "it") == general_with_digits(text, "it")


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=30))
def test_any_text_reads_as_text2num_reads_it(text):
    assert with_digits(text, "it") == general_with_digits(text, "it")


@settings(max_examples=1000, deadline=None)
@given(st.text(max_size=40))
def test_any_text_folds_as_unicode_folding_does(text):
    assert fold(text) == general_fold(text)


@pytest.mark.parametrize(
    "phrase", ["Mercoledì 25", "AMANHÃ à noite", "Tomorrow, 8 p.m.", "l’una e un quarto", "K\u212a"]
)
def test_written_phrases_fold_as_unicode_folding_does(phrase):
    assert fold(phrase) == general_fold(phrase)


# --- Day readers ---------------------------------------------------------------------------------------

LOCALES = ("it", "en", "fr", "pt")
DAY_WORDS = sorted(
    {f"wd{i}" for i in range(7)}
    | {f"mo{i}" for i in range(1, 13)}
    | {word for phrase in PHRASES for word in phrase.split() if word.isalpha()}
)
DAY_TOKENS = st.one_of(st.sampled_from(DAY_WORDS), st.integers(0, 40).map(str), st.sampled_from(["2026", "2027"]))


@functools.cache
def every_reader(locale: str) -> DayPatterns:
    """A language's patterns with nothing skipped: every reader of a day tries its own."""
    patterns = DayPatterns(DAY_GRAMMARS[locale])
    patterns.any_day = re.compile("(.*)")
    patterns.reader_of = (0,)
    return patterns


def first_reader_by_trying_each(tokens: str, locale: str) -> int | None:
    readers = relative_day._compiled(locale).by_reader()
    return next((i for i, tried in enumerate(readers) if any(p.fullmatch(tokens) for p in tried)), None)


def first_reader_at_once(tokens: str, locale: str) -> int | None:
    rx = relative_day._compiled(locale)
    match = rx.any_day.fullmatch(tokens)
    return rx.reader_of[match.lastindex - 1] if match and match.lastindex else None


def day_outcome(text: str, today: datetime.date, locale: str) -> object:
    try:
        return resolve_relative_day(text, today, locale)
    except UnsupportedRelativeDay:
        return "unsupported"
    except WeekdayMismatch as mismatch:
        return ("mismatch", mismatch.date, mismatch.weekday, mismatch.corrected)


@pytest.mark.parametrize("locale", LOCALES)
def test_all_day_patterns_at_once_name_the_first_reader_that_trying_each_finds(locale):
    for phrase in PHRASES:
        tokens = day_tokens(phrase, locale)[0]
        assert first_reader_at_once(tokens, locale) == first_reader_by_trying_each(tokens, locale), tokens


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(LOCALES), st.lists(DAY_TOKENS, min_size=1, max_size=6).map(" ".join))
def test_generated_day_tokens_name_the_same_first_reader(locale, tokens):
    assert first_reader_at_once(tokens, locale) == first_reader_by_trying_each(tokens, locale)


@pytest.mark.parametrize("locale", ["it", "en"])
def test_every_phrase_reads_as_the_same_day_as_when_every_reader_tries_it(locale, monkeypatch):
    today = datetime.date(2026, 2, 21)  # a Saturday: the weekend readers have the most to decide
    day_phrases = [p for p in PHRASES if len(p.split()) <= 4]
    fast = {phrase: day_outcome(phrase, today, locale) for phrase in day_phrases}
    assert sum(outcome != "unsupported" for outcome in fast.values()) > 500
    monkeypatch.setattr(relative_day, "_compiled", every_reader)
    for phrase in day_phrases:
        assert day_outcome(phrase, today, locale) == fast[phrase], phrase


# --- Times ---------------------------------------------------------------------------------------------


def general_time_digits(folded: str, locale: str) -> str:
    """relative_time._digits as written before it looked for "quart" and "o clock" first."""
    text = relative_time._OCLOCK.sub(
        " ", relative_time._QUARTER.sub("qtr", relative_time._THREE_QUARTERS.sub("tqtr", folded))
    )
    return " ".join(general_with_digits(" ".join(text.split()), locale).split())


@pytest.mark.parametrize("locale", LOCALES)
def test_every_phrase_reads_its_quarters_and_numbers_as_before(locale):
    for phrase in [*PHRASES, "tra tre quarti d ora", "un quarto alle 9", "8 o clock", "quarter past eight"]:
        assert relative_time._digits(phrase, locale) == general_time_digits(phrase, locale), phrase


def test_a_phrase_is_vague_at_once_exactly_when_it_is_vague_in_some_language():
    for phrase in [*PHRASES, "verso le 8", "around 8", "vers 20h", "por volta das 8", "ce soir", "tonight"]:
        in_some = any(re.search(grammar.vague, phrase) for grammar in TIME_GRAMMARS.values())
        assert bool(relative_time._any_vague().search(phrase)) == in_some, phrase
