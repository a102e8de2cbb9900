"""The shortcuts of the text clean-up answer exactly what the general path answers.

`fold` skips Unicode decomposition for ASCII text, and `with_digits` skips text2num for Italian text
with no number word in it: on every phrase the tests know, on every run of words within them, and on
generated text, both give what the general path gives.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from text_to_num import alpha2digit

from concierge.parsing import day_tokens as day_tokens_module
from concierge.parsing.day_tokens import day_tokens
from concierge.parsing.text import fold, with_digits

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
