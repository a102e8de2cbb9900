"""What callers say for a day, in every language, on a fixed Wednesday: the date each one means.

Each row: language (and the venue's country after a slash, when not the language's own), the words,
and what they mean: a date with its weekday (checked against the real calendar before the parser
is), a part of the day, "|" between the candidates of an ambiguous answer, "MISMATCH date -> date"
for a weekday that disagrees with the date said, or UNSUPPORTED.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import pytest

from concierge.parsing.errors import UnsupportedRelativeDay, WeekdayMismatch
from concierge.parsing.relative_day import resolve_relative_day

TODAY = datetime.date(2026, 2, 18)  # a Wednesday
COUNTRIES = {"it": "IT", "en": "GB", "fr": "FR", "pt": "PT"}

CORPUS = """
# --- Italian ---------------------------------------------------------------------------------------------
it | oggi                                  | 2026-02-18 Wed
it | domani                                | 2026-02-19 Thu
it | dopodomani                            | 2026-02-20 Fri
it | sabato                                | 2026-02-21 Sat
it | mercoledì                             | 2026-02-25 Wed | 2026-02-18 Wed
it | mercoledì prossimo                    | 2026-02-25 Wed
it | tra 5 giorni                          | 2026-02-23 Mon
it | fra quindici giorni                   | 2026-03-04 Wed
it | il 25                                 | 2026-02-25 Wed
it | il 18                                 | 2026-02-18 Wed
it | il 3                                  | 2026-03-03 Tue
it | il 31                                 | 2026-03-31 Tue
it | il 3 marzo                            | 2026-03-03 Tue
it | il primo marzo                        | 2026-03-01 Sun
it | tre marzo                             | 2026-03-03 Tue
it | il 10 gennaio                         | 2027-01-10 Sun
it | il 2 giugno 2027                      | 2027-06-02 Wed
it | il ventisette febbraio                | 2026-02-27 Fri
it | il 5 del mese prossimo                | 2026-03-05 Thu
it | il 25 di questo mese                  | 2026-02-25 Wed
it | venerdì 27 febbraio                   | 2026-02-27 Fri
it | sabato 21                             | 2026-02-21 Sat
it | martedì 3 marzo                       | 2026-03-03 Tue
it | martedì 25                            | MISMATCH 2026-02-25 -> 2026-02-24
it | sabato 1 marzo                        | MISMATCH 2026-03-01 -> 2026-02-28
it | venerdì prossimo il 27                | 2026-02-27 Fri
it | questo venerdì 27                     | 2026-02-27 Fri
it | il 30 febbraio                        | UNSUPPORTED
it | domani sera                           | 2026-02-19 Thu evening
it | domani in fine giornata               | 2026-02-19 Thu evening
it | sabato a pranzo                       | 2026-02-21 Sat lunch
it | domenica a cena                       | 2026-02-22 Sun evening
it | venerdì sera                          | 2026-02-20 Fri evening
it | domani mattina                        | 2026-02-19 Thu morning
it | domani mattina presto                 | 2026-02-19 Thu morning
it | venerdì di primo mattino              | 2026-02-20 Fri morning
it | giovedì pomeriggio                    | 2026-02-19 Thu afternoon
it | giovedì nel primo pomeriggio          | 2026-02-19 Thu afternoon
it | venerdì nel tardo pomeriggio           | 2026-02-20 Fri afternoon
it | sabato tardo pomeriggio                | 2026-02-21 Sat afternoon
it | stasera                               | 2026-02-18 Wed evening
it | questa sera                           | 2026-02-18 Wed evening
it | il 25 a pranzo                        | 2026-02-25 Wed lunch
it | sabato della settimana prossima       | 2026-02-28 Sat
it | sabato della prossima settimana       | 2026-02-28 Sat
it | lunedì della settimana prossima       | 2026-02-23 Mon
it | la settimana prossima giovedì         | 2026-02-26 Thu
it | la settimana prossima il giovedì      | 2026-02-26 Thu
it | venerdì di questa settimana           | 2026-02-20 Fri
it | oggi a otto                           | 2026-02-25 Wed
it | domani a otto                         | 2026-02-26 Thu
it | sabato a otto                         | 2026-02-28 Sat
it | oggi a quindici                       | 2026-03-04 Wed
it | domenica di questo weekend            | 2026-02-22 Sun
it | sabato di questo fine settimana       | 2026-02-21 Sat
it | questo weekend                        | 2026-02-21 Sat | 2026-02-22 Sun
it | il weekend                            | 2026-02-21 Sat | 2026-02-22 Sun
it | il prossimo weekend                   | 2026-02-21 Sat | 2026-02-22 Sun
it | sabato sera di questo weekend         | UNSUPPORTED
it | Natale                                | 2026-12-25 Fri
it | la vigilia di Natale                  | 2026-12-24 Thu
it | San Valentino                         | 2027-02-14 Sun
it | la sera di San Valentino              | 2027-02-14 Sun evening
it | San Silvestro                         | 2026-12-31 Thu
it | Capodanno                             | 2027-01-01 Fri
it | il cenone di Capodanno                | 2026-12-31 Thu
it | la notte di Capodanno                 | 2026-12-31 Thu
it | Pasqua                                | 2026-04-05 Sun
it | Pasquetta                             | 2026-04-06 Mon
it | il prossimo festivo                   | 2026-04-05 Sun
it | le ferie                              | UNSUPPORTED
it | Ferragosto                            | 2026-08-15 Sat
it | festa della Repubblica                | 2026-06-02 Tue
it | Stefano                               | UNSUPPORTED
it | la festa della Liberazione            | 2026-04-25 Sat
it | la vigilia di Natale a cena           | 2026-12-24 Thu evening
it | la sera di sabato                     | 2026-02-21 Sat evening
it | la sera del 24                        | 2026-02-24 Tue evening
it | il pranzo di Natale                   | 2026-12-25 Fri lunch
it | domanni                               | 2026-02-19 Thu
it | sabbato                               | 2026-02-21 Sat
it | ieri                                  | 2026-02-17 Tue
it | l'altro ieri                          | 2026-02-16 Mon
it | quarto                                | UNSUPPORTED
it | il quarto                             | 2026-03-04 Wed
it | la settimana prossima                 | UNSUPPORTED
it | quando volete                         | UNSUPPORTED
it | il 45                                 | UNSUPPORTED
it | 8                                     | UNSUPPORTED
it | per 2 a                               | UNSUPPORTED
it | aprite 3                              | UNSUPPORTED
it | 2 e 30                                | UNSUPPORTED
it | il 2a                                 | 2026-03-02 Mon
# --- English ---------------------------------------------------------------------------------------------
en | today                                 | 2026-02-18 Wed
en | tomorrow                              | 2026-02-19 Thu
en | the day after tomorrow                | 2026-02-20 Fri
en | Saturday                              | 2026-02-21 Sat
en | next Saturday                         | 2026-02-21 Sat
en | Wednesday                             | 2026-02-25 Wed | 2026-02-18 Wed
en | in 4 days                             | 2026-02-22 Sun
en | in a fortnight                        | 2026-03-04 Wed
en | in two weeks' time                    | 2026-03-04 Wed
en | the 25th                              | 2026-02-25 Wed
en | the 3rd                               | 2026-03-03 Tue
en | on the 3rd                            | 2026-03-03 Tue
en | the 3rd of March                      | 2026-03-03 Tue
en | March 3rd                             | 2026-03-03 Tue
en | March the third                       | 2026-03-03 Tue
en | the first of March                    | 2026-03-01 Sun
en | 14 February                           | 2027-02-14 Sun
en | the twenty-seventh                    | 2026-02-27 Fri
en | the 5th of next month                 | 2026-03-05 Thu
en | the 31st of next month                | 2026-03-31 Tue
en | 3rd March 2027                        | 2027-03-03 Wed
en | Tuesday the 3rd                       | 2026-03-03 Tue
en | Friday 27th February                  | 2026-02-27 Fri
en | Friday the 28th                       | MISMATCH 2026-02-28 -> 2026-02-27
en | Tuesday the 25th                      | MISMATCH 2026-02-25 -> 2026-02-24
en | next Friday the 27th                  | 2026-02-27 Fri
en | this Friday the 27th                  | 2026-02-27 Fri
en | next Friday the 28th                  | MISMATCH 2026-02-28 -> 2026-02-27
en | the 31st of April                     | UNSUPPORTED
en | tomorrow night                        | 2026-02-19 Thu night
en | tomorrow evening                      | 2026-02-19 Thu evening
en | tomorrow at the end of the day        | 2026-02-19 Thu evening
en | Friday evening                        | 2026-02-20 Fri evening
en | Friday late evening                   | 2026-02-20 Fri evening
en | first thing tomorrow                  | 2026-02-19 Thu morning
en | Friday first thing                    | 2026-02-20 Fri morning
en | Saturday in the early afternoon       | 2026-02-21 Sat afternoon
en | Saturday mid-afternoon                | 2026-02-21 Sat afternoon
en | mid-morning on Friday                 | 2026-02-20 Fri morning
en | Saturday lunch                        | 2026-02-21 Sat lunch
en | Saturday at lunchtime                 | 2026-02-21 Sat lunch
en | Sunday brunch                         | 2026-02-22 Sun lunch
en | lunch on Saturday                     | 2026-02-21 Sat lunch
en | dinner tomorrow                       | 2026-02-19 Thu evening
en | Sunday morning                        | 2026-02-22 Sun morning
en | tonight                               | 2026-02-18 Wed night
en | this afternoon                        | 2026-02-18 Wed afternoon
en | the 3rd in the evening                | 2026-03-03 Tue evening
en | Saturday next week                    | 2026-02-28 Sat
en | next week Saturday                    | 2026-02-28 Sat
en | next week on the Saturday             | 2026-02-28 Sat
en | Monday next week                      | 2026-02-23 Mon
en | Friday this week                      | 2026-02-20 Fri
en | a week today                          | 2026-02-25 Wed
en | a week tomorrow                       | 2026-02-26 Thu
en | a week on Saturday                    | 2026-02-28 Sat
en | Saturday week                         | 2026-02-28 Sat
en | a week from today                     | 2026-02-25 Wed
en | a fortnight on Friday                 | 2026-03-06 Fri
en | two weeks tomorrow                    | 2026-03-05 Thu
en | three weeks on Saturday               | 2026-03-14 Sat
en | 3 weeks on Friday                     | 2026-03-13 Fri
en | four weeks tomorrow                   | 2026-03-19 Thu
en | Sunday this weekend                   | 2026-02-22 Sun
en | Saturday this weekend                 | 2026-02-21 Sat
en | this weekend                          | 2026-02-21 Sat | 2026-02-22 Sun
en | at the weekend                        | 2026-02-21 Sat | 2026-02-22 Sun
en | next weekend                          | 2026-02-21 Sat | 2026-02-22 Sun
en | the weekend after next                | 2026-02-28 Sat | 2026-03-01 Sun
en | Friday this weekend                   | UNSUPPORTED
en | Christmas                             | 2026-12-25 Fri
en | Christmas Day                         | 2026-12-25 Fri
en | Christmas Eve                         | 2026-12-24 Thu
en | fourth                                | UNSUPPORTED
en | the fourth                            | 2026-03-04 Wed
en | Valentine's Day                       | 2027-02-14 Sun
en | Valentines                            | 2027-02-14 Sun
en | Halloween                             | 2026-10-31 Sat
en | New Year's Eve                        | 2026-12-31 Thu
en | New Year's Day                        | 2027-01-01 Fri
en | Easter                                | 2026-04-05 Sun
en | Easter Monday                         | 2026-04-06 Mon
en | Good Friday                           | 2026-04-03 Fri
en | the bank holiday                      | 2026-04-03 Fri
en | bank holiday Monday                   | 2026-05-04 Mon
en | Boxing Day                            | 2026-12-26 Sat
en | Christmas Eve dinner                  | 2026-12-24 Thu evening
en | dinner on Christmas Eve               | 2026-12-24 Thu evening
en | the evening of the 24th               | 2026-02-24 Tue evening
en | Saturday after next                   | 2026-02-28 Sat
en | the Saturday after this one           | 2026-02-28 Sat
en | this weekend on Sunday                | 2026-02-22 Sun
en/US | Independence Day                   | 2026-07-04 Sat
en/US | Thanksgiving                       | 2026-11-26 Thu
en | tomorow                               | 2026-02-19 Thu
en | 2moro                                 | 2026-02-19 Thu
en | 2moro nite                            | 2026-02-19 Thu night
en | 2nite                                 | 2026-02-18 Wed night
en | tommorrow night                       | 2026-02-19 Thu night
en | saturdy                               | 2026-02-21 Sat
en | wensday                               | 2026-02-25 Wed | 2026-02-18 Wed
en | wedsday                               | 2026-02-25 Wed | 2026-02-18 Wed
en | yesterday                             | 2026-02-17 Tue
en | the day before yesterday              | 2026-02-16 Mon
en | next week                             | UNSUPPORTED
en | whenever                              | UNSUPPORTED
en | the 32nd                              | UNSUPPORTED
en | at 8                                  | UNSUPPORTED
en | about 9                               | UNSUPPORTED
en | good day                              | UNSUPPORTED
en | may                                   | UNSUPPORTED
en | many 4                                | UNSUPPORTED
en | moro                                  | UNSUPPORTED
# --- French ----------------------------------------------------------------------------------------------
fr | aujourd'hui                           | 2026-02-18 Wed
fr | demain                                | 2026-02-19 Thu
fr | après-demain                          | 2026-02-20 Fri
fr | samedi                                | 2026-02-21 Sat
fr | samedi prochain                       | 2026-02-21 Sat
fr | mercredi                              | 2026-02-25 Wed | 2026-02-18 Wed
fr | dans 3 jours                          | 2026-02-21 Sat
fr | dans huit jours                       | 2026-02-25 Wed
fr | dans quinze jours                     | 2026-03-04 Wed
fr | le 10                                 | 2026-03-10 Tue
fr | le 25                                 | 2026-02-25 Wed
fr | le 1er mars                           | 2026-03-01 Sun
fr | pour 2 à                              | UNSUPPORTED
fr | pour 4                                | UNSUPPORTED
fr | le 2e                                 | 2026-03-02 Mon
fr | le premier mars                       | 2026-03-01 Sun
fr | le 3 mars                             | 2026-03-03 Tue
fr | le trois mars                         | 2026-03-03 Tue
fr | le 14 juillet                         | 2026-07-14 Tue
fr | le 5 du mois prochain                 | 2026-03-05 Thu
fr | le 6 janvier                          | 2027-01-06 Wed
fr | le 3 mars 2027                        | 2027-03-03 Wed
fr | vendredi 27 février                   | 2026-02-27 Fri
fr | mardi 3                               | 2026-03-03 Tue
fr | le mardi 3 mars                       | 2026-03-03 Tue
fr | vendredi 28                           | MISMATCH 2026-02-28 -> 2026-02-27
fr | lundi 1er mars                        | MISMATCH 2026-03-01 -> 2026-03-02
fr | vendredi prochain le 27               | 2026-02-27 Fri
fr | le 29 février                         | 2028-02-29 Tue
fr | le 31 avril                           | UNSUPPORTED
fr | vendredi soir                         | 2026-02-20 Fri evening
fr | samedi midi                           | 2026-02-21 Sat lunch
fr | demain soir                           | 2026-02-19 Thu evening
fr | demain en fin de journée              | 2026-02-19 Thu evening
fr | jeudi en début d'après-midi           | 2026-02-19 Thu afternoon
fr | vendredi en fin d'aprem                | 2026-02-20 Fri afternoon
fr | en fin d'après-midi samedi             | 2026-02-21 Sat afternoon
fr | demain matin                          | 2026-02-19 Thu morning
fr | demain à la première heure            | 2026-02-19 Thu morning
fr | jeudi après-midi                      | 2026-02-19 Thu afternoon
fr | samedi au déjeuner                    | 2026-02-21 Sat lunch
fr | dimanche pour le dîner                | 2026-02-22 Sun evening
fr | ce soir                               | 2026-02-18 Wed evening
fr | ce midi                               | 2026-02-18 Wed lunch
fr | le 25 au soir                         | 2026-02-25 Wed evening
fr | samedi de la semaine prochaine        | 2026-02-28 Sat
fr | lundi de la semaine prochaine         | 2026-02-23 Mon
fr | la semaine prochaine jeudi            | 2026-02-26 Thu
fr | la semaine prochaine le jeudi         | 2026-02-26 Thu
fr | vendredi de cette semaine             | 2026-02-20 Fri
fr | samedi en huit                        | 2026-02-28 Sat
fr | demain en huit                        | 2026-02-26 Thu
fr | aujourd'hui en huit                   | 2026-02-25 Wed
fr | jeudi en quinze                       | 2026-03-05 Thu
fr | samedi ce week-end                    | 2026-02-21 Sat
fr | dimanche ce week-end                  | 2026-02-22 Sun
fr | ce week-end                           | 2026-02-21 Sat | 2026-02-22 Sun
fr | le week-end prochain                  | 2026-02-21 Sat | 2026-02-22 Sun
fr | Noël                                  | 2026-12-25 Fri
fr | la veille de Noël                     | 2026-12-24 Thu
fr | la Saint-Valentin                     | 2027-02-14 Sun
fr | le réveillon                          | 2026-12-24 Thu | 2026-12-31 Thu
fr | la Saint-Sylvestre                    | 2026-12-31 Thu
fr | la soirée du Nouvel An                | 2026-12-31 Thu
fr | le jour de l'an                       | 2027-01-01 Fri
fr | Pâques                                | 2026-04-05 Sun
fr | le lundi de Pâques                    | 2026-04-06 Mon
fr | le prochain jour férié                | 2026-04-06 Mon
fr | la fête nationale                     | 2026-07-14 Tue
fr | la Toussaint                          | 2026-11-01 Sun
fr | l'Ascension                           | 2026-05-14 Thu
fr | le réveillon de Noël au soir          | 2026-12-24 Thu evening
fr | le soir du 24                         | 2026-02-24 Tue evening
fr | ce week-end samedi                    | 2026-02-21 Sat
fr | d'aujourd'hui en huit                 | 2026-02-25 Wed
fr/DZ | la fête de l'indépendance          | 2026-07-05 Sun
fr | aujourdhui                            | 2026-02-18 Wed
fr | demin                                 | 2026-02-19 Thu
fr | vendredie soir                        | 2026-02-20 Fri evening
fr | demain aprem                          | 2026-02-19 Thu afternoon
fr | hier                                  | 2026-02-17 Tue
fr | avant-hier                            | 2026-02-16 Mon
fr | la semaine prochaine                  | UNSUPPORTED
fr | quand vous voulez                     | UNSUPPORTED
fr | le 0                                  | UNSUPPORTED
fr | pour 8                                | UNSUPPORTED
# --- Portuguese ------------------------------------------------------------------------------------------
pt | hoje                                  | 2026-02-18 Wed
pt | amanhã                                | 2026-02-19 Thu
pt | depois de amanhã                      | 2026-02-20 Fri
pt | sábado                                | 2026-02-21 Sat
pt | sexta que vem                         | 2026-02-20 Fri
pt | quarta                                | 2026-02-25 Wed | 2026-02-18 Wed
pt | daqui a 3 dias                        | 2026-02-21 Sat
pt | daqui a oito dias                     | 2026-02-25 Wed
pt | daqui a quinze dias                   | 2026-03-04 Wed
pt | em quinze dias                        | 2026-03-04 Wed
pt | dia 3                                 | 2026-03-03 Tue
pt | dia 25                                | 2026-02-25 Wed
pt | no dia 20                             | 2026-02-20 Fri
pt | primeiro de março                     | 2026-03-01 Sun
pt | 1º de março                           | 2026-03-01 Sun
pt | para 2 a                              | UNSUPPORTED
pt | 1 o 2                                 | UNSUPPORTED
pt | dia 3 de março                        | 2026-03-03 Tue
pt | três de março                         | 2026-03-03 Tue
pt | 10 de junho                           | 2026-06-10 Wed
pt | dia 5 do mês que vem                  | 2026-03-05 Thu
pt | dia 30 do próximo mês                 | 2026-03-30 Mon
pt | 5 de janeiro de 2027                  | 2027-01-05 Tue
pt | sexta-feira, dia 27                   | 2026-02-27 Fri
pt | sexta, 27 de fevereiro                | 2026-02-27 Fri
pt | domingo, 1 de março                   | 2026-03-01 Sun
pt | segunda, dia 3                        | MISMATCH 2026-03-03 -> 2026-03-02
pt | sábado dia 27                         | MISMATCH 2026-02-27 -> 2026-02-28
pt | sexta que vem, dia 27                 | 2026-02-27 Fri
pt | na próxima sexta, dia 27              | 2026-02-27 Fri
pt | 30 de fevereiro                       | UNSUPPORTED
pt | amanhã de manhã                       | 2026-02-19 Thu morning
pt | sexta à tarde                         | 2026-02-20 Fri afternoon
pt | sexta no fim da tarde                 | 2026-02-20 Fri afternoon
pt | amanhã de manhã cedo                  | 2026-02-19 Thu morning
pt | amanhã logo de manhã                  | 2026-02-19 Thu morning
pt | sábado ao início da noite             | 2026-02-21 Sat night
pt | sábado à noite                        | 2026-02-21 Sat night
pt | amanhã à noite                        | 2026-02-19 Thu night
pt | domingo ao almoço                     | 2026-02-22 Sun lunch
pt | sábado ao jantar                      | 2026-02-21 Sat evening
pt | hoje à noite                          | 2026-02-18 Wed night
pt | esta tarde                            | 2026-02-18 Wed afternoon
pt | dia 25 à noite                        | 2026-02-25 Wed night
pt | segunda da semana que vem             | 2026-02-23 Mon
pt | sábado da próxima semana              | 2026-02-28 Sat
pt | na semana que vem na quinta           | 2026-02-26 Thu
pt | sexta para a semana                   | 2026-02-27 Fri
pt | sexta desta semana                    | 2026-02-20 Fri
pt | de hoje a oito dias                   | 2026-02-25 Wed
pt | sábado a oito                         | 2026-02-28 Sat
pt | amanhã a oito                         | 2026-02-26 Thu
pt | sábado deste fim de semana            | 2026-02-21 Sat
pt | domingo neste fim de semana           | 2026-02-22 Sun
pt | este fim de semana                    | 2026-02-21 Sat | 2026-02-22 Sun
pt | no fim de semana                      | 2026-02-21 Sat | 2026-02-22 Sun
pt | o próximo fim de semana               | 2026-02-21 Sat | 2026-02-22 Sun
pt | neste sábado                          | 2026-02-21 Sat
pt | nesta sexta                           | 2026-02-20 Fri
pt | Natal                                 | 2026-12-25 Fri
pt | véspera de Natal                      | 2026-12-24 Thu
pt | consoada                              | 2026-12-24 Thu
pt | passagem de ano                       | 2026-12-31 Thu
pt | jantar de Ano Novo                    | 2026-12-31 Thu
pt | Ano Novo                              | 2027-01-01 Fri
pt | Páscoa                                | 2026-04-05 Sun
pt | sexta-feira santa                     | 2026-04-03 Fri
pt | o próximo feriado                     | 2026-04-03 Fri
pt | Dia de Portugal                       | 2026-06-10 Wed
pt | Portugal                              | UNSUPPORTED
pt | dia da Liberdade                      | 2026-04-25 Sat
pt | Carnaval                              | 2027-02-09 Tue
pt/BR | Tiradentes                         | 2026-04-21 Tue
pt/BR | Dia dos Namorados                  | 2026-06-12 Fri
pt | o jantar do Dia dos Namorados         | 2027-02-14 Sun evening
pt | véspera de Natal ao jantar            | 2026-12-24 Thu evening
pt | o jantar de sábado                    | 2026-02-21 Sat evening
pt | amanhã à hora de almoço               | 2026-02-19 Thu lunch
pt | sábado ao fim do dia                  | 2026-02-21 Sat evening
pt | amanha                                | 2026-02-19 Thu
pt | amanhan                               | 2026-02-19 Thu
pt | hj à noite                            | 2026-02-18 Wed night
pt | sabádo                                | 2026-02-21 Sat
pt | ontem                                 | 2026-02-17 Tue
pt | anteontem                             | 2026-02-16 Mon
pt | semana que vem                        | UNSUPPORTED
pt | quando quiser                         | UNSUPPORTED
pt | dia 40                                | UNSUPPORTED
pt | para 4                                | UNSUPPORTED
pt | minha 4                               | UNSUPPORTED
# --- a caller speaking another language than the venue's ----------------------------------------------
it/IT | next Saturday                      | 2026-02-21 Sat
en/GB | domani sera                        | 2026-02-19 Thu evening
fr/FR | sábado à noite                     | 2026-02-21 Sat night
pt/PT | samedi en huit                     | 2026-02-28 Sat
"""

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class Row:
    locale: str
    country: str
    text: str
    meaning: str

    def __str__(self) -> str:
        return f"{self.locale}/{self.country}: {self.text}"


def _rows() -> list[Row]:
    rows = []
    for line in CORPUS.strip().splitlines():
        if line.startswith("#"):
            continue
        where, text, meaning = (cell.strip() for cell in line.split("|", 2))
        locale, _, country = where.partition("/")
        rows.append(Row(locale, country or COUNTRIES[locale], text, meaning))
    return rows


ROWS = _rows()


def _date(cell: str) -> datetime.date:
    """A "YYYY-MM-DD Ddd" cell, its weekday checked against the real calendar."""
    iso, weekday = cell.split()[:2]
    day = datetime.date.fromisoformat(iso)
    assert _WEEKDAYS[day.weekday()] == weekday, f"{iso} is a {_WEEKDAYS[day.weekday()]}, not a {weekday}"
    return day


def test_the_corpus_has_every_group_in_every_language_and_at_least_200_expressions():
    assert len(ROWS) >= 200
    for locale in COUNTRIES:
        meanings = [row.meaning for row in ROWS if row.locale == locale]
        assert any("MISMATCH" in m for m in meanings) and any("UNSUPPORTED" in m for m in meanings)
        assert any("|" in m for m in meanings) and any(len(m.split()) == 3 for m in meanings), locale


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_each_expression_resolves_to_the_day_the_caller_means(row):
    meaning = row.meaning
    if meaning == "UNSUPPORTED":
        with pytest.raises(UnsupportedRelativeDay):
            resolve_relative_day(row.text, TODAY, row.locale, country=row.country)
        return
    if meaning.startswith("MISMATCH"):
        said, corrected = meaning.removeprefix("MISMATCH").split("->")
        with pytest.raises(WeekdayMismatch) as raised:
            resolve_relative_day(row.text, TODAY, row.locale, country=row.country)
        assert (raised.value.date, raised.value.corrected) == (
            datetime.date.fromisoformat(said.strip()),
            datetime.date.fromisoformat(corrected.strip()),
        )
        return
    resolved = resolve_relative_day(row.text, TODAY, row.locale, country=row.country)
    cells = [cell.strip() for cell in meaning.split("|")]
    days = [_date(cell) for cell in cells]
    part = cells[0].split()[2] if len(cells[0].split()) > 2 else None
    assert (resolved.date, resolved.part) == (days[0], part)
    if len(days) > 1:
        assert resolved.ambiguous and resolved.candidates == tuple(days)
    else:
        assert not resolved.ambiguous and resolved.candidates == ()
