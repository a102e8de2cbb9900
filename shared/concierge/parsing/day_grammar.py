"""Per-language vocabulary for spoken days, as data: phrases and regular-expression templates.

Every pattern matches text already prepared by `relative_day`: folded (lower case, no accents,
apostrophes and hyphens read as spaces, punctuation dropped), weekday names replaced by `wd0`
(Monday) to `wd6`, month names by `mo1` to `mo12`, number words by digits and ordinals by their
number ("1er", "3rd", "1º" -> "1"). Templates use these placeholders:

    {wd}  a weekday token       {mo} a month token     {d} a day of the month   {y} a year
    {this} {next_before} {next_after}   the grammar's own words for "this" and "next"
    {weekend}                           its words for the weekend
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Canonical parts of the day, in the order a day runs.
PARTS = ("morning", "lunch", "afternoon", "evening", "night")


@dataclass(frozen=True)
class DayGrammar:
    fillers: str  # leading words that carry no meaning ("per", "on", "pour", "na")
    fixed: dict[str, int]  # whole phrase -> days ahead, or behind ("yesterday": -1)
    fixed_parts: dict[str, tuple[int, str]]  # one word for a day and its part ("stasera", "tonight")
    this: str  # "questo sabato"
    next_before: str  # "prossimo sabato"
    next_after: str  # "sabato prossimo"
    ahead: str  # "tra 3 giorni": groups n, days | weeks
    one: str  # articles meaning one ("una settimana")
    parts: dict[str, str]  # a part of the day as said -> one of PARTS
    part_lead: str  # words between a day and its part ("a pranzo", "de manha", "in the")
    weekend: str  # the weekend's names
    weekend_of: str  # words between a weekday and its weekend ("di", "de", "on")
    next_week: tuple[str, ...]  # a weekday of next week
    this_week: tuple[str, ...]  # a weekday of this week
    week_on: tuple[str, ...]  # a day plus whole weeks: groups base and n (days said) or w (weeks)
    dates: tuple[str, ...]  # a spoken date: {d} with an optional {mo}, {y} and {wd}
    day_marks: str  # words that make a number alone a day of the month ("il 25", "dia 3")
    next_month: tuple[str, ...]  # a day of next month: {d}
    this_month: tuple[str, ...]  # a day of this month: {d}
    holidays: dict[str, str]  # a holiday as said -> its key in `holiday_calendar`
    part_first: str | None = None  # "lunch on Saturday": words between a part and its day
    idioms: dict[int, int] = field(default_factory=dict)  # days said -> days meant ("dans huit jours")
    words: tuple[str, ...] = ()  # more words to correct misspellings towards
    late_early: frozenset[str] = frozenset()  # said before or after a day and its part: "late tonight", "tard ce soir"


GRAMMARS = {
    "it": DayGrammar(
        fillers=r"per|il|lo|la|l|di|e|ma|allora|magari|pure",
        fixed={"ieri": -1, "altro ieri": -2, "oggi": 0, "domani": 1, "dmn": 1, "dopodomani": 2, "dopo domani": 2},
        fixed_parts={
            "stasera": (0, "evening"),
            "stamattina": (0, "morning"),
            "stamani": (0, "morning"),
            "stanotte": (0, "night"),
            "stamane": (0, "morning"),
            "oggi pomeriggio": (0, "afternoon"),
        },
        this=r"quest[oa]|sto|sta",
        next_before=r"prossim[oa]",
        next_after=r"prossim[oa]|che viene",
        ahead=r"(?:tra|fra) (?P<n>{n}) (?:(?P<days>giorn[oi])|(?P<weeks>settiman[ae]))",
        one=r"un|una|uno",
        parts={
            "mattina": "morning",
            "mattino": "morning",
            "mattinata": "morning",
            "mattina presto": "morning",
            "di primo mattino": "morning",
            "pranzo": "lunch",
            "mezzogiorno": "lunch",
            "ora di pranzo": "lunch",
            "pomeriggio": "afternoon",
            "sera": "evening",
            "serata": "evening",
            "fine giornata": "evening",
            "cena": "evening",
            "notte": "night",
            "nottata": "night",
        },
        part_lead=r"a|al|alla|all|di|in|nel|nella|per|per il|per la|verso|in tarda|in prima|nel primo|nel tardo|tardo",
        weekend=r"weekend|week end|fine settimana|finesettimana",
        weekend_of=r"di|del|dello|nel|nello|per il|per",
        next_week=(
            r"{wd} (?:della |di |nella |la )?(?:settimana prossima|prossima settimana|settimana che viene)",
            r"(?:la |nella )?(?:settimana prossima|prossima settimana) (?:il )?{wd}",
        ),
        this_week=(r"{wd} (?:di |della )?(?:questa|sta) settimana",),
        week_on=(r"(?P<base>.+) a (?P<n>8|15)",),
        part_first=r"di|del|della|dell|per",
        dates=(r"(?:{wd} )?(?:il |l )?(?:giorno )?{d}(?: {mo}(?: {y})?)?",),
        day_marks=r"il|l|giorno|il giorno|per il|del",
        next_month=(r"(?:il )?{d} (?:del |il )?(?:mese prossimo|prossimo mese|mese che viene)",),
        this_month=(r"(?:il )?{d} (?:di )?(?:questo|sto) mese",),
        holidays={
            "natale": "christmas",
            "san valentino": "valentines",
            "halloween": "halloween",
            "giorno di natale": "christmas",
            "vigilia di natale": "christmas_eve",
            "vigilia": "christmas_eve",
            "capodanno": "new_year",
            "primo dell anno": "new_year",
            "san silvestro": "new_years_eve",
            "notte di san silvestro": "new_years_eve",
            "vigilia di capodanno": "new_years_eve",
            # the dinner and the night of "capodanno" are the 31st's; "capodanno" alone is the 1st
            "cenone di capodanno": "new_years_eve",
            "cena di capodanno": "new_years_eve",
            "sera di capodanno": "new_years_eve",
            "notte di capodanno": "new_years_eve",
            "veglione di capodanno": "new_years_eve",
            "ultimo dell anno": "new_years_eve",
            "pasqua": "easter",
            "domenica di pasqua": "easter",
            "pasquetta": "easter_monday",
            "lunedi dell angelo": "easter_monday",
            "lunedi di pasqua": "easter_monday",
            "venerdi santo": "good_friday",
            "santo stefano": "st_stephen",
            "ferragosto": "assumption",
            "epifania": "epiphany",
            "befana": "epiphany",
        },
        idioms={15: 14},  # "tra quindici giorni" is a fortnight
        words=("settimana", "prossimo", "prossima", "giorni", "giorno", "settimane", "weekend"),
        late_early=frozenset({"tardi", "presto"}),
    ),
    "en": DayGrammar(
        fillers=r"for|on|the|at|um|uh|er|so|maybe|how about|what about",
        fixed={
            "yesterday": -1,
            "day before yesterday": -2,
            "today": 0,
            "tomorrow": 1,
            "tmrw": 1,  # as typed in a chat
            "tmr": 1,
            "tmw": 1,
            "2moro": 1,
            "2morrow": 1,
            "tomoz": 1,
            "day after tomorrow": 2,
            "the day after tomorrow": 2,
            "now": 0,
        },
        fixed_parts={
            "tonight": (0, "night"),
            "tonite": (0, "night"),
            "2nite": (0, "night"),
            "this evening": (0, "evening"),
            "this morning": (0, "morning"),
            "this afternoon": (0, "afternoon"),
        },
        this=r"this|this coming|the coming",
        next_before=r"next|this coming",
        next_after=r"next|coming",  # "Friday coming", as said in Britain
        ahead=(  # "in 3 days", "in a fortnight's time", "10 days from today"
            r"(?:in |(?=(?:{n}) (?:days?|weeks?|fortnights?) from (?:now|today)$))"
            r"(?P<n>{n}) (?:(?P<days>days?)|(?P<weeks>weeks?)|(?P<fortnights>fortnights?))(?: s)?"
            r"(?: time| from now| from today)?"
        ),
        one=r"a|an|one",
        parts={
            "morning": "morning",
            "lunch": "lunch",
            "lunchtime": "lunch",
            "brunch": "lunch",
            "lunch time": "lunch",
            "noon": "lunch",
            "midday": "lunch",
            "afternoon": "afternoon",
            "evening": "evening",
            "end of the day": "evening",
            "dinner": "evening",
            "dinnertime": "evening",
            "dinner time": "evening",
            "supper": "evening",
            "night": "night",
            "nite": "night",  # as typed in a chat: "tmrw nite", "fri nite"
            "first thing": "morning",  # "first thing tomorrow", "Monday first thing"
            "early morning": "morning",
        },
        part_lead=(
            r"at|at the|in the|for|for the|around|at around|over|during the|by|by the|towards the"
            r"|late|early|mid|in the late|in the early"  # "friday late evening", "saturday early afternoon"
        ),
        weekend=r"weekend|week end",
        weekend_of=r"on|of|at|over|the",
        next_week=(
            r"{wd} (?:of |in |on )?next week",
            r"next week (?:on )?(?:the )?{wd}",
            r"{wd} (?:of |in )?the (?:following|next) week",
        ),
        this_week=(r"{wd} (?:of |in )?this week", r"this week (?:on )?{wd}"),
        week_on=(
            r"(?P<w>a|1|2|3|4|one|two|three|four|a couple of) (?P<unit>weeks?|fortnight) "
            r"(?:on |from |after )?(?P<base>.+)",
            r"(?:the )?(?P<base>wd[0-6]) (?P<unit>after (?:next|this(?: one| 1)?))",  # "the Friday after this one"
            r"(?P<base>today|tomorrow|wd[0-6]) (?P<unit>week|fortnight)",
        ),
        dates=(r"(?:{wd} )?(?:the )?{d}(?: of)?(?: {mo}(?: {y})?)?", r"(?:{wd} )?{mo} (?:the )?{d}(?: {y})?"),
        day_marks=r"the|of the",
        next_month=(r"(?:the )?{d} (?:of )?next month", r"next month on the {d}"),
        this_month=(r"(?:the )?{d} (?:of )?this month", r"this month on the {d}"),
        holidays={
            "christmas": "christmas",
            "valentine s day": "valentines",
            "valentines day": "valentines",
            "valentine s": "valentines",
            "valentines": "valentines",
            "st valentine s day": "valentines",
            "saint valentine s day": "valentines",
            "halloween": "halloween",
            "christmas day": "christmas",
            "xmas": "christmas",
            "xmas day": "christmas",
            "christmas eve": "christmas_eve",
            "xmas eve": "christmas_eve",
            "new year s eve": "new_years_eve",
            "new years eve": "new_years_eve",
            "nye": "new_years_eve",
            "new year s day": "new_year",
            "new years day": "new_year",
            "new year": "new_year",
            "new year s": "new_year",
            "new years": "new_year",
            "easter": "easter",
            "easter sunday": "easter",
            "easter day": "easter",
            "easter monday": "easter_monday",
            "good friday": "good_friday",
            "boxing day": "st_stephen",
            "st stephen s day": "st_stephen",
            "epiphany": "epiphany",
        },
        part_first=r"on|of",
        words=(
            "tomorrow",
            "today",
            "tonight",
            "week",
            "weekend",
            "fortnight",
            "next",
            "this",
            "evening",
            "morning",
            "afternoon",
            "christmas",
            "easter",
        ),
        late_early=frozenset({"late", "early"}),
    ),
    "fr": DayGrammar(
        fillers=r"pour|le|la|l|d|euh|alors|plutot|disons",
        fixed={
            "hier": -1,
            "avant hier": -2,
            "aujourd hui": 0,
            "auj": 0,
            "ajd": 0,
            "demain": 1,
            "dmn": 1,
            "dem": 1,
            "dm1": 1,
            "apres demain": 2,
        },
        fixed_parts={
            "ce soir": (0, "evening"),
            "ce matin": (0, "morning"),
            "cet apres midi": (0, "afternoon"),
            "ce midi": (0, "lunch"),
            "cette nuit": (0, "night"),
        },
        this=r"ce|cet|cette",
        next_before=r"prochaine?",
        next_after=r"prochaine?|qui vient|qui arrive",
        ahead=r"dans (?P<n>{n}) (?:(?P<days>jours?)|(?P<weeks>semaines?))",
        one=r"un|une",
        parts={
            "matin": "morning",
            "matinee": "morning",
            "premiere heure": "morning",  # "demain à la première heure"
            "midi": "lunch",
            "dejeuner": "lunch",
            "apres midi": "afternoon",
            "aprem": "afternoon",  # as typed in a chat
            "soir": "evening",
            "soiree": "evening",
            "fin de journee": "evening",  # "demain en fin de journée": before closing
            "diner": "evening",
            "nuit": "night",
        },
        part_lead=r"au|a|a la|a l heure du|pour le|pour|dans la|dans l|en|le|en fin de?|en debut de?|vers",
        weekend=r"week end|weekend|fin de semaine",
        weekend_of=r"de|du|pendant le|le",
        next_week=(
            r"{wd} (?:de |dans )?la semaine (?:prochaine|d apres|qui vient)",
            r"(?:la )?semaine (?:prochaine|d apres|qui vient) (?:le )?{wd}",
        ),
        this_week=(r"{wd} (?:de )?cette semaine",),
        week_on=(r"(?P<base>.+) en (?P<n>8|15)",),
        part_first=r"de|du|de la|pour",
        dates=(r"(?:{wd} )?(?:le )?{d}(?: {mo}(?: {y})?)?",),
        day_marks=r"le|du",
        next_month=(r"(?:le )?{d} du mois (?:prochain|qui vient)",),
        this_month=(r"(?:le )?{d} de ce mois(?: ci)?",),
        holidays={
            "noel": "christmas",
            "saint valentin": "valentines",
            "la saint valentin": "valentines",
            "st valentin": "valentines",
            "halloween": "halloween",
            "jour de noel": "christmas",
            "la noel": "christmas",
            "veille de noel": "christmas_eve",
            "reveillon de noel": "christmas_eve",
            "nuit de noel": "christmas_eve",
            "saint sylvestre": "new_years_eve",
            "la saint sylvestre": "new_years_eve",
            "reveillon du nouvel an": "new_years_eve",
            "reveillon de la saint sylvestre": "new_years_eve",
            "veille du jour de l an": "new_years_eve",
            "soiree du nouvel an": "new_years_eve",
            "diner du nouvel an": "new_years_eve",
            "reveillon": "reveillon",
            "jour de l an": "new_year",
            "nouvel an": "new_year",
            "premier de l an": "new_year",
            "paques": "easter",
            "dimanche de paques": "easter",
            "lundi de paques": "easter_monday",
            "vendredi saint": "good_friday",
            "epiphanie": "epiphany",
        },
        idioms={8: 7, 15: 14},  # "dans huit jours" is a week, "dans quinze jours" a fortnight
        words=("aujourd", "demain", "semaine", "prochaine", "prochain", "soir", "matin", "jours"),
        late_early=frozenset({"tard", "tot"}),
    ),
    "pt": DayGrammar(
        fillers=r"para|pra|pro|na|no|de|do|da|o|a|e|entao|talvez|tipo",
        # "hj": "hoje" as typed in a chat
        fixed={"ontem": -1, "anteontem": -2, "hoje": 0, "hj": 0, "amanha": 1, "depois de amanha": 2},
        fixed_parts={
            "esta noite": (0, "night"),
            "hoje a noite": (0, "night"),
            "logo a noite": (0, "night"),
            "esta tarde": (0, "afternoon"),
            "esta manha": (0, "morning"),
            "hoje a tarde": (0, "afternoon"),
        },
        this=r"(?:n|d)?(?:est|ess)[ea]",
        next_before=r"proxim[oa]",
        next_after=r"que vem|proxim[oa]",
        ahead=r"(?:daqui a|em|dentro de|daqui) (?P<n>{n}) (?:(?P<days>dias?)|(?P<weeks>semanas?))",
        one=r"um|uma",
        parts={
            "manha": "morning",
            "manha cedo": "morning",
            "logo de manha": "morning",  # "amanhã logo de manhã": first thing
            "almoco": "lunch",
            "hora do almoco": "lunch",
            "hora de almoco": "lunch",
            "meio dia": "lunch",
            "fim do dia": "evening",
            "tarde": "afternoon",
            "noite": "night",
            "jantar": "evening",
            "fim de tarde": "afternoon",
        },
        part_lead=(
            r"a|ao|de|da|na|no|pela|pelo|para o|para a|pro|pra|para|durante a|a hora do"
            r"|ao fim da|no fim da|ao final da|no final da|ao inicio da|no inicio da"  # "sexta no fim da tarde"
        ),
        weekend=r"fim de semana|final de semana|fds|weekend",
        weekend_of=r"de|do|no|neste|deste|nesse|desse|este|esse",
        next_week=(
            r"{wd} (?:da |na )?(?:semana que vem|proxima semana|semana seguinte)",
            r"(?:na )?(?:semana que vem|proxima semana) (?:na )?{wd}",
            r"{wd} para a semana",  # "para a semana": next week, in Portugal
        ),
        this_week=(r"{wd} (?:d|n)?(?:est|ess)a semana",),
        week_on=(r"(?:de )?(?P<base>.+) a (?P<n>8|15)(?: dias)?", r"(?P<base>.+) em (?P<n>8|15)(?: dias)?"),
        part_first=r"de|do|da|no|na",
        dates=(r"(?:{wd} )?(?:o )?(?:dia )?{d}(?: (?:de )?{mo}(?: de {y})?)?",),
        day_marks=r"dia|o dia|no dia|do dia",
        next_month=(r"(?:o )?(?:dia )?{d} do (?:mes que vem|proximo mes)",),
        this_month=(r"(?:o )?(?:dia )?{d} (?:d|n)?est[e] mes",),
        holidays={
            "natal": "christmas",
            "dia dos namorados": "valentines",
            "halloween": "halloween",
            "dia de natal": "christmas",
            "vespera de natal": "christmas_eve",
            "consoada": "christmas_eve",
            "noite de natal": "christmas_eve",
            "vespera de ano novo": "new_years_eve",
            "passagem de ano": "new_years_eve",
            "reveillon": "new_years_eve",
            "noite de ano novo": "new_years_eve",
            "jantar de ano novo": "new_years_eve",
            "ano novo": "new_year",
            "dia de ano novo": "new_year",
            "primeiro do ano": "new_year",
            "pascoa": "easter",
            "domingo de pascoa": "easter",
            "sexta feira santa": "good_friday",
            "sexta santa": "good_friday",
        },
        idioms={8: 7, 15: 14},  # "daqui a oito dias" is a week, "quinze dias" a fortnight
        words=("amanha", "hoje", "semana", "proxima", "proximo", "depois", "dias"),
    ),
}
