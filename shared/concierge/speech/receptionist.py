"""What the chat receptionist's agents say, per locale (it, en, fr, pt).

Templates use `str.format` fields. Dates and times inside them come already worded by the locale's
`Phrases` (day_label, time_human). Every locale has every key (a unit test checks it). What the model
agent is told (its system instructions) is in `agent_prompts.py`.
"""

from __future__ import annotations

import functools
from typing import Any

from concierge.domain.venue import SCHEDULE_KEYS, Venue
from concierge.speech import phrases_for
from concierge.speech.fr import of_name
from concierge.speech.names import WEEKDAYS as DAY_NAMES
from concierge.speech.receptionist_kinds import KIND_WORDS

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "welcome": "Hello, welcome to {venue}! How can I help you?",
        "welcome.evening": "Good evening, welcome to {venue}! How can I help you?",
        "welcome_back": "Hello {name}, welcome back to {venue}! How can I help you?",
        "button.book": "Book",
        "button.book.aria": "Start booking",
        "button.emergency": "Emergency",
        "button.emergency.aria": "Urgent request, put me through to the practice",
        "button.calendar": "See availability",
        "button.calendar.aria": "See free times",
        "button.info": "Information",
        "button.info.aria": "Opening hours and frequently asked questions",
        "button.human": "Talk to a person",
        "button.human.aria": "Be put through to a member of staff",
        "button.yes": "Yes, confirm",
        "button.yes.aria": "Confirm",
        "button.no": "No",
        "button.no.aria": "Do not confirm",
        "slot.aria": "Choose {time} on {day}",
        "day.aria": "Choose {day}",
        "day.today": "today ({day})",
        "which_day": "Do you mean {days}?",
        "or": " or ",
        "booking.aria": "Choose the booking of {day} at {time}",
        "field.patient.name": "your name",
        "field.patient.phone_e164": "your phone number",
        "field.slot.start_iso": "the day and time",
        "field.day": "the day",
        "field.time": "the time",
        "field.party_size": "how many people",
        "field.care_type": "the type of care",
        "field.reason": "the reason for the visit",
        "need_info": "To book, I still need {fields}.",
        "need_info.care_types": "Types of care: {types}.",
        "bad_phone": "That phone number doesn't look valid. Please write it with the country code, e.g. {example}.",
        "bad_name": "Could you write your name using letters only?",
        "too_many": "We can take at most {limit} people per booking online.",
        "closed_day": "We are closed on {day}.",
        "closed_day.next": "The next day we are open is {day}.",
        "past": "That time has already passed.",
        "free_near": "{time} on {day} isn't available. Free times nearby: {times}. Which one suits you?",
        "free_on": "Free times on {day}: {times}. Which one suits you?",
        "is_free": "{time} on {day} is free.",
        "free_around": "Free times around {time} on {day}: {times}. Which one suits you?",
        "none_free": "There is no free time on {day}. Would another day suit you?",
        "confirm": "Shall I book {what} on {day} at {time} for {name}?",
        "confirm.people": "a table for {people}",
        "service.table": "Table",
        "confirm.clinic": "an appointment ({care})",
        "created": "Done! I've booked {what} on {day} at {time} for {name}. See you then!",
        "create_failed": "I couldn't complete the booking: {error}",
        "not_confirmed": "All right, nothing has been booked. What would you like to change?",
        "create_dropped": "All right, nothing has been booked.",
        "other_time": "All right. Which other day or time would suit you?",
        "your_bookings": "Your bookings: {list}. Which one?",
        "upcoming_bookings": "Your upcoming bookings: {list}.",
        "no_bookings": "I can't find any upcoming booking under your number.",
        "no_bookings.chat": "I can't find any upcoming booking made in this chat.",
        "booking_item": "{day} at {time}",
        "cancel_confirm": "Shall I cancel your booking of {day} at {time}?",
        "cancelled": "Your booking of {day} at {time} is cancelled.",
        "cancel_failed": "I couldn't cancel that booking: {error}",
        "cancel_kept": "All right, your booking is kept.",
        "ask_people": "How many people will you be?",
        "move_ask": "To which day and time should I move your booking of {day} at {time}?",
        "move_confirm": "Shall I move your booking of {old_day} at {old_time} to {day} at {time}?",
        "moved": "Your booking is moved to {day} at {time}.",
        "move_confirm.people": "Shall I move your booking of {old_day} at {old_time} to {day} at "
        "{time}, with a table for {people}?",
        "moved.people": "Your booking is moved to {day} at {time}, with a table for {people}.",
        "move_failed": "I couldn't move your booking: {error}",
        "party_confirm": "Shall I change your booking of {day} at {time} to a table for {people}?",
        "party_changed": "Your booking of {day} at {time} is now a table for {people}.",
        "goodbye": "You're welcome, see you soon!",
        "hours": "Our opening hours: {hours}.",
        "hours.day": "We are open on {day}: {hours}.",
        "hours.closed": "closed",
        "hours.days": "{first} to {last}",
        "hours.closed_on": "closed on {days}",
        "hours.between": "; ",
        "open_now": "Yes, we're open now, until {time}.",
        "address": "Our address: {address}.",
        "noted": "Noted: “{note}”.",
        "contact": "You can call us at {phone}.",
        "contact.email": "You can write to us at {email}.",
        "contact.both": "You can call us at {phone} or write to us at {email}.",
        "closed_now.later": "We're closed right now; we open again today at {time}.",
        "closed_now": "We're closed right now.",
        "handover": "I'm passing you to a member of our team, who will answer you here shortly.",
        "handover.late": "Thank you for letting us know.",
        "handover.request": "Thank you, we'll take note.",
        "handover.contact": "You can also reach us at {phone}.",
        "not_understood": "Sorry, I didn't understand. I can book, move or cancel a booking, "
        "or tell you our opening hours.",
        "no_answer": "I don't have the answer to that here. I can book, move or cancel a booking, or tell you "
        "our opening hours; for anything else, a person from our team can help.",
        "oos.SENSITIVE_HEALTH": "I can't give medical advice here. I'm passing you to the team; "
        "in an emergency, call the emergency services.",
        "oos.PERSONAL_DATA": "I can't handle that kind of personal data in this chat. A member of the team "
        "will help you.",
        "oos.PRICING_UNCERTAIN": "For detailed prices, quotes and reimbursements, a member of the team will "
        "answer you.",
        "oos.POLICY_OR_LEGAL": "For legal or policy questions, a member of the team will answer you.",
        "oos.JAILBREAK_OR_SECURITY": "I can only help with bookings here. I'm passing you to the team.",
        "turn_cap": "Sorry, I couldn't finish that. A member of the team will take over.",
        "model_down": "Sorry, I'm having trouble right now. A member of the team will answer you.",
    },
    "it": {
        "welcome": "Buongiorno, benvenuto da {venue}! Come posso aiutarla?",
        "welcome.evening": "Buonasera, benvenuto da {venue}! Come posso aiutarla?",
        "welcome_back": "Buongiorno {name}, bentornato da {venue}! Come posso aiutarla?",
        "button.book": "Prenota",
        "button.book.aria": "Inizia la prenotazione",
        "button.emergency": "Urgenza",
        "button.emergency.aria": "Richiesta urgente, mettimi in contatto con lo studio",
        "button.calendar": "Vedi disponibilità",
        "button.calendar.aria": "Vedi gli orari liberi",
        "button.info": "Informazioni",
        "button.info.aria": "Orari e domande frequenti",
        "button.human": "Parla con una persona",
        "button.human.aria": "Mettimi in contatto con il personale",
        "button.yes": "Sì, confermo",
        "button.yes.aria": "Conferma",
        "button.no": "No",
        "button.no.aria": "Non confermare",
        "slot.aria": "Scegli le {time} di {day}",
        "day.aria": "Scegli {day}",
        "day.today": "oggi ({day})",
        "which_day": "Intende {days}?",
        "or": " o ",
        "booking.aria": "Scegli la prenotazione di {day} alle {time}",
        "field.patient.name": "il suo nome",
        "field.patient.phone_e164": "il suo numero di telefono",
        "field.slot.start_iso": "il giorno e l'ora",
        "field.day": "il giorno",
        "field.time": "l'ora",
        "field.party_size": "quante persone",
        "field.care_type": "il tipo di prestazione",
        "field.reason": "il motivo della visita",
        "need_info": "Per prenotare mi manca ancora: {fields}.",
        "need_info.care_types": "Tipi di prestazione: {types}.",
        "bad_phone": "Il numero di telefono non sembra valido. Lo scriva con il prefisso internazionale, "
        "ad esempio {example}.",
        "bad_name": "Può scrivere il suo nome usando solo lettere?",
        "too_many": "Online possiamo accettare al massimo {limit} persone per prenotazione.",
        "closed_day": "Siamo chiusi {day}.",
        "closed_day.next": "Il primo giorno di apertura è {day}.",
        "past": "Quell'orario è già passato.",
        "free_near": "Le {time} di {day} non sono disponibili. Orari liberi vicini: {times}. Quale preferisce?",
        "free_on": "Orari liberi {day}: {times}. Quale preferisce?",
        "is_free": "Alle {time} di {day} c'è posto.",
        "free_around": "Orari liberi verso le {time} di {day}: {times}. Quale preferisce?",
        "none_free": "Non ci sono orari liberi {day}. Le va bene un altro giorno?",
        "confirm": "Prenoto {what} {day} alle {time} a nome {name}?",
        "confirm.people": "un tavolo per {people}",
        "service.table": "Tavolo",
        "confirm.clinic": "un appuntamento ({care})",
        "created": "Fatto! Ho prenotato {what} {day} alle {time} a nome {name}. A presto!",
        "create_failed": "Non sono riuscito a completare la prenotazione: {error}",
        "not_confirmed": "Va bene, non ho prenotato nulla. Cosa vuole cambiare?",
        "create_dropped": "Va bene, non ho prenotato nulla.",
        "other_time": "Va bene. Quale altro giorno o orario preferisce?",
        "your_bookings": "Le sue prenotazioni: {list}. Quale?",
        "upcoming_bookings": "Le sue prossime prenotazioni: {list}.",
        "no_bookings": "Non trovo prenotazioni future al suo numero.",
        "no_bookings.chat": "Non trovo prenotazioni future fatte in questa chat.",
        "booking_item": "{day} alle {time}",
        "cancel_confirm": "Cancello la sua prenotazione di {day} alle {time}?",
        "cancelled": "La sua prenotazione di {day} alle {time} è cancellata.",
        "cancel_failed": "Non sono riuscito a cancellare la prenotazione: {error}",
        "cancel_kept": "Va bene, la prenotazione resta.",
        "ask_people": "Quante persone sarete?",
        "move_ask": "A che giorno e ora sposto la sua prenotazione di {day} alle {time}?",
        "move_confirm": "Sposto la sua prenotazione di {old_day} alle {old_time} a {day} alle {time}?",
        "moved": "La sua prenotazione è spostata a {day} alle {time}.",
        "move_confirm.people": "Sposto la sua prenotazione di {old_day} alle {old_time} a {day} alle "
        "{time}, con un tavolo per {people}?",
        "moved.people": "La sua prenotazione è spostata a {day} alle {time}, con un tavolo per {people}.",
        "move_failed": "Non sono riuscito a spostare la prenotazione: {error}",
        "party_confirm": "Cambio la sua prenotazione di {day} alle {time} in un tavolo per {people}?",
        "party_changed": "La sua prenotazione di {day} alle {time} è ora un tavolo per {people}.",
        "goodbye": "Grazie a lei, a presto!",
        "hours": "I nostri orari: {hours}.",
        "hours.day": "Siamo aperti {day}: {hours}.",
        "hours.closed": "chiuso",
        "hours.days": "da {first} a {last}",
        "hours.closed_on": "chiuso {days}",
        "hours.between": "; ",
        "open_now": "Sì, siamo aperti adesso, fino alle {time}.",
        "address": "Il nostro indirizzo: {address}.",
        "noted": "Prendo nota: «{note}».",
        "contact": "Può chiamarci al {phone}.",
        "contact.email": "Può scriverci a {email}.",
        "contact.both": "Può chiamarci al {phone} o scriverci a {email}.",
        "closed_now.later": "In questo momento siamo chiusi; riapriamo oggi alle {time}.",
        "closed_now": "In questo momento siamo chiusi.",
        "handover": "La passo a una persona del nostro staff, che le risponderà qui a breve.",
        "handover.late": "Grazie per averci avvisato.",
        "handover.request": "Grazie, ne prendiamo nota.",
        "handover.contact": "Può anche chiamarci al {phone}.",
        "not_understood": "Mi scusi, non ho capito. Posso prenotare, spostare o cancellare una prenotazione, "
        "o dirle i nostri orari.",
        "no_answer": "Qui non ho la risposta a questa domanda. Posso prenotare, spostare o cancellare una "
        "prenotazione, o dirle i nostri orari; per il resto può aiutarla una persona del nostro team.",
        "oos.SENSITIVE_HEALTH": "Qui non posso dare consigli medici. La passo allo staff; "
        "in caso di emergenza chiami il 112.",
        "oos.PERSONAL_DATA": "Non posso trattare questo tipo di dati personali in chat. La aiuterà una "
        "persona dello staff.",
        "oos.PRICING_UNCERTAIN": "Per preventivi, prezzi dettagliati e rimborsi le risponderà una persona dello staff.",
        "oos.POLICY_OR_LEGAL": "Per questioni legali o di regolamento le risponderà una persona dello staff.",
        "oos.JAILBREAK_OR_SECURITY": "Qui posso aiutarla solo con le prenotazioni. La passo allo staff.",
        "turn_cap": "Mi scusi, non sono riuscito a concludere. Una persona dello staff prenderà in carico la "
        "conversazione.",
        "model_down": "Mi scusi, ho un problema in questo momento. Le risponderà una persona dello staff.",
    },
    "fr": {
        "welcome": "Bonjour, bienvenue chez {venue} ! Comment puis-je vous aider ?",
        "welcome.evening": "Bonsoir, bienvenue chez {venue} ! Comment puis-je vous aider ?",
        "welcome_back": "Bonjour {name}, ravi de vous revoir chez {venue} ! Comment puis-je vous aider ?",
        "button.book": "Prendre RDV",
        "button.book.aria": "Démarrer la prise de rendez-vous",
        "button.emergency": "Urgence",
        "button.emergency.aria": "Demande urgente, me mettre en relation avec le cabinet",
        "button.calendar": "Voir calendrier",
        "button.calendar.aria": "Voir les créneaux libres",
        "button.info": "Informations",
        "button.info.aria": "Horaires et questions fréquentes",
        "button.human": "Parler à quelqu'un",
        "button.human.aria": "Être mis en relation avec l'équipe",
        "button.yes": "Oui, je confirme",
        "button.yes.aria": "Confirmer",
        "button.no": "Non",
        "button.no.aria": "Ne pas confirmer",
        "slot.aria": "Choisir {time} le {day}",
        "day.aria": "Choisir le {day}",
        "day.today": "aujourd'hui ({day})",
        "which_day": "Vous voulez dire {days} ?",
        "or": " ou ",
        "booking.aria": "Choisir le rendez-vous du {day} à {time}",
        "field.patient.name": "votre nom",
        "field.patient.phone_e164": "votre numéro de téléphone",
        "field.slot.start_iso": "le jour et l'heure",
        "field.day": "le jour",
        "field.time": "l'heure",
        "field.party_size": "le nombre de personnes",
        "field.care_type": "le type de soin",
        "field.reason": "le motif de la visite",
        "need_info": "Pour réserver, il me manque encore {fields}.",
        "need_info.care_types": "Types de soin : {types}.",
        "bad_phone": "Ce numéro de téléphone ne semble pas valide. Écrivez-le avec l'indicatif, par exemple {example}.",
        "bad_name": "Pouvez-vous écrire votre nom avec des lettres uniquement ?",
        "too_many": "Nous acceptons au plus {limit} personnes par réservation en ligne.",
        "closed_day": "Nous sommes fermés le {day}.",
        "closed_day.next": "Le prochain jour d'ouverture est le {day}.",
        "past": "Cet horaire est déjà passé.",
        "free_near": "{time} le {day} n'est pas disponible. Créneaux libres proches : {times}. Lequel vous convient ?",
        "free_on": "Créneaux libres le {day} : {times}. Lequel vous convient ?",
        "is_free": "{time} le {day}, c'est libre.",
        "free_around": "Créneaux libres vers {time} le {day} : {times}. Lequel vous convient ?",
        "none_free": "Il n'y a plus de créneau libre le {day}. Un autre jour vous conviendrait-il ?",
        "confirm": "Je réserve {what} le {day} à {time} au nom de {name} ?",
        "confirm.people": "une table pour {people}",
        "service.table": "Table",
        "confirm.clinic": "un rendez-vous ({care})",
        "created": "C'est fait ! J'ai réservé {what} le {day} à {time} au nom de {name}. À bientôt !",
        "create_failed": "Je n'ai pas pu terminer la réservation : {error}",
        "not_confirmed": "Très bien, rien n'a été réservé. Que souhaitez-vous changer ?",
        "create_dropped": "Très bien, rien n'a été réservé.",
        "other_time": "Très bien. Quel autre jour ou horaire vous conviendrait ?",
        "your_bookings": "Vos rendez-vous : {list}. Lequel ?",
        "upcoming_bookings": "Vos prochains rendez-vous : {list}.",
        "no_bookings": "Je ne trouve aucun rendez-vous à venir à votre numéro.",
        "no_bookings.chat": "Je ne trouve aucun rendez-vous à venir pris dans cette conversation.",
        "booking_item": "le {day} à {time}",
        "cancel_confirm": "J'annule votre rendez-vous du {day} à {time} ?",
        "cancelled": "Votre rendez-vous du {day} à {time} est annulé.",
        "cancel_failed": "Je n'ai pas pu annuler ce rendez-vous : {error}",
        "cancel_kept": "Très bien, votre rendez-vous est maintenu.",
        "ask_people": "Vous serez combien de personnes ?",
        "move_ask": "À quel jour et quelle heure dois-je déplacer votre rendez-vous du {day} à {time} ?",
        "move_confirm": "Je déplace votre rendez-vous du {old_day} à {old_time} au {day} à {time} ?",
        "moved": "Votre rendez-vous est déplacé au {day} à {time}.",
        "move_confirm.people": "Je déplace votre réservation du {old_day} à {old_time} au {day} à "
        "{time}, avec une table pour {people} ?",
        "moved.people": "Votre réservation est déplacée au {day} à {time}, avec une table pour {people}.",
        "move_failed": "Je n'ai pas pu déplacer votre rendez-vous : {error}",
        "party_confirm": "Je change votre réservation du {day} à {time} en une table pour {people} ?",
        "party_changed": "Votre réservation du {day} à {time} est maintenant une table pour {people}.",
        "goodbye": "Avec plaisir, à bientôt !",
        "hours": "Nos horaires : {hours}.",
        "hours.day": "Nous sommes ouverts le {day} : {hours}.",
        "hours.closed": "fermé",
        "hours.days": "du {first} au {last}",
        "hours.closed_on": "fermé le {days}",
        "hours.between": " ; ",  # French sets a space before a semicolon
        "open_now": "Oui, nous sommes ouverts en ce moment, jusqu'à {time}.",
        "address": "Notre adresse : {address}.",
        "noted": "C'est noté : « {note} ».",
        "contact": "Vous pouvez nous appeler au {phone}.",
        "contact.email": "Vous pouvez nous écrire à {email}.",
        "contact.both": "Vous pouvez nous appeler au {phone} ou nous écrire à {email}.",
        "closed_now.later": "Nous sommes fermés en ce moment ; nous rouvrons aujourd'hui à {time}.",
        "closed_now": "Nous sommes fermés en ce moment.",
        "handover": "Je vous passe un membre de notre équipe, qui vous répondra ici sous peu.",
        "handover.late": "Merci de nous avoir prévenus.",
        "handover.request": "Merci, nous en prenons note.",
        "handover.contact": "Vous pouvez aussi nous joindre au {phone}.",
        "not_understood": "Désolé, je n'ai pas compris. Je peux prendre, déplacer ou annuler un rendez-vous, "
        "ou vous donner nos horaires.",
        "no_answer": "Je n'ai pas la réponse à cette question ici. Je peux prendre, déplacer ou annuler un "
        "rendez-vous, ou vous donner nos horaires ; pour le reste, une personne de notre équipe peut vous aider.",
        "oos.SENSITIVE_HEALTH": "Je ne peux pas donner de conseil médical ici. Je vous passe l'équipe ; "
        "en cas d'urgence, appelez les secours.",
        "oos.PERSONAL_DATA": "Je ne peux pas traiter ce type de données personnelles dans ce chat. "
        "Un membre de l'équipe va vous aider.",
        "oos.PRICING_UNCERTAIN": "Pour un devis détaillé, les tarifs ou les remboursements, un membre de "
        "l'équipe va vous répondre.",
        "oos.POLICY_OR_LEGAL": "Pour les questions juridiques ou de règlement, un membre de l'équipe va vous répondre.",
        "oos.JAILBREAK_OR_SECURITY": "Je ne peux vous aider que pour les rendez-vous ici. Je vous passe l'équipe.",
        "turn_cap": "Désolé, je n'ai pas pu aller au bout. Un membre de l'équipe va prendre le relais.",
        "model_down": "Désolé, je rencontre un problème. Un membre de l'équipe va vous répondre.",
    },
    "pt": {
        "welcome": "Olá, bem-vindo ao {venue}! Como posso ajudar?",
        "welcome.evening": "Boa noite, bem-vindo ao {venue}! Como posso ajudar?",
        "welcome_back": "Olá {name}, bem-vindo de volta ao {venue}! Como posso ajudar?",
        "button.book": "Reservar",
        "button.book.aria": "Começar a reserva",
        "button.emergency": "Urgência",
        "button.emergency.aria": "Pedido urgente, falar com a clínica",
        "button.calendar": "Ver disponibilidade",
        "button.calendar.aria": "Ver horários livres",
        "button.info": "Informações",
        "button.info.aria": "Horário e perguntas frequentes",
        "button.human": "Falar com uma pessoa",
        "button.human.aria": "Falar com um atendente",
        "button.yes": "Sim, confirmo",
        "button.yes.aria": "Confirmar",
        "button.no": "Não",
        "button.no.aria": "Não confirmar",
        "slot.aria": "Escolher {time} de {day}",
        "day.aria": "Escolher {day}",
        "day.today": "hoje ({day})",
        "which_day": "Refere-se a {days}?",
        "or": " ou ",
        "booking.aria": "Escolher a reserva de {day} às {time}",
        "field.patient.name": "o seu nome",
        "field.patient.phone_e164": "o seu número de telefone",
        "field.slot.start_iso": "o dia e a hora",
        "field.day": "o dia",
        "field.time": "a hora",
        "field.party_size": "quantas pessoas",
        "field.care_type": "o tipo de atendimento",
        "field.reason": "o motivo da consulta",
        "need_info": "Para reservar, ainda me falta: {fields}.",
        "need_info.care_types": "Tipos de atendimento: {types}.",
        "bad_phone": "Esse número de telefone não parece válido. Escreva-o com o indicativo, por exemplo {example}.",
        "bad_name": "Pode escrever o seu nome só com letras?",
        "too_many": "Online aceitamos no máximo {limit} pessoas por reserva.",
        "closed_day": "Estamos fechados {day}.",
        "closed_day.next": "O próximo dia em que abrimos é {day}.",
        "past": "Esse horário já passou.",
        "free_near": "{time} de {day} não está disponível. Horários livres próximos: {times}. Qual prefere?",
        "free_on": "Horários livres {day}: {times}. Qual prefere?",
        "is_free": "{time} de {day} está livre.",
        "free_around": "Horários livres por volta das {time} de {day}: {times}. Qual prefere?",
        "none_free": "Não há horários livres {day}. Outro dia serve?",
        "confirm": "Posso reservar {what} {day} às {time} em nome de {name}?",
        "confirm.people": "uma mesa para {people}",
        "service.table": "Mesa",
        "confirm.clinic": "uma consulta ({care})",
        "created": "Feito! Reservei {what} {day} às {time} em nome de {name}. Até breve!",
        "create_failed": "Não consegui concluir a reserva: {error}",
        "not_confirmed": "Está bem, não reservei nada. O que quer mudar?",
        "create_dropped": "Está bem, não reservei nada.",
        "other_time": "Está bem. Que outro dia ou hora prefere?",
        "your_bookings": "As suas reservas: {list}. Qual?",
        "upcoming_bookings": "As suas próximas reservas: {list}.",
        "no_bookings": "Não encontro nenhuma reserva futura no seu número.",
        "no_bookings.chat": "Não encontro nenhuma reserva futura feita nesta conversa.",
        "booking_item": "{day} às {time}",
        "cancel_confirm": "Cancelo a sua reserva de {day} às {time}?",
        "cancelled": "A sua reserva de {day} às {time} está cancelada.",
        "cancel_failed": "Não consegui cancelar essa reserva: {error}",
        "cancel_kept": "Está bem, a sua reserva mantém-se.",
        "ask_people": "Quantas pessoas vão ser?",
        "move_ask": "Para que dia e hora mudo a sua reserva de {day} às {time}?",
        "move_confirm": "Mudo a sua reserva de {old_day} às {old_time} para {day} às {time}?",
        "moved": "A sua reserva passou para {day} às {time}.",
        "move_confirm.people": "Mudo a sua reserva de {old_day} às {old_time} para {day} às {time}, "
        "com uma mesa para {people}?",
        "moved.people": "A sua reserva passou para {day} às {time}, com uma mesa para {people}.",
        "move_failed": "Não consegui mudar a sua reserva: {error}",
        "party_confirm": "Mudo a sua reserva de {day} às {time} para uma mesa para {people}?",
        "party_changed": "A sua reserva de {day} às {time} passa a ser uma mesa para {people}.",
        "goodbye": "De nada, até breve!",
        "hours": "O nosso horário: {hours}.",
        "hours.day": "Abrimos {day}: {hours}.",
        "hours.closed": "fechado",
        "hours.days": "de {first} a {last}",
        "hours.closed_on": "fechado {days}",
        "hours.between": "; ",
        "open_now": "Sim, estamos abertos agora, até às {time}.",
        "address": "A nossa morada: {address}.",
        "noted": "Fica anotado: «{note}».",
        "contact": "Pode ligar-nos para o {phone}.",
        "contact.email": "Pode escrever-nos para {email}.",
        "contact.both": "Pode ligar-nos para o {phone} ou escrever-nos para {email}.",
        "closed_now.later": "Neste momento estamos fechados; reabrimos hoje às {time}.",
        "closed_now": "Neste momento estamos fechados.",
        "handover": "Vou passar a conversa para um atendente da nossa equipa, que lhe responde aqui em breve.",
        "handover.late": "Obrigado por nos avisar.",
        "handover.request": "Obrigado, vamos tomar nota.",
        "handover.contact": "Também nos pode contactar pelo {phone}.",
        "not_understood": "Desculpe, não percebi. Posso fazer, mudar ou cancelar uma reserva, "
        "ou dizer o nosso horário.",
        "no_answer": "Não tenho aqui a resposta a essa pergunta. Posso fazer, mudar ou cancelar uma reserva, "
        "ou dizer o nosso horário; para o resto, uma pessoa da nossa equipa pode ajudar.",
        "oos.SENSITIVE_HEALTH": "Não posso dar conselhos médicos aqui. Vou passar à equipa; "
        "numa emergência, ligue 112.",
        "oos.PERSONAL_DATA": "Não posso tratar esse tipo de dados pessoais neste chat. Um atendente vai ajudar.",
        "oos.PRICING_UNCERTAIN": "Para orçamentos, preços detalhados e reembolsos, um atendente vai responder.",
        "oos.POLICY_OR_LEGAL": "Para questões legais ou de regulamento, um atendente vai responder.",
        "oos.JAILBREAK_OR_SECURITY": "Aqui só posso ajudar com reservas. Vou passar à equipa.",
        "turn_cap": "Desculpe, não consegui concluir. Um atendente vai continuar a conversa.",
        "model_down": "Desculpe, estou com um problema neste momento. Um atendente vai responder.",
    },
}

