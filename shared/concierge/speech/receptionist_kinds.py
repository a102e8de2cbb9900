"""What the chat receptionist says differently for a kind of venue: the word for the customer's own booking.

A table is a "réservation" in French, not a "rendez-vous"; a dental visit is an "appointment", an
"appuntamento", a "consulta", not a booking. These replace the locale's sentences in `receptionist.WORDS`
for that kind; every other sentence is the locale's own.
"""

from __future__ import annotations

KIND_WORDS: dict[tuple[str, str], dict[str, str]] = {
    ("fr", "restaurant"): {
        "button.book.aria": "Commencer une réservation",
        "booking.aria": "Choisir la réservation du {day} à {time}",
        "your_bookings": "Vos réservations : {list}. Laquelle ?",
        "upcoming_bookings": "Vos prochaines réservations : {list}.",
        "upcoming_bookings.one": "Votre prochaine réservation : {list}.",
        "no_bookings": "Je ne trouve aucune réservation à venir à votre numéro.",
        "no_bookings.chat": "Je ne trouve aucune réservation à venir faite dans cette conversation.",
        "cancel_confirm": "J'annule votre réservation du {day} à {time} ?",
        "cancelled": "Votre réservation du {day} à {time} est annulée.",
        "cancel_failed": "Je n'ai pas pu annuler cette réservation : {error}",
        "cancel_kept": "Très bien, votre réservation est maintenue.",
        "how_to_change": "Vous pouvez déplacer ou annuler votre réservation ici quand vous voulez : il suffit "
        "de me le dire.",
        "move_ask": "À quel jour et quelle heure dois-je déplacer votre réservation du {day} à {time} ?",
        "move_or_cancel": "Souhaitez-vous déplacer votre réservation du {day} à {time} à un autre jour ou une "
        "autre heure, ou l'annuler ?",
        "move_confirm": "Je déplace votre réservation du {old_day} à {old_time} au {day} à {time} ?",
        "moved": "Votre réservation est déplacée au {day} à {time}.",
        "move_failed": "Je n'ai pas pu déplacer votre réservation : {error}",
        "not_understood": "Désolé, je n'ai pas compris. Je peux prendre, déplacer ou annuler une réservation, "
        "ou vous donner nos horaires.",
        "no_answer": "Je n'ai pas la réponse à cette question ici. Je peux prendre, déplacer ou annuler une "
        "réservation, ou vous donner nos horaires ; pour le reste, une personne de notre équipe peut vous aider.",
        "oos.JAILBREAK_OR_SECURITY": "Je ne peux vous aider que pour les réservations ici. Je vous passe l'équipe.",
    },
    ("en", "clinic"): {
        "button.book.aria": "Start booking an appointment",
        "booking.aria": "Choose the appointment of {day} at {time}",
        "your_bookings": "Your appointments: {list}. Which one?",
        "upcoming_bookings": "Your upcoming appointments: {list}.",
        "upcoming_bookings.one": "Your upcoming appointment: {list}.",
        "no_bookings": "I can't find any upcoming appointment under your number.",
        "no_bookings.chat": "I can't find any upcoming appointment made in this chat.",
        "cancel_confirm": "Shall I cancel your appointment of {day} at {time}?",
        "cancelled": "Your appointment of {day} at {time} is cancelled.",
        "cancel_failed": "I couldn't cancel that appointment: {error}",
        "cancel_kept": "All right, your appointment is kept.",
        "how_to_change": "You can move or cancel your appointment right here whenever you need: just tell me.",
        "move_ask": "To which day and time should I move your appointment of {day} at {time}?",
        "move_or_cancel": "Would you like to move your appointment of {day} at {time} to another day or time, "
        "or to cancel it?",
        "move_confirm": "Shall I move your appointment of {old_day} at {old_time} to {day} at {time}?",
        "moved": "Your appointment is moved to {day} at {time}.",
        "move_failed": "I couldn't move your appointment: {error}",
        "not_understood": "Sorry, I didn't understand. I can book, move or cancel an appointment, "
        "or tell you our opening hours.",
        "no_answer": "I don't have the answer to that here. I can book, move or cancel an appointment, or tell "
        "you our opening hours; for anything else, a person from our team can help.",
        "oos.JAILBREAK_OR_SECURITY": "I can only help with appointments here. I'm passing you to the team.",
    },
    ("it", "clinic"): {
        "button.book.aria": "Fissa un appuntamento",
        "booking.aria": "Scegli l'appuntamento di {day} alle {time}",
        "your_bookings": "I suoi appuntamenti: {list}. Quale?",
        "upcoming_bookings": "I suoi prossimi appuntamenti: {list}.",
        "upcoming_bookings.one": "Il suo prossimo appuntamento: {list}.",
        "no_bookings": "Non trovo appuntamenti futuri al suo numero.",
        "no_bookings.chat": "Non trovo appuntamenti futuri presi in questa chat.",
        "cancel_confirm": "Cancello il suo appuntamento di {day} alle {time}?",
        "cancelled": "Il suo appuntamento di {day} alle {time} è cancellato.",
        "cancel_failed": "Non sono riuscito a cancellare l'appuntamento: {error}",
        "cancel_kept": "Va bene, l'appuntamento resta.",
        "how_to_change": "Può spostare o cancellare l'appuntamento qui quando vuole: basta dirmelo.",
        "move_ask": "A che giorno e ora sposto il suo appuntamento di {day} alle {time}?",
        "move_or_cancel": "Vuole spostare il suo appuntamento di {day} alle {time} a un altro giorno o orario, "
        "o cancellarlo?",
        "move_confirm": "Sposto il suo appuntamento di {old_day} alle {old_time} a {day} alle {time}?",
        "moved": "Il suo appuntamento è spostato a {day} alle {time}.",
        "move_failed": "Non sono riuscito a spostare l'appuntamento: {error}",
        "not_understood": "Mi scusi, non ho capito. Posso fissare, spostare o cancellare un appuntamento, "
        "o dirle i nostri orari.",
        "no_answer": "Qui non ho la risposta a questa domanda. Posso fissare, spostare o cancellare un "
        "appuntamento, o dirle i nostri orari; per il resto può aiutarla una persona del nostro team.",
        "oos.JAILBREAK_OR_SECURITY": "Qui posso aiutarla solo con gli appuntamenti. La passo allo staff.",
    },
    ("pt", "clinic"): {
        "button.book.aria": "Marcar uma consulta",
        "booking.aria": "Escolher a consulta de {day} às {time}",
        "your_bookings": "As suas consultas: {list}. Qual?",
        "upcoming_bookings": "As suas próximas consultas: {list}.",
        "upcoming_bookings.one": "A sua próxima consulta: {list}.",
        "no_bookings": "Não encontro nenhuma consulta futura no seu número.",
        "no_bookings.chat": "Não encontro nenhuma consulta futura marcada nesta conversa.",
        "cancel_confirm": "Cancelo a sua consulta de {day} às {time}?",
        "cancelled": "A sua consulta de {day} às {time} está cancelada.",
        "cancel_failed": "Não consegui cancelar essa consulta: {error}",
        "cancel_kept": "Está bem, a sua consulta mantém-se.",
        "how_to_change": "Pode mudar ou cancelar a sua consulta aqui quando precisar: basta dizer-me.",
        "move_ask": "Para que dia e hora mudo a sua consulta de {day} às {time}?",
        "move_or_cancel": "Quer mudar a sua consulta de {day} às {time} para outro dia ou hora, ou cancelá-la?",
        "move_confirm": "Mudo a sua consulta de {old_day} às {old_time} para {day} às {time}?",
        "moved": "A sua consulta passou para {day} às {time}.",
        "move_failed": "Não consegui mudar a sua consulta: {error}",
        "not_understood": "Desculpe, não percebi. Posso marcar, mudar ou cancelar uma consulta, "
        "ou dizer o nosso horário.",
        "no_answer": "Não tenho aqui a resposta a essa pergunta. Posso marcar, mudar ou cancelar uma consulta, "
        "ou dizer o nosso horário; para o resto, uma pessoa da nossa equipa pode ajudar.",
        "oos.JAILBREAK_OR_SECURITY": "Aqui só posso ajudar com consultas. Vou passar à equipa.",
    },
}
