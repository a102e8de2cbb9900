"""The words of a paused plan and of an undo, per locale, as the operator reads them.

A paused plan asks one question (`blocking_prompt`); an answer that would change what the plan does
fails it with `scope_changed`. An undo is refused with one of the `undo_*` sentences. Every locale has
the same fields and placeholders (tests/unit/speech checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

from concierge.speech.plans import language_of


@dataclass(frozen=True)
class PromptWords:
    """What a paused plan asks, and what becomes of a plan its answer stops."""

    booking_state: str  # {day} {time} {people}
    booking_moved: str  # {name} {then} {now} {number} {action}
    booking_gone: str  # {where}
    slot_taken: str  # {when} {options}
    several_match: str  # {query} {count} {options}
    option: str  # {number} {label}
    scope_changed: str
    stopped: str  # {number}
    session_busy: str
    unclear: str  # {prompt}
    yes_words: str  # comma-separated answers read as yes (lower case)
    no_words: str  # comma-separated answers read as no (lower case)


@dataclass(frozen=True)
class UndoWords:
    """Why an undo is refused, and what an undo that could not reverse everything says."""

    not_completed: str  # {status}
    undoing: str
    irreversible: str  # {number} {action}
    changed_since: str  # {booking_id} {what}
    gone_since: str  # {booking_id}
    unverifiable: str
    incomplete: str


PROMPTS: dict[str, PromptWords] = {
    "it": PromptWords(
        booking_state="{day} alle {time}, {people} persone",
        booking_moved="La prenotazione di {name} è cambiata da quando il piano è stato fatto: era {then}, ora è {now}. "
        "Procedo comunque con il passo {number} ({action})? Rispondi sì o no.",
        booking_gone="{where} non è stato eseguito: la prenotazione è stata cancellata da quando il piano è stato "
        "fatto.",
        slot_taken="{when} non è più disponibile. Quale degli orari liberi più vicini scelgo? {options}",
        several_match='La ricerca di "{query}" ora trova {count} prenotazioni. Quale? {options}',
        option="{number}) {label}",
        scope_changed="Questa risposta cambierebbe ciò che il piano fa (un'altra prenotazione, un'altra azione o "
        "una nuova richiesta), quindi il piano si è fermato. Fai una nuova richiesta.",
        stopped="Fermato dalla tua risposta prima del passo {number}.",
        session_busy="Un altro piano di questa sessione attende una risposta: rispondi a quello, poi rifai questa "
        "richiesta.",
        unclear="Questa risposta non risponde alla domanda; il piano attende ancora: {prompt}",
        yes_words="sì,si,ok,va bene,procedi,continua,vai,certo,yes",
        no_words="no,non procedere,fermati,annulla,stop",
    ),
    "en": PromptWords(
        booking_state="{day} at {time}, {people} people",
        booking_moved="The booking of {name} changed since the plan was made: it was {then}, it is now {now}. "
        "Go on with step {number} ({action}) anyway? Answer yes or no.",
        booking_gone="{where} was not done: the booking was cancelled since the plan was made.",
        slot_taken="{when} is no longer available. Which of the nearest free times should it be? {options}",
        several_match='The search for "{query}" now finds {count} bookings. Which one? {options}',
        option="{number}) {label}",
        scope_changed="That answer would change what the plan does (another booking, another action or a new "
        "request), so the plan stopped. Start a new request for it.",
        stopped="Stopped by your answer before step {number}.",
        session_busy="Another plan of this session is waiting for an answer: answer it, then make this request again.",
        unclear="That answer does not fit the question; the plan is still waiting: {prompt}",
        yes_words="yes,y,ok,okay,go on,go ahead,continue,sure,proceed",
        no_words="no,n,stop,don't,do not,cancel",
    ),
    "fr": PromptWords(
        booking_state="{day} à {time}, {people} personnes",
        booking_moved="La réservation de {name} a changé depuis que le plan a été fait : c'était {then}, "
        "c'est maintenant {now}. Poursuivre quand même l'étape {number} ({action}) ? Répondez oui ou non.",
        booking_gone="{where} n'a pas été faite : la réservation a été annulée depuis que le plan a été fait.",
        slot_taken="{when} n'est plus disponible. Lequel des horaires libres les plus proches choisir ? {options}",
        several_match="La recherche « {query} » trouve maintenant {count} réservations. Laquelle ? {options}",
        option="{number}) {label}",
        scope_changed="Cette réponse changerait ce que fait le plan (une autre réservation, une autre action ou "
        "une nouvelle demande), donc le plan s'est arrêté. Faites une nouvelle demande.",
        stopped="Arrêté par votre réponse avant l'étape {number}.",
        session_busy="Un autre plan de cette session attend une réponse : répondez-y, puis refaites cette demande.",
        unclear="Cette réponse ne correspond pas à la question ; le plan attend toujours : {prompt}",
        yes_words="oui,ok,d'accord,continuez,allez-y,bien sûr,yes",
        no_words="non,arrêtez,stop,annulez",
    ),
    "pt": PromptWords(
        booking_state="{day} às {time}, {people} pessoas",
        booking_moved="A reserva de {name} mudou desde que o plano foi feito: era {then}, agora é {now}. "
        "Continuar mesmo assim com o passo {number} ({action})? Responda sim ou não.",
        booking_gone="{where} não foi feito: a reserva foi cancelada desde que o plano foi feito.",
        slot_taken="{when} já não está disponível. Qual dos horários livres mais próximos escolho? {options}",
        several_match='A pesquisa de "{query}" encontra agora {count} reservas. Qual? {options}',
        option="{number}) {label}",
        scope_changed="Essa resposta mudaria o que o plano faz (outra reserva, outra ação ou um novo pedido), "
        "por isso o plano parou. Faça um novo pedido.",
        stopped="Parado pela sua resposta antes do passo {number}.",
        session_busy="Outro plano desta sessão espera uma resposta: responda-lhe e depois repita este pedido.",
        unclear="Essa resposta não corresponde à pergunta; o plano continua à espera: {prompt}",
        yes_words="sim,ok,pode,continue,avance,claro,yes",
        no_words="não,nao,pare,cancele,stop",
    ),
}

UNDO: dict[str, UndoWords] = {
    "it": UndoWords(
        not_completed="Si può annullare solo un piano completato; questo è {status}.",
        undoing="Il piano è già stato annullato o lo si sta annullando.",
        irreversible="Il piano non si può annullare: il passo {number} ({action}) non è reversibile. Non è stato "
        "cambiato nulla.",
        changed_since="Il piano non si può annullare: la prenotazione {booking_id} è cambiata da quando il piano è "
        "stato completato ({what}). Non è stato cambiato nulla.",
        gone_since="Il piano non si può annullare: la prenotazione {booking_id} è stata cancellata da quando il "
        "piano è stato completato. Non è stato cambiato nulla.",
        unverifiable="Non è stato possibile controllare le prenotazioni che il piano ha cambiato; non è stato "
        "cambiato nulla. Riprova.",
        incomplete="L'annullamento non è riuscito del tutto: vedi il rapporto.",
    ),
    "en": UndoWords(
        not_completed="Only a completed plan can be undone; this one is {status}.",
        undoing="The plan is already undone or being undone.",
        irreversible="The plan cannot be undone: step {number} ({action}) is not reversible. Nothing was changed.",
        changed_since="The plan cannot be undone: booking {booking_id} changed since the plan completed ({what}). "
        "Nothing was changed.",
        gone_since="The plan cannot be undone: booking {booking_id} was cancelled since the plan completed. "
        "Nothing was changed.",
        unverifiable="The bookings the plan changed could not be checked; nothing was changed. Try again.",
        incomplete="The undo did not fully succeed: see the report.",
    ),
    "fr": UndoWords(
        not_completed="Seul un plan terminé peut être annulé ; celui-ci est {status}.",
        undoing="Le plan est déjà annulé ou en cours d'annulation.",
        irreversible="Le plan ne peut pas être annulé : l'étape {number} ({action}) n'est pas réversible. Rien n'a "
        "été modifié.",
        changed_since="Le plan ne peut pas être annulé : la réservation {booking_id} a changé depuis que le plan "
        "s'est terminé ({what}). Rien n'a été modifié.",
        gone_since="Le plan ne peut pas être annulé : la réservation {booking_id} a été annulée depuis que le plan "
        "s'est terminé. Rien n'a été modifié.",
        unverifiable="Les réservations modifiées par le plan n'ont pas pu être vérifiées ; rien n'a été modifié. "
        "Réessayez.",
        incomplete="L'annulation n'a pas entièrement réussi : voir le rapport.",
    ),
    "pt": UndoWords(
        not_completed="Só um plano concluído pode ser desfeito; este está {status}.",
        undoing="O plano já foi desfeito ou está a ser desfeito.",
        irreversible="O plano não pode ser desfeito: o passo {number} ({action}) não é reversível. Nada foi alterado.",
        changed_since="O plano não pode ser desfeito: a reserva {booking_id} mudou desde que o plano foi concluído "
        "({what}). Nada foi alterado.",
        gone_since="O plano não pode ser desfeito: a reserva {booking_id} foi cancelada desde que o plano foi "
        "concluído. Nada foi alterado.",
        unverifiable="Não foi possível verificar as reservas que o plano alterou; nada foi alterado. Tente de novo.",
        incomplete="A anulação não foi totalmente bem-sucedida: veja o relatório.",
    ),
}


def prompt_words(locale: str) -> PromptWords:
    """A paused plan's words in `locale` (a region suffix is ignored; an unknown language gets English)."""
    return PROMPTS[language_of(locale)]


def undo_words(locale: str) -> UndoWords:
    """An undo's words in `locale` (a region suffix is ignored; an unknown language gets English)."""
    return UNDO[language_of(locale)]