# The seed's care types (its enum values), worded per locale.
CARE_TYPES: dict[str, dict[str, str]] = {
    "en": {
        "consultation": "consultation",
        "urgence": "emergency",
        "detartrage": "scaling",
        "soin": "treatment",
        "extraction": "extraction",
        "prothese": "prosthesis",
        "orthodontie": "orthodontics",
        "chirurgie": "surgery",
        "controle": "check-up",
        "autre": "other",
    },
    "it": {
        "consultation": "visita",
        "urgence": "urgenza",
        "detartrage": "detartrasi",
        "soin": "cura",
        "extraction": "estrazione",
        "prothese": "protesi",
        "orthodontie": "ortodonzia",
        "chirurgie": "chirurgia",
        "controle": "controllo",
        "autre": "altro",
    },
    "fr": {
        "consultation": "consultation",
        "urgence": "urgence",
        "detartrage": "détartrage",
        "soin": "soin",
        "extraction": "extraction",
        "prothese": "prothèse",
        "orthodontie": "orthodontie",
        "chirurgie": "chirurgie",
        "controle": "contrôle",
        "autre": "autre",
    },
    "pt": {
        "consultation": "consulta",
        "urgence": "urgência",
        "detartrage": "destartarização",
        "soin": "tratamento",
        "extraction": "extração",
        "prothese": "prótese",
        "orthodontie": "ortodontia",
        "chirurgie": "cirurgia",
        "controle": "controlo",
        "autre": "outro",
    },
}


