# Rules text in Portuguese (Brazil), in the voice of the GDD's card list: the nine standard cards read
# word for word as the GDD writes them.  How the messages are used, and their variables: docs/print.md,
# "Rules text in your language".  Every message may read $voice (`action`: the card's owner is addressed,
# "descarte uma carta"; `condition`: described, "o jogador descarta") and $trigger (`yes` inside a trigger).

## The lines of a card

label-cost = Custo
label-action = Ação
label-condition = Condição
card-line = { $label }: { $text }.
no-effect = (sem efeito)
addenda-title = Adendos às regras
# The titles of a playing-card deck's rules-summary card and reference card.
sheet-summary = Resumo das regras
sheet-reference = Referência
steps-separator = { ", depois " }
clauses-separator = { "; " }
trigger-separator = { " e " }
list-separator = { ", " }
list-last = { " e " }

addendum-order = Quando efeitos de { $listed } se aplicam ao mesmo tempo, { $count ->
        [2] os de { $first } vêm primeiro
       *[other] eles vêm nesta ordem: { $names }
    }.

## Numbers

# Cards and stars are feminine (uma carta, duas estrelas), points masculine (um ponto, dois pontos).
number = { $value }
number-feminine = { $count ->
        [1] uma
        [2] duas
        [3] três
        [4] quatro
        [5] cinco
        [6] seis
        [7] sete
        [8] oito
        [9] nove
        [10] dez
       *[other] { $count }
    }
number-masculine = { $count ->
        [1] um
        [2] dois
       *[other] { number-feminine }
    }
binary-op = { $left } { $op ->
        [add] mais
        [subtract] menos
        [multiply] vezes
       *[divide] dividido por
    } { $right }
negate = menos { $operand }
comparator = { $comparator ->
        [at-least] for pelo menos
        [at-most] for no máximo
        [equal] for igual a
        [not-equal] for diferente de
        [more] for maior que
       *[less] for menor que
    }
comparison = { $left } { comparator } { $right }
rounded = { $number }, arredondado para { $direction ->
        [up] cima
       *[down] baixo
    }
count = o número de { $cards }
sum = a soma dos valores de { $cards }

## Cards

zone-name = { $zone ->
        [domain] domínio
        [discard] pilha de descarte
        [stars] estrelas
        [table] mesa
        [deck] baralho
       *[other] { $place }
    }
location = { $zone ->
        [table] da mesa
        [deck] do baralho
        [domain] { $owner ->
            [opponent] { $actor ->
                [opponent] dele
               *[other] do oponente
            }
           *[you] { $voice ->
                [action] do seu domínio
               *[condition] do jogador
            }
        }
       *[other] { $owner ->
            [opponent] da { zone-name } do oponente
           *[you] { $voice ->
                [action] da sua { zone-name }
               *[condition] da { zone-name } do jogador
            }
        }
    }
cards = { $count ->
        [all] { $role ->
            [counted] {""}
           *[other] todas as
        } { $other ->
            [yes] outras
           *[no] {""}
        } cartas
        [1] { $role ->
            [counted] {""}
           *[other] uma
        } { $other ->
            [yes] outra
           *[no] {""}
        } carta
       *[other] { $up-to ->
            [yes] até
           *[no] {""}
        } { number-feminine } { $other ->
            [yes] outras
           *[no] {""}
        } cartas
    }
selection = { $cards } { $filters } { $own ->
        [yes] { $count ->
            [all] {""}
           *[other] { $location }
        }
       *[no] { $location }
    } { $values } { $chooser ->
        [random] ao acaso
        [you] { chosen } por você
        [opponent] { chosen } pelo oponente
       *[none] {""}
    }
chosen = { $count ->
        [1] escolhida
       *[other] escolhidas
    }
zone = { $zone ->
        [domain] { $owner ->
            [opponent] { zone-article }cartas do oponente
           *[you] { $voice ->
                [action] { zone-article }suas cartas
               *[condition] { zone-article }cartas do jogador
            }
        }
       *[other] { zone-article }cartas { $location }
    }
zone-article = { $role ->
        [counted] {""}
       *[other] { "as " }
    }
counted-zone = { $zone ->
        [domain] cartas { counted-owner }
        [stars] estrelas { counted-owner }
        [table] cartas na mesa
        [deck] cartas no baralho
       *[other] cartas na { zone-name } { counted-owner }
    }
