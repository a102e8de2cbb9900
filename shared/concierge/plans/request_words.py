"""The rule planner's lexicon in en, it, fr and pt: the verbs and small words of a booking request.

Every word is folded (lower case, no accents, apostrophes as spaces: `parsing.text.fold`). A
capitalised word that is none of these is read as part of a guest's name, so sentence-initial
imperatives ("Sposta", "Annulla", "Déplace", "Mude") and politeness must be listed here.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


CANCEL_VERBS = _words(
    """
    cancel cancelled canceled cancelling canceling cancellation delete drop remove
    cancella cancellare cancellate cancelli annulla annullare annullate annulli disdici disdire disdite elimina
    annule annuler annulez supprime supprimer supprimez
    cancele cancelar cancela cancelem anule anular anula desmarque desmarcar desmarca
    """
)
MOVE_VERBS = _words(
    """
    move moving reschedule rebook push shift postpone
    sposta spostare spostate sposti anticipa anticipare posticipa posticipare rimanda rimandare
    deplace deplacer deplacez decale decaler decalez reporte reporter reportez avance avancer avancez
    mude mudar muda mudem passe passar adie adiar adia remarque remarcar remarca antecipe antecipar transfira
    transferir
    """
)
CHANGE_VERBS = _words(
    """
    change update set make put bring switch correct add
    cambia cambiare cambiate modifica modificare modificate aggiorna aggiornare porta portare metti mettere imposta
    correggi aggiungi aggiungere ajoute ajoutez ajouter adicione adicionar acrescente
    change changer changez modifie modifier modifiez mets mettre mettez passe passer passez corrige
    altere alterar altera atualize atualizar atualiza coloque colocar ponha por corrija mude
    """
)
# A word naming the booking itself: a day just before it is the booking's current day ("Friday booking").
BOOKING_NOUNS = _words(
    "booking bookings reservation reservations table prenotazione prenotazioni tavolo reserva reservas mesa"
)
# Before a day or time: the value it should become ("to Saturday", "a sabato", "para sábado").
TO_WORDS = _words("to a ad al alla alle au aux para pra per into until")
# Before a day or time: the value the booking has now ("from Friday", "di venerdì", "das 20h"). Not "on":
# "move Verdi to 9pm on Sunday" is a move to Sunday, and "on Friday" beside a new day is current anyway.
FROM_WORDS = _words("from of da dal dalla dalle di del della delle de du des do dos das")
# A time said after one of these is a time even without "h" or "pm" ("alle 8", "at 8", "às 8").
AT_WORDS = _words("at alle all ore a las as vers verso around about dalle delle das des")
# Read as today by the day parser, but never a booking's day in a request ("Charles is now 4 people").
NOT_DAYS = frozenset({"now", "right now", "just now"})
CONJUNCTIONS = _words("and also then plus e poi anche et puis aussi depois tambem")
GUEST_WORDS = _words(
    """
    guest guests people persons person party pax covers size
    ospiti ospite persone persona coperti
    personnes personne couverts invites convives
    pessoas pessoa convidados lugares
    """
)
PHONE_WORDS = _words(
    "phone number mobile telephone cell telefono numero cellulare telephone portable tel telefone telemovel celular"
)
EMAIL_WORDS = _words("email mail e mail courriel")
# Said of a value the operator does not have yet: the plan asks it when it runs ("he'll call back with it").
LATER_PHRASES = (
    "later",
    "call back",
    "calls back",
    "will tell",
    "will send",
    "when he calls",
    "when she calls",
    "when they call",
    "piu tardi",
    "richiama",
    "ci dira",
    "me lo dira",
    "quando lo sa",
    "plus tard",
    "rappelle",
    "nous dira",
    "me dira",
    "mais tarde",
    "ligar de volta",
    "volta a ligar",
    "vai dizer",
)
NAME_WORDS = _words("name nome nom")
# Small words that are never a guest's name, in any of the four languages.
SMALL_WORDS = _words(
    """
    i me my we our us you your he she his her it its they their them this that these those the an a
    is are be was will would can could please pls thanks thank hi hello hey ok okay yes no not now just
    sorry scusi scusa pardon desculpe one ones quella quello quelli quelle celle celui ceux aquela aquele
    want need like booking reservation instead same new old other one ones time day date for with in at by
    of on to from and or but also so some any all both each there here what which who how when
    io mi ci noi voi lei lui loro il lo la le gli i un uno una di da in con su per tra fra e o ma anche
    che chi come quando quale quali questo questa quello quella del della dei delle degli dello al alla ai
    alle agli allo dal dalla dai dalle nel nella sul sulla grazie ciao buongiorno buonasera per favore
    vorrei voglio puoi potete potresti puo devo mio mia suo sua loro stesso stessa ora invece signor
    signora sig sig.ra sono siamo e ha hanno nuovo nuova
    je j moi nous vous il elle ils elles le la les l un une des du de d au aux en dans sur pour par avec et
    ou mais aussi que qui quoi quel quelle quand comment ce cet cette ces mon ma mes son sa ses leur merci
    bonjour bonsoir salut s il plait voudrais veux pouvez peux pourriez meme heure place nouveau nouvelle
    monsieur madame mme m est sont
    eu me nos voce o os as um uma uns umas de do da dos das em no na nos nas por pelo pela para com e ou
    mas tambem que quem qual quais quando como este esta esse essa isso aquele aquela ao aos obrigado
    obrigada ola bom dia boa tarde noite queria quero pode podem poderia meu minha seu sua mesmo mesma
    hora agora novo nova senhor senhora sr sra
    """
)
ORDINALS = {
    1: _words("first 1st primo prima premier premiere primeiro primeira 1"),
    2: _words("second 2nd secondo seconda deuxieme second seconde segundo segunda 2"),
    3: _words("third 3rd terzo terza troisieme terceiro terceira 3"),
}
# Words that tell the request's language, when the venue's is not meant.
LANGUAGE_MARKERS = {
    "en": _words(
        "booking move change people guests tomorrow saturday friday number please the to my can want cancel "
        "reschedule phone booked make"
    ),
    "it": _words(
        "prenotazione sposta persone alle domani sabato venerdi numero vorrei della per cancella annulla di "
        "cambia porta ospiti telefono"
    ),
    "fr": _words(
        "reservation deplace deplacer personnes demain samedi vendredi numero voudrais annule annuler de la "
        "le pour telephone changer au decale"
    ),
    "pt": _words(
        "reserva mude mudar pessoas amanha sabado sexta numero queria cancele cancelar do da para telefone "
        "alterar as passe"
    ),
}
NOT_NAMES = (
    SMALL_WORDS
    | CANCEL_VERBS
    | MOVE_VERBS
    | CHANGE_VERBS
    | BOOKING_NOUNS
    | GUEST_WORDS
    | PHONE_WORDS
    | EMAIL_WORDS
    | NAME_WORDS
    | TO_WORDS
    | FROM_WORDS
    | AT_WORDS
    | CONJUNCTIONS
)
