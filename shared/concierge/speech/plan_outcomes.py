"""The words of a plan's refusals, failures and rollback reports, per locale, as the operator reads them.

`{where}` is a step as `step` names it; the other placeholders are filled in by the plan service and
the executor. Every locale has the same fields and placeholders (tests/unit/speech checks it). A plan
status (`{status}`) and a parameter name stay as the contract spells them.
"""

from __future__ import annotations

from dataclasses import dataclass

from concierge.speech.plans import language_of


@dataclass(frozen=True)
class RefusalWords:
    """Why the plan API refuses a call."""

    sign_in: str
    user_mismatch: str
    token_refused: str
    no_venue: str  # {venue_id}
    no_plan: str  # {plan_id}
    not_owner: str
    already: str  # {status}
    not_queued: str
    expired: str  # {minutes}
    not_waiting: str
    several_waiting: str
    answer_saved: str


@dataclass(frozen=True)
class StepWords:
    """What happened to a step, and what a person must check or undo by hand."""

    step: str  # {number} {action}
    refused: str  # {where} {message}
    unauthorised: str  # {where}
    not_found: str  # {where}
    conflict: str  # {where} {message} {alternatives}
    alternatives: str  # {slots}
    rate_limited: str  # {where} {seconds}
    a_few: str
    server_error: str  # {where}
    timeout: str  # {where}
    no_details: str
    no_longer_available: str
    value_missing: str  # {missing}
    correction_changes_plan: str
    prior_read_missing: str
    possibly_applied: str  # {number} {what}
    check_booking: str  # {booking_id}
    check_details: str  # {details}
    check_call: str
    timed_out: str  # {action}
    irreversible: str  # {number} {action}
    undo_by_hand: str  # {number} {action} {problem}
    compensation_missing: str
    undo_value_missing: str  # {missing}
    done: str  # {summary}
    out_of_turns: str  # {turns}
    stopped: str  # {reason}


REFUSALS: dict[str, RefusalWords] = {
    "it": RefusalWords(
        sign_in="Accedi: la richiesta non porta alcuna credenziale valida di un operatore.",
        user_mismatch="user_id non corrisponde all'operatore a cui appartiene la credenziale.",
        token_refused="L'API delle azioni ha rifiutato il token; accedi di nuovo.",
        no_venue='Nessun locale "{venue_id}".',
        no_plan='Nessun piano "{plan_id}".',
        not_owner="Questo piano appartiene a un altro operatore.",
        already="Il piano è già {status}.",
        not_queued="Non è stato possibile mettere il piano in coda; attende ancora la conferma. Riprova.",
        expired="Il piano è scaduto: i piani attendono la conferma {minutes:g} minuti. Non è stato cambiato "
        "nulla; fai una nuova richiesta.",
        not_waiting="Il piano non attende una risposta.",
        several_waiting="Più piani di questa sessione attendono una risposta; indica quale.",
        answer_saved="La risposta è salvata ma l'esecuzione non è potuta riprendere; riprova.",
    ),
    "en": RefusalWords(
        sign_in="Sign in: the request carries no valid operator credential.",
        user_mismatch="user_id does not match the operator the credential belongs to.",
        token_refused="The action API refused the token; sign in again.",
        no_venue='No venue "{venue_id}".',
        no_plan='No plan "{plan_id}".',
        not_owner="This plan belongs to another operator.",
        already="The plan is already {status}.",
        not_queued="The plan could not be queued; it is still waiting for confirmation. Try again.",
        expired="The plan expired: plans wait {minutes:g} minutes for confirmation. Nothing was changed; "
        "make a new request.",
        not_waiting="The plan is not waiting for an answer.",
        several_waiting="Several plans of this session wait for an answer; say which one.",
        answer_saved="The answer is saved but execution could not resume; retry.",
    ),
    "fr": RefusalWords(
        sign_in="Connectez-vous : la requête ne porte aucun identifiant d'opérateur valide.",
        user_mismatch="user_id ne correspond pas à l'opérateur auquel appartient l'identifiant.",
        token_refused="L'API des actions a refusé le jeton ; reconnectez-vous.",
        no_venue="Aucun établissement « {venue_id} ».",
        no_plan="Aucun plan « {plan_id} ».",
        not_owner="Ce plan appartient à un autre opérateur.",
        already="Le plan est déjà {status}.",
        not_queued="Le plan n'a pas pu être mis en file ; il attend toujours sa confirmation. Réessayez.",
        expired="Le plan a expiré : un plan attend sa confirmation {minutes:g} minutes. Rien n'a été modifié ; "
        "faites une nouvelle demande.",
        not_waiting="Le plan n'attend pas de réponse.",
        several_waiting="Plusieurs plans de cette session attendent une réponse ; précisez lequel.",
        answer_saved="La réponse est enregistrée mais l'exécution n'a pas pu reprendre ; réessayez.",
    ),
    "pt": RefusalWords(
        sign_in="Inicie sessão: o pedido não traz nenhuma credencial de operador válida.",
        user_mismatch="user_id não corresponde ao operador a quem pertence a credencial.",
        token_refused="A API de ações recusou o token; inicie sessão de novo.",
        no_venue='Nenhum estabelecimento "{venue_id}".',
        no_plan='Nenhum plano "{plan_id}".',
        not_owner="Este plano pertence a outro operador.",
        already="O plano já está {status}.",
        not_queued="Não foi possível pôr o plano em fila; continua à espera de confirmação. Tente de novo.",
        expired="O plano expirou: os planos esperam {minutes:g} minutos pela confirmação. Nada foi alterado; "
        "faça um novo pedido.",
        not_waiting="O plano não está à espera de uma resposta.",
        several_waiting="Vários planos desta sessão esperam uma resposta; diga qual.",
        answer_saved="A resposta foi guardada, mas a execução não pôde continuar; tente de novo.",
    ),
}

