"""The words around a customer's name: those that never start or end one, and those that stand before one.

Kept apart from the reading (`customer_names`) so that a word found wrongly taken for a name is added here.
"""

from __future__ import annotations

# Small words written small that start no name ("the booking under", "del ristorante", "mal aux dents").
FUNCTION_WORDS = frozenset(
    """
    a à au aux de des du la le les un une mal the my of for to o os as do da dos das um uma il lo gli di del della
    per pour para dor pain dolore douleur
    """.split()
)

# Words a name stops at: a connector, a day, a courtesy, a correction ("my name is Tim not Tom").
NAME_STOP = frozenset(
    """
    and et e y for pour para per with avec com con my mon ma meu minha mio mia il phone tel at a à às alle on le la
    o tomorrow demain amanhã domani today yesterday hier ieri ontem please svp stp merci thanks obrigado obrigada
    grazie instead invece plutôt plutot sorry scusi pardon desculpe not non não nao pas s'il s’il por se actually
    anzi finalement afinal
    """.split()
)

# The words after a name typed without a comma that are no part of it, opening the next clause ("je m'appelle
# Karim Haddad je voudrais…", "sou o Rui Costa queria…", "I'm Sam Lee I'd like…") or saying it is one's own
# ("It's Tom Baker here table for 2…"): the name stops before them.
CLAUSE_OPENERS = frozenset(
    """
    je j'ai i i'd i'm i'll io eu nous we we'd vorrei volevo voglio vorremmo queria quero queremos gostaria gostariamos
    gostaríamos preciso voudrais voulais veux voudrions souhaite souhaiterais aimerais would want wanted need like
    here ici qui aqui
    """.split()
)

# What one says one is besides a name ("I'm Running late", "I am Late", "I'm Coming with Sarah", "je suis
# Désolé"), capitalised as some keyboards do: after "I'm", "je suis", "sono", "sou" they name no one.
SAID_OF_ONESELF = frozenset(
    """
    running coming calling looking trying going hoping booking writing phoning planning wondering asking thinking
    texting bringing celebrating getting waiting arriving late early free sorry sure here back just also still
    afraid interested available fine good glad happy very really so desole desolee disponible libre pas en ici
    disponibile libero libera qui spiacente desculpa disponivel livre aqui sicuro sicura certo certa sur sure
    certain certaine client cliente regular habitue habituee nuovo nuova nouveau nouvelle novo nova vegetarian
    vegetariano vegetariana vegetarien vegetarienne
    """.split()
)

# Words a name stops at that are first names too, when capitalised and all the words are ("Mia", "Per Olsen";
# not "Mia moglie ed io").
FIRST_NAMES_AMONG_STOPS = frozenset({"Mia", "Per"})

# What a customer types while thinking: never a name ("euh" asked for a name is no Mr Euh).
HESITATIONS = frozenset(
    "euh heu hum hmm hmmm hm mmm uh uhm um umm er erm eh ehm ehh ah oh boh mah bah bof pff ok okay".split()
)

# Words that open a reply and name nobody: agreement, waiting, indifference, refusal, a question's or a clause's
# first word ("Sounds good", "Hold on", "Whichever", "Aucun", "Tanto faz", "quello che c'è"), as a name or a time
# may be awaited.
REPLIES = frozenset(
    """
    sounds good great fine lovely brilliant cheers cool nice awesome excellent that let hold wait not any whichever
    neither none dunno doesn't doesnt ottimo ottima benissimo va aspetta aspetti attendi nessuno nessuna qualsiasi
    super nickel parfait top peu n'importe aucun aucune attendez attends otimo ótimo tanto qualquer nenhum nenhuma
    espere espera uno another different something more show nothing too maybe perhaps other anything troppo
    magari altri altro forse trop peut-être peut-etre autre muito talvez outro outra
    what whatever which quello quella quelli quelle che cosa quale qual quel quoi
    """.split()
)

ARTICLES = frozenset({"the", "a", "l", "le", "la", "il", "o", "de", "di", "in", "na", "no", "al", "au", "ao"})

# Words that answer "for whom?", "for what?" or "where?" and name nobody: "for me", "per cena", "outside".
NEVER_NAMES = frozenset(
    "i me us myself je moi nous io noi eu mim nos lunch dinner breakfast brunch pranzo cena colazione dejeuner "
    "déjeuner diner dîner almoco almoço jantar outside inside indoors outdoors terrace terrazza terrasse esplanada "
    "window finestra fenetre fenêtre janela garden giardino jardin jardim upstairs downstairs dentro fuori "
    "dehors interieur intérieur exterieur extérieur "
    # a question about the name asked: "no name needed?", "è obbligatorio?"
    "needed required necessary mandatory necessario necessaria obbligatorio obbligatoria necessaire nécessaire "
    "obligatoire necessário obrigatório obrigatorio only enough "
    # the words a message is signed off with: "…, Regards", "…, Bisous", "Grazie Mille", "Cheers Mate"
    "mille beaucoup mate regards best xx xxx x saluti cordiali cordialement bises bisous amities amitiés "
    "abraço abraco abraços abracos beijinhos beijos baci bacioni cumprimentos atenciosamente boa".split()
)

# Words of what is written last besides a name: "If Possible", "Por Favor", "Pm Please", "Happy Hour", "Menu",
# and what a table is for: "… at 8 for Drinks", "per Aperitivo".
NOT_OF_A_NAME = frozenset(
    "if se si possible possibile possivel favor favore pm am por happy hour menu sharp pile punto ponto "
    "drinks drink cocktails aperitivo aperitif apero coffee cafe dessert desserts tapas business work".split()
)

# Words before a place's name, not a person's: "… in the Main Room", "… near Covent Garden".
BEFORE_A_PLACE = frozenset(
    "the in at near by on from to into le la les l il lo gli o a os as no na nos nas au aux dans nel nella em "
    "de di da du des del della do dos das un une uno una um uma".split()
)

# "For": whom the table is for ("… friday at 8 for Tom"), how many ("for 7") or, the party said apart, the hour
# ("for 7 on Friday, 2 people").
FOR_WORDS = frozenset({"for", "per", "pour", "para", "pra"})

# What a surname may also read as ("Megan Price", "Johnny Cash"): no question when the name is all there is.
INTENTS_OF_A_SURNAME = frozenset({"price", "venue_topic"})

# Whom a table is for that names no one: "… for Dad".
KIN = frozenset("dad daddy mum mummy mom mommy papa mamma maman mae pai nonna nonno grandma grandpa granny".split())

# Titles written before a name, with or without their dot: "Mr. Smith", "Mme Dupont", "Dott. Rossi".
TITLES = {"mr", "mrs", "ms", "dr", "st", "m", "mme", "mlle", "sig", "sra", "sr", "dott", "prof"}

# Titles said in words before a name ("la signora Bianchi", "o senhor Costa", "madame Dupont"): not kept with it.
SPOKEN_TITLES = (
    "signorina", "signora", "signore", "signor", "senhora", "senhor", "dona", "mademoiselle", "madame", "monsieur"
)  # fmt: skip

PARTICLES = frozenset("di de da do du del della des dos das".split())  # as written: "Di Stefano" is a name

SURNAME_PARTICLES = PARTICLES | {"van", "von", "der", "den", "ter", "la", "le"}  # no name of their own

# Words no part of a name is ("Near The Window", "…, Sorry Thanks").
NEVER_IN_A_NAME = FUNCTION_WORDS | NAME_STOP | REPLIES | NEVER_NAMES | NOT_OF_A_NAME | HESITATIONS