counted-owner = { $owner ->
        [opponent] do oponente
       *[you] do jogador
    }
this-card = esta carta
event-card = ela
deck-top = { $count ->
        [1] a carta no topo do baralho
       *[other] { $role ->
            [counted] {""}
           *[other] as
        } { number-feminine } cartas no topo do baralho
    }
type-filter = do tipo { type-name }
type-name = { $type ->
        [rock] pedra
        [paper] papel
        [scissors] tesoura
       *[other] { $type }
    }
name-filter = chamada { $name }
value-filter = que { $comparator ->
        [at-least] valha pelo menos
        [at-most] valha no máximo
        [equal] valha igual a
        [not-equal] valha diferente de
        [more] valha maior que
       *[less] valha menor que
    } { $amount }

## Steps

verb = { $mood ->
        [infinitive] { verb-infinitive }
        [future] { $player ->
            [you] você
           *[opponent] o oponente
        } { verb-infinitive }
       *[default] { $player ->
            [opponent] o oponente { verb-third }
           *[you] { $voice ->
                [action] { verb-imperative }
               *[condition] o jogador { verb-third }
            }
        }
    }
verb-imperative = { $verb ->
        [gain] ganhe
        [discard] descarte
        [lose] perca
        [put] coloque
        [swap] troque
       *[cancel] anule
    }
verb-infinitive = { $verb ->
        [gain] ganhar
        [discard] descartar
        [lose] perder
        [put] colocar
        [swap] trocar
       *[cancel] anular
    }
verb-third = { $verb ->
        [gain] ganha
        [discard] descarta
        [lose] perde
        [put] coloca
        [swap] troca
       *[cancel] anula
    }
gain = { verb } { $also ->
        [yes] também
       *[no] {""}
    } { $cards }
stars = { $count ->
        [1] uma estrela
        [expr] { $amount } estrelas
       *[other] { number-feminine } estrelas
    }
gain-stars = { verb } { $stars }
lose-stars = { verb } { $stars }
discard = { verb } { $cards }
discard-chosen = { $chooser ->
        [you] escolha
       *[opponent] o oponente escolhe
    } { $cards } para { $actor ->
        [opponent] ele
       *[you] você
    } descartar
swap = { $passive ->
        [yes] deve ser trocada com { $second }
       *[no] { verb } { $first } com { $second }
    }
put-on-bottom = { verb } { $cards } no fundo do baralho
cancel-action = { verb } a ação { $whose ->
        [it] dela
       *[cards] de { $cards }
    }
optional = { $actor ->
        [opponent] o oponente pode
       *[you] { $voice ->
            [action] você pode
           *[condition] o jogador pode
        }
    } { $step }
conditional = se { $test }, { $step }

## Conditions

value-definition = o valor é { $expr }
value-change = { $one ->
        [yes] vale
       *[no] valem
    } { $op ->
        [add] { value-points } a mais
        [subtract] { value-points } a menos
        [multiply] { $count ->
            [2] o dobro
           *[other] { $amount } vezes o seu valor
        }
       *[set] { value-points }
    }
value-points = { $count ->
        [1] um ponto
        [expr] { $amount } pontos
       *[other] { number-masculine } pontos
    }
value-modifier = { $cards } { $change }
value-modifier-chosen = quando esta carta entrar no seu domínio, { $chooser ->
        [random] { $cards } { $one ->
            [yes] é escolhida
           *[no] são escolhidas
        } ao acaso
        [opponent] o oponente escolhe { $cards }
       *[you] escolha { $cards }
    }: { $one ->
        [yes] ela
       *[no] elas
    } { $change }
discard-priority = precisa ser descartada { $order ->
        [first] antes
       *[last] depois
    } das outras cartas do jogador
trigger = sempre que { $event }, { $steps }
gain-event = { verb } { $cards }
discard-event = { verb } { $cards }
dispute-event = { $player ->
        [opponent] o oponente
       *[you] você
    } { $outcome ->
        [win] vencer
       *[lose] perder
    } uma disputa { $throw ->
        [none] {""}
       *[other] com { type-name-throw }
    }
type-name-throw = { $throw ->
        [rock] pedra
        [paper] papel
        [scissors] tesoura
       *[other] { $throw }
    }
