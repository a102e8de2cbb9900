"""The words of the plan lifecycle, per locale: the planner's questions, its rephrase prompt, a plan's
presentation and the rule planner's one-line summaries.

`{query}`, `{options}`, `{when}`, `{people}`, `{phone}`, `{name}` and `{booking_id}` are filled in by the
planners; every locale has the same fields and placeholders (tests/unit/speech checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

from concierge.speech.fr import of_name


@dataclass(frozen=True)
class PlanWords:
    # The planners' questions (one at a time) and the prompt to rephrase when no safe plan came out.
    which_booking: str
    what_change: str
    how_many: str
    no_match: str  # {query}
    several: str  # {options}
    move_when: str
    which_phone: str
    no_email: str
    rephrase: str
    # A plan shown for confirmation.
    title: str
    high_risk: str
    confirm: str
    # The rule planner's intent summary: "<booking>: <change>, <change>".
    booking: str  # {booking_id}
    move_to: str  # {when}
    people: str  # {people}
    phone: str  # {phone}
    asked_later: str  # a value the plan asks when it runs, in place of {phone}
    name: str  # {name}
    cancel: str
    elides_de: bool = False  # French: "au nom d'Amina", not "au nom de Amina"

    def named(self, name: str) -> str:
        """The `name` part of a summary with the name in it."""
        if self.elides_de and "de {name}" in self.name:
            return self.name.replace("de {name}", of_name(name))
        return self.name.format(name=name)


WORDS: dict[str, PlanWords] = {
    "it": PlanWords(
        which_booking="Di quale prenotazione si tratta? Mi dica il nome dell'ospite o il codice della prenotazione.",
        what_change="Cosa vuole cambiare: data o orario, numero di ospiti o recapiti?",
        how_many="Per quante persone deve essere la prenotazione?",
        no_match='Non ho trovato prenotazioni per "{query}". Può controllare il nome o darmi il codice della '
        "prenotazione?",
        several="Ho trovato più prenotazioni: {options}. Quale intende?",
        move_when="A quale giorno o a che ora devo spostare la prenotazione?",
        which_phone="Qual è il nuovo numero di telefono?",
        no_email="Le prenotazioni conservano un numero di telefono, non un indirizzo email. Vuole cambiare il "
        "telefono? Mi dica il nuovo numero.",
        rephrase="Non sono riuscito a preparare un piano sicuro per questa richiesta. Puoi riformularla in modo più "
        "semplice? Per esempio: «sposta la prenotazione di Rossi di sabato alle 21», «cancella la "
        "prenotazione di Bianchi di domani», «porta a 4 persone la prenotazione di Verdi».",
        title="Piano",
        high_risk="ATTENZIONE, azione ad alto rischio",
        confirm="Confermi per eseguire.",
        booking="Prenotazione {booking_id}",
        move_to="spostare a {when}",
        people="{people} persone",
        phone="telefono {phone}",
        asked_later="chiesto quando il piano viene eseguito",
        name="a nome {name}",
        cancel="cancellare",
    ),
    "en": PlanWords(
        which_booking="Which booking is it? Tell me the guest's name or the booking reference.",
        what_change="What would you like to change: the date or time, the number of guests, or the contact details?",
        how_many="How many guests should the booking be for?",
        no_match='I found no booking matching "{query}". Could you check the spelling or give the booking reference?',
        several="I found several bookings: {options}. Which one do you mean?",
        move_when="Which day or time should the booking move to?",
        which_phone="What is the new phone number?",
        no_email="Bookings keep a phone number, not an email address. Would you like to change the phone "
        "instead? Tell me the new number.",
        rephrase="I couldn't put together a safe plan for this request. Could you rephrase it more simply? For "
        'example: "move Rossi\'s Saturday booking to 9pm", "cancel Bianchi\'s booking tomorrow", '
        '"change Verdi\'s booking to 4 people".',
        title="Plan",
        high_risk="CAUTION, high-risk action",
        confirm="Confirm to run it.",
        booking="Booking {booking_id}",
        move_to="move to {when}",
        people="{people} guests",
        phone="phone {phone}",
        asked_later="asked when the plan runs",
        name="name {name}",
        cancel="cancel",
    ),
    "fr": PlanWords(
        which_booking="De quelle réservation s'agit-il ? Donnez-moi le nom du client ou la référence de la "
        "réservation.",
        what_change="Que souhaitez-vous modifier : la date ou l'heure, le nombre de personnes ou les coordonnées ?",
        how_many="Pour combien de personnes doit être la réservation ?",
        no_match="Je n'ai trouvé aucune réservation pour « {query} ». Pouvez-vous vérifier le nom ou me donner la "
        "référence de la réservation ?",
        several="J'ai trouvé plusieurs réservations : {options}. Laquelle voulez-vous dire ?",
        move_when="À quel jour ou à quelle heure dois-je déplacer la réservation ?",
        which_phone="Quel est le nouveau numéro de téléphone ?",
        no_email="Les réservations gardent un numéro de téléphone, pas d'adresse e-mail. Voulez-vous changer le "
        "téléphone ? Donnez-moi le nouveau numéro.",
        rephrase="Je n'ai pas réussi à préparer un plan sûr pour cette demande. Pouvez-vous la reformuler plus "
        "simplement ? Par exemple : « déplacer la réservation de Rossi de samedi à 21h », « annuler la "
        "réservation de Bianchi demain », « passer la réservation de Verdi à 4 personnes ».",
        title="Plan",
        high_risk="ATTENTION, action à haut risque",
        confirm="Confirmez pour l'exécuter.",
        booking="Réservation {booking_id}",
        move_to="déplacer au {when}",
        people="{people} personnes",
        phone="téléphone {phone}",
        asked_later="demandé à l'exécution du plan",
        name="au nom de {name}",
        cancel="annuler",
        elides_de=True,
    ),
    "pt": PlanWords(
        which_booking="De que reserva se trata? Diga-me o nome do cliente ou o código da reserva.",
        what_change="O que deseja alterar: a data ou a hora, o número de pessoas ou os contactos?",
        how_many="Para quantas pessoas deve ser a reserva?",
        no_match='Não encontrei nenhuma reserva para "{query}". Pode verificar o nome ou dar-me o código da reserva?',
        several="Encontrei várias reservas: {options}. Qual delas quer dizer?",
        move_when="Para que dia ou hora devo mudar a reserva?",
        which_phone="Qual é o novo número de telefone?",
        no_email="As reservas guardam um número de telefone, não um endereço de email. Quer alterar o telefone? "
        "Diga-me o novo número.",
        rephrase="Não consegui preparar um plano seguro para este pedido. Pode reformulá-lo de forma mais simples? "
        "Por exemplo: «mudar a reserva do Rossi de sábado para as 21h», «cancelar a reserva do Bianchi "
        "amanhã», «alterar a reserva do Verdi para 4 pessoas».",
        title="Plano",
        high_risk="ATENÇÃO, ação de alto risco",
        confirm="Confirme para executar.",
        booking="Reserva {booking_id}",
        move_to="mudar para {when}",
        people="{people} pessoas",
        phone="telefone {phone}",
        asked_later="perguntado quando o plano for executado",
        name="em nome de {name}",
        cancel="cancelar",
    ),
}


def language_of(locale: str) -> str:
    """'it', 'it-IT', 'it_IT' -> 'it'; anything unknown -> 'en'."""
    code = (locale or "").replace("_", "-").split("-")[0].lower()
    return code if code in WORDS else "en"


def plan_words(locale: str) -> PlanWords:
    """The plan words of `locale` (a region suffix is ignored; an unknown language gets English)."""
    return WORDS[language_of(locale)]