class AgentWords:
    """The agent's sentences in one locale, for one kind of venue."""

    def __init__(self, locale: str, kind: str) -> None:
        self.locale = locale if locale in WORDS else "en"
        self._words = {**WORDS[self.locale], **KIND_WORDS.get((self.locale, kind), {})}

    def say(self, key: str, **fields: Any) -> str:
        template = self._words[key]
        if self.locale == "fr" and "de {name}" in template:  # "au nom d'Amina Benali"
            return template.replace("de {name}", "{of_name}").format(of_name=of_name(str(fields["name"])), **fields)
        return template.format(**fields)

    def care_type(self, value: str) -> str:
        return CARE_TYPES[self.locale].get(value, value)


@functools.lru_cache(maxsize=64)  # a few locales and kinds; an answer asks for its words many times
def agent_words(locale: str, kind: str) -> AgentWords:
    """The sentences of `locale`, with the word for a booking that fits the venue's `kind`."""
    return AgentWords(locale, kind)


WEEKDAYS: dict[str, list[str]] = {
    "en": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    "it": ["lun", "mar", "mer", "gio", "ven", "sab", "dom"],
    "fr": ["lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
    "pt": ["seg", "ter", "qua", "qui", "sex", "sáb", "dom"],
}


def weekly_hours(venue: Venue) -> str:
    """The weekly schedule in one line, e.g. "Mon 19:00-22:30; ...; Sun closed"."""
    words = agent_words(venue.locale, venue.kind)
    names = WEEKDAYS[words.locale]
    parts = []
    for index, key in enumerate(SCHEDULE_KEYS):
        schedule = venue.hours.get(key)  # type: ignore[call-overload]
        if schedule:
            ranges = sorted(schedule.values(), key=lambda r: r[0])
            parts.append(f"{names[index]} " + ", ".join(f"{o}-{c}" for o, c in ranges))
        else:
            parts.append(f"{names[index]} {words.say('hours.closed')}")
    return "; ".join(parts)


def weekly_hours_said(venue: Venue) -> str:
    """The weekly schedule as a reply says it: days with the same hours together ("Tuesday to Thursday,
    lunch from noon to 3 pm and dinner from 6 pm to 10 pm; ...; closed on Monday")."""
    words = agent_words(venue.locale, venue.kind)
    phrases, names, weekly = phrases_for(words.locale, venue.kind), DAY_NAMES[words.locale], venue.weekly_ranges
    groups: list[list[int]] = []
    for index, ranges in enumerate(weekly):
        if ranges and groups and groups[-1][-1] == index - 1 and weekly[index - 1] == ranges:
            groups[-1].append(index)
        elif ranges:
            groups.append([index])

    def days(group: list[int]) -> str:
        if len(group) > 2:
            return words.say("hours.days", first=names[group[0]], last=names[group[-1]])
        return phrases.join_and([names[index] for index in group])

    said = [f"{days(group)}, {phrases.hours_phrase(weekly[group[0]])}" for group in groups]
    if closed := [names[index] for index, ranges in enumerate(weekly) if not ranges]:
        said.append(words.say("hours.closed_on", days=phrases.join_and(closed)))
    return words.say("hours.between").join(said)
