"""The words of the chat receptionist's tools (seed 004's manual), per locale.

Portuguese is the manual's own wording, kept exactly; it, en and fr say the same naturally. The
agent reads `message` and `error`; an operator reads the summaries.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ToolWords:
    scheduled: str
    changed: str  # a booking replaced by schedule_appointment's replacesEventId
    cancelled: str
    handed_over: str
    client_saved: str  # followed by "Label='value', ..." and a full stop
    tags_saved: str
    ended: str
    summarized: str
    busy: str  # list_events' summary of every event, whatever its real title
    closed: str  # businessHours of a closed day
    labels: dict[str, str]  # preferredName, addressText, notes
    no_phone: str
    no_name: str
    not_your_booking: str
    bad_date: str  # {value}
    bad_time: str  # {value}
    bad_range: str
    range_too_long: str  # {days}
    unknown_tool: str  # {name}
    bad_params: str  # {problem}
    summary: dict[str, str]  # customer, tags, bookings, last, reason, unknown


WORDS: dict[str, ToolWords] = {
    "pt": ToolWords(
        scheduled="Agendamento salvo com sucesso no sistema.",
        changed="O agendamento foi alterado com sucesso no sistema.",
        cancelled="O agendamento foi cancelado com sucesso.",
        handed_over="A conversa foi transferida para um atendente humano.",
        client_saved="Dados do cliente foram salvos no sistema: ",
        tags_saved="As etiquetas foram salvas com sucesso na conversa.",
        ended="A conversa foi finalizada e arquivada.",
        summarized="Resumo salvo com sucesso.",
        busy="Compromisso Ocupado",
        closed="Fechado",
        labels={"preferredName": "Nome Preferido", "addressText": "Endereço", "notes": "Notas"},
        no_phone="O telefone do cliente ainda não é conhecido: peça-o antes.",
        no_name="O nome do cliente ainda não é conhecido: peça-o antes de agendar.",
        not_your_booking="Não há nenhum agendamento deste cliente com esse ID.",
        bad_date='"{value}" não é uma data (DD/MM/AAAA).',
        bad_time='"{value}" não é um horário (HH:mm).',
        bad_range="A data de fim é anterior à data de início.",
        range_too_long="O período não pode passar de {days} dias.",
        unknown_tool='Não existe a ferramenta "{name}".',
        bad_params="Parâmetros inválidos: {problem}",
        summary={
            "customer": "Cliente",
            "tags": "Etiquetas",
            "bookings": "Agendamentos",
            "last": "Última mensagem",
            "reason": "Motivo",
            "unknown": "desconhecido",
        },
    ),
    "en": ToolWords(
        scheduled="Booking saved in the system.",
        changed="Booking changed in the system.",
        cancelled="The booking was cancelled.",
        handed_over="The conversation was transferred to a human agent.",
        client_saved="Client details saved in the system: ",
        tags_saved="The tags were saved on the conversation.",
        ended="The conversation was ended and archived.",
        summarized="Summary saved.",
        busy="Busy",
        closed="Closed",
        labels={"preferredName": "Preferred name", "addressText": "Address", "notes": "Notes"},
        no_phone="The client's phone number is not known yet: ask for it first.",
        no_name="The client's name is not known yet: ask for it before booking.",
        not_your_booking="This client has no booking with that id.",
        bad_date='"{value}" is not a date (DD/MM/YYYY).',
        bad_time='"{value}" is not a time (HH:mm).',
        bad_range="The end date is before the start date.",
        range_too_long="The period cannot be longer than {days} days.",
        unknown_tool='There is no tool "{name}".',
        bad_params="Invalid parameters: {problem}",
        summary={
            "customer": "Client",
            "tags": "Tags",
            "bookings": "Bookings",
            "last": "Last message",
            "reason": "Reason",
            "unknown": "unknown",
        },
    ),
    "it": ToolWords(
        scheduled="Prenotazione salvata nel sistema.",
        changed="Prenotazione modificata nel sistema.",
        cancelled="La prenotazione è stata cancellata.",
        handed_over="La conversazione è stata passata a un operatore.",
        client_saved="Dati del cliente salvati nel sistema: ",
        tags_saved="Le etichette sono state salvate nella conversazione.",
        ended="La conversazione è stata chiusa e archiviata.",
        summarized="Riepilogo salvato.",
        busy="Impegno occupato",
        closed="Chiuso",
        labels={"preferredName": "Nome preferito", "addressText": "Indirizzo", "notes": "Note"},
        no_phone="Il numero del cliente non è ancora noto: chiedilo prima.",
        no_name="Il nome del cliente non è ancora noto: chiedilo prima di prenotare.",
        not_your_booking="Questo cliente non ha nessuna prenotazione con quell'id.",
        bad_date='"{value}" non è una data (GG/MM/AAAA).',
        bad_time='"{value}" non è un orario (HH:mm).',
        bad_range="La data di fine è prima di quella di inizio.",
        range_too_long="Il periodo non può superare {days} giorni.",
        unknown_tool='Lo strumento "{name}" non esiste.',
        bad_params="Parametri non validi: {problem}",
        summary={
            "customer": "Cliente",
            "tags": "Etichette",
            "bookings": "Prenotazioni",
            "last": "Ultimo messaggio",
            "reason": "Motivo",
            "unknown": "sconosciuto",
        },
    ),
    "fr": ToolWords(
        scheduled="Rendez-vous enregistré dans le système.",
        changed="Rendez-vous modifié dans le système.",
        cancelled="Le rendez-vous a été annulé.",
        handed_over="La conversation a été transférée à un conseiller.",
        client_saved="Données du client enregistrées dans le système : ",
        tags_saved="Les étiquettes ont été enregistrées sur la conversation.",
        ended="La conversation a été terminée et archivée.",
        summarized="Résumé enregistré.",
        busy="Créneau occupé",
        closed="Fermé",
        labels={"preferredName": "Nom préféré", "addressText": "Adresse", "notes": "Notes"},
        no_phone="Le numéro du client n'est pas encore connu : demandez-le d'abord.",
        no_name="Le nom du client n'est pas encore connu : demandez-le avant de réserver.",
        not_your_booking="Ce client n'a aucun rendez-vous avec cet identifiant.",
        bad_date="« {value} » n'est pas une date (JJ/MM/AAAA).",
        bad_time="« {value} » n'est pas une heure (HH:mm).",
        bad_range="La date de fin précède la date de début.",
        range_too_long="La période ne peut pas dépasser {days} jours.",
        unknown_tool="L'outil « {name} » n'existe pas.",
        bad_params="Paramètres invalides : {problem}",
        summary={
            "customer": "Client",
            "tags": "Étiquettes",
            "bookings": "Rendez-vous",
            "last": "Dernier message",
            "reason": "Motif",
            "unknown": "inconnu",
        },
    ),
}


def tool_words(locale: str) -> ToolWords:
    return WORDS[locale]
