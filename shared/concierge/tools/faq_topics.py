"""The subjects customers ask a venue about, each named by one word whatever words and language the
question uses: "wheelchair" and "step-free" are both `accessibility`, "dog" and "animali" both `animals`.

A question is compared with the venue's questions after its words for a subject are replaced by the
subject's name, so "do you have wheelchair access?" finds "Is there step-free access?" and "is there
parking?" finds "Avete il parcheggio?". Vegan and vegetarian are different subjects: a vegetarian menu
is no answer to a vegan. Stairs and steps name no subject: "are there steps?" asks the opposite of "is
there step-free access?", whose answer begins "Yes".
"""

from __future__ import annotations

import re

# Normalised words (lower case, no accents, no punctuation), in the four languages.
_TOPICS = {
    "accessibility": """
        wheelchair access | wheelchairs | wheelchair | wheel chair | step free access | step free | disabled access
        | disabled | accessible | accessibility | ramp | sedia a rotelle | sedie a rotelle | carrozzina | accessibile
        | disabili | barriere architettoniche | fauteuil roulant | fauteuils roulants | pmr | handicapes | handicape
        | cadeira de rodas | cadeiras de rodas | acessivel | acessibilidade | mobilidade reduzida
        | walker | walking frame | zimmer frame | deambulatore | deambulateur | andarilho
    """,
    "parking": """
        car park | parking | park | parcheggio | parcheggi | parcheggiare | posteggio | stationnement | stationner
        | se garer | garer | estacionamento | estacionar | lugar para o carro
    """,
    "animals": """
        dogs | dog | pets | pet | animals | cane | cani | cagnolino | animali | chiens | chien | animaux
        | caes | cao | cachorro | animais | animal
    """,
    "glutenfree": """
        gluten free | gluten | coeliacs | coeliac | celiacs | celiac | senza glutine | celiaci | celiaco | celiachia
        | sans gluten | coeliaques | coeliaque | sem gluten | celiacos
    """,
    "vegetarian": """
        vegetarians | vegetarian | veggie | vegetariani | vegetariano | vegetariana | vegetarien | vegetarienne
    """,
    "plantbased": "vegans | vegan | vegane | vegani | vegano | vegana | vegetalien | vegetalienne | veganos | veganas",
    "cardpayment": """
        credit cards | credit card | debit cards | debit card | cards | card | contactless | carta di credito
        | carte di credito | bancomat | carte bancaire | cartes bancaires | carte bleue | carte de credit
        | cartes de credit | sans contact | cartao de credito | cartoes | cartao | multibanco | visa | mastercard
        | amex | american express | con carta | par carte
    """,  # "pagare con carta", not "la carta dei vini"; "payer par carte", not "à la carte"
}


def _pattern() -> tuple[re.Pattern[str], dict[str, str]]:
    subject = {
        words.strip(): topic for topic, phrases in _TOPICS.items() for words in phrases.split("|") if words.strip()
    }
    longest_first = sorted(subject, key=len, reverse=True)
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, longest_first))})\b"), subject


_WORDS, _SUBJECT = _pattern()


def with_topics(normalised: str) -> str:
    """The normalised question with each subject's words replaced by the subject's name."""
    return _WORDS.sub(lambda match: _SUBJECT[match.group()], normalised)