STEPS: dict[str, StepWords] = {
    "it": StepWords(
        step="Il passo {number} ({action})",
        refused="{where} è stato rifiutato: {message}",
        unauthorised="{where} non è stato autorizzato: accedi di nuovo, poi riprova.",
        not_found="{where} non è riuscito: la prenotazione non esiste più; potrebbe essere stata modificata o "
        "cancellata.",
        conflict="{where} ha incontrato un conflitto: {message} Aggiorna e riprova{alternatives}.",
        alternatives="; orari liberi vicini: {slots}",
        rate_limited="{where} è stato limitato: riprova tra {seconds} secondi.",
        a_few="alcuni",
        server_error="{where} non è riuscito: il servizio è temporaneamente non disponibile; riprova più tardi.",
        timeout="{where} non è riuscito: il servizio non è raggiungibile (problema di connessione).",
        no_details="nessun dettaglio",
        no_longer_available="Questa azione non è più disponibile.",
        value_missing="Manca un valore di un passo precedente ({missing}).",
        correction_changes_plan="Una correzione avrebbe cambiato il piano confermato; fai una nuova richiesta.",
        prior_read_missing="manca l'azione che legge lo stato precedente",
        possibly_applied="Il passo {number} potrebbe essere stato applicato: controlla {what}.",
        check_booking="la prenotazione {booking_id}",
        check_details="la prenotazione con {details}",
        check_call="cosa ha fatto la chiamata",
        timed_out="({action} è scaduta; non si può annullare prima di sapere se è avvenuta.)",
        irreversible="Il passo {number} ({action}) non si può annullare automaticamente; controllalo a mano.",
        undo_by_hand="Annulla a mano il passo {number} ({action}): {problem}",
        compensation_missing="la sua azione di compensazione non è disponibile",
        undo_value_missing="manca un valore necessario per annullarlo ({missing})",
        done="Fatto: {summary}",
        out_of_turns="L'esecuzione si è fermata dopo {turns} passi senza completare il piano; fai una nuova richiesta.",
        stopped="L'esecuzione si è fermata: {reason}",
    ),
    "en": StepWords(
        step="Step {number} ({action})",
        refused="{where} was refused: {message}",
        unauthorised="{where} was not authorised: sign in again, then retry.",
        not_found="{where} failed: the booking no longer exists; it may have been changed or cancelled.",
        conflict="{where} hit a conflict: {message} Refresh and try again{alternatives}.",
        alternatives="; free times nearby: {slots}",
        rate_limited="{where} was rate limited: retry in {seconds} seconds.",
        a_few="a few",
        server_error="{where} failed: the service is temporarily unavailable; try again later.",
        timeout="{where} failed: the service could not be reached (connectivity issue).",
        no_details="no details",
        no_longer_available="This action is no longer available.",
        value_missing="A value from an earlier step is missing ({missing}).",
        correction_changes_plan="A correction would have changed the confirmed plan; start a new request.",
        prior_read_missing="prior-state action missing",
        possibly_applied="Step {number} may have been applied: check {what}.",
        check_booking="booking {booking_id}",
        check_details="the booking with {details}",
        check_call="what the call did",
        timed_out="({action} timed out; it cannot be undone before it is known to have happened.)",
        irreversible="Step {number} ({action}) cannot be undone automatically; check it by hand.",
        undo_by_hand="Undo step {number} ({action}) by hand: {problem}",
        compensation_missing="its compensation action is not available",
        undo_value_missing="a value needed to undo it is missing ({missing})",
        done="Done: {summary}",
        out_of_turns="Execution stopped after {turns} turns without completing the plan; start a new request.",
        stopped="Execution stopped: {reason}",
    ),
    "fr": StepWords(
        step="L'étape {number} ({action})",
        refused="{where} a été refusée : {message}",
        unauthorised="{where} n'a pas été autorisée : reconnectez-vous, puis réessayez.",
        not_found="{where} a échoué : la réservation n'existe plus ; elle a peut-être été modifiée ou annulée.",
        conflict="{where} a rencontré un conflit : {message} Actualisez et réessayez{alternatives}.",
        alternatives=" ; horaires libres proches : {slots}",
        rate_limited="{where} a été limitée : réessayez dans {seconds} secondes.",
        a_few="quelques",
        server_error="{where} a échoué : le service est momentanément indisponible ; réessayez plus tard.",
        timeout="{where} a échoué : le service est injoignable (problème de connexion).",
        no_details="aucun détail",
        no_longer_available="Cette action n'est plus disponible.",
        value_missing="Il manque une valeur d'une étape précédente ({missing}).",
        correction_changes_plan="Une correction aurait changé le plan confirmé ; faites une nouvelle demande.",
        prior_read_missing="l'action qui lit l'état précédent manque",
        possibly_applied="L'étape {number} a peut-être été appliquée : vérifiez {what}.",
        check_booking="la réservation {booking_id}",
        check_details="la réservation avec {details}",
        check_call="ce que l'appel a fait",
        timed_out="({action} a expiré ; on ne peut l'annuler avant de savoir si elle a eu lieu.)",
        irreversible="L'étape {number} ({action}) ne peut pas être annulée automatiquement ; vérifiez-la à la main.",
        undo_by_hand="Annulez à la main l'étape {number} ({action}) : {problem}",
        compensation_missing="son action de compensation n'est pas disponible",
        undo_value_missing="il manque une valeur pour l'annuler ({missing})",
        done="Fait : {summary}",
        out_of_turns=(
            "L'exécution s'est arrêtée après {turns} tours sans terminer le plan ; faites une nouvelle demande."
        ),
        stopped="L'exécution s'est arrêtée : {reason}",
    ),
    "pt": StepWords(
        step="O passo {number} ({action})",
        refused="{where} foi recusado: {message}",
        unauthorised="{where} não foi autorizado: inicie sessão de novo e tente outra vez.",
        not_found="{where} falhou: a reserva já não existe; pode ter sido alterada ou cancelada.",
        conflict="{where} encontrou um conflito: {message} Atualize e tente de novo{alternatives}.",
        alternatives="; horários livres próximos: {slots}",
        rate_limited="{where} foi limitado: tente de novo dentro de {seconds} segundos.",
        a_few="alguns",
        server_error="{where} falhou: o serviço está temporariamente indisponível; tente mais tarde.",
        timeout="{where} falhou: não foi possível contactar o serviço (problema de ligação).",
        no_details="sem detalhes",
        no_longer_available="Esta ação já não está disponível.",
        value_missing="Falta um valor de um passo anterior ({missing}).",
        correction_changes_plan="Uma correção teria alterado o plano confirmado; faça um novo pedido.",
        prior_read_missing="falta a ação que lê o estado anterior",
        possibly_applied="O passo {number} pode ter sido aplicado: verifique {what}.",
        check_booking="a reserva {booking_id}",
        check_details="a reserva com {details}",
        check_call="o que a chamada fez",
        timed_out="({action} excedeu o tempo; não pode ser anulado antes de se saber se aconteceu.)",
        irreversible="O passo {number} ({action}) não pode ser anulado automaticamente; verifique-o à mão.",
        undo_by_hand="Anule à mão o passo {number} ({action}): {problem}",
        compensation_missing="a sua ação de compensação não está disponível",
        undo_value_missing="falta um valor necessário para o anular ({missing})",
        done="Feito: {summary}",
        out_of_turns="A execução parou após {turns} passos sem concluir o plano; faça um novo pedido.",
        stopped="A execução parou: {reason}",
    ),
}


def refusal_words(locale: str) -> RefusalWords:
    """The plan API's refusals in `locale` (a region suffix is ignored; an unknown language gets English)."""
    return REFUSALS[language_of(locale)]


def step_words(locale: str) -> StepWords:
    """The executor's words in `locale` (a region suffix is ignored; an unknown language gets English)."""
    return STEPS[language_of(locale)]
