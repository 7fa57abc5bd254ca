# A tela do Janken Wars (deckdsl/games/janken_wars/screen.py) no `deckdsl play`, em português.  $who é `you`
# (a pessoa) ou `bot`; os nomes e textos das cartas são os do baralho.  O CLDR conta 0 como `one` em
# português: onde 0 pode aparecer, uma variante [0] diz «nenhuma».

jw-take = { $who ->
        [you] você pega
       *[bot] o bot pega
    } { $card }
jw-got-brinde = { $who ->
        [you] você ganha
       *[bot] o bot ganha
    } um Brinde (1 ponto)
jw-put-back = { $who ->
        [you] você põe
       *[bot] o bot põe
    } { $card } no fundo do baralho
jw-exchanged = { $who ->
        [you] você troca
       *[bot] o bot troca
    } { $count } { $count ->
        [one] carta que vale
       *[other] cartas que valem
    } { $points } { $points ->
        [0] pontos
        [one] ponto
       *[other] pontos
    } por { $stars } { $stars ->
        [one] estrela
       *[other] estrelas
    }
jw-discarded = { $who ->
        [you] você descarta
       *[bot] o bot descarta
    } o domínio inteiro, { $count } { $count ->
        [one] carta que vale
       *[other] cartas que valem
    } { $points } { $points ->
        [0] pontos
        [one] ponto
       *[other] pontos
    }, sem ganhar estrela
jw-yes = sim
jw-no = não
jw-keep = não, manter o domínio
jw-exchange = sim, trocar
jw-discard = sim, descartar
jw-component = componente
jw-zone = { $zone ->
        [deck] baralho
        [table] mesa
        [supply] reserva
        [hand] { $who ->
            [you] sua mão
           *[bot] mão do bot
        }
        [domain] { $who ->
            [you] seu domínio
           *[bot] domínio do bot
        }
        [discard] { $who ->
            [you] sua pilha de descarte
           *[bot] pilha de descarte do bot
        }
       *[stars] { $who ->
            [you] suas estrelas
           *[bot] estrelas do bot
        }
    }
jw-throw-name = { $native }
jw-throw-question = sua jogada
jw-take-question = você venceu — que carta você pega?
jw-no-type = você venceu, mas a mesa não tem carta do seu tipo
jw-brinde = ganhar um Brinde (carta genérica de 1 ponto)
jw-bottom = pôr { $card } no fundo do baralho
jw-what = o que você faz?
jw-from = { $card } — { $zone }
jw-choose = { $source }: escolha uma carta { $verb ->
        [discard] para descartar
        [gain] para ganhar
        [swap] para trocar
        [bottom] para pôr no fundo
        [cancel] para cancelar
       *[modify] para o seu efeito
    } ({ $number } de { $count })
jw-may = { $source }: você quer fazer isso?
jw-exchange-question = trocar seu domínio inteiro ({ $points } { $points ->
        [0] pontos
        [one] ponto
       *[other] pontos
    }) por { $stars } { $stars ->
        [one] estrela
       *[other] estrelas
    }?
jw-discard-question = descartar seu domínio inteiro ({ $points } { $points ->
        [0] pontos
        [one] ponto
       *[other] pontos
    }) sem ganhar estrela?
jw-round = ── rodada { $round } · { $deck ->
        [0] baralho vazio
        [one] baralho com { $deck } carta
       *[other] baralho com { $deck } cartas
    } ──
jw-table = mesa: { $cards }
jw-empty = vazio
jw-state = { $who ->
        [you] você
       *[bot] o bot
    }: { $stars ->
        [0] nenhuma estrela
        [one] { $stars } estrela
       *[other] { $stars } estrelas
    } · domínio { $points } { $points ->
        [0] pontos
        [one] ponto
       *[other] pontos
    } [{ $cards }] · { $discarded ->
        [0] nenhuma descartada
        [one] { $discarded } descartada
       *[other] { $discarded } descartadas
    }
jw-tie = empate: joguem de novo
jw-won = você vence
jw-lost = o bot vence
jw-throws = você joga { $mine }, o bot joga { $theirs }: { $verdict }
jw-swap = { $first } e { $second } trocam de lugar
jw-triggers = a condição de { $name } acontece
jw-impossible = { $name }: { $kind ->
        [cost] custo impossível, desconsiderado
       *[action] ação impossível, desconsiderada
    }
jw-why = { $reason ->
        [stars] com as estrelas para vencer
        [deck-stars] o baralho acabou; mais estrelas
        [deck-domain] o baralho acabou; estrelas empatadas, domínio de maior valor
        [deck-dispute] o baralho acabou; tudo empatado, a derradeira disputa decidiu
        [stars-stars] mais estrelas
        [stars-domain] estrelas empatadas, domínio de maior valor
        [stars-dispute] tudo empatado, a derradeira disputa decidiu
       *[round-limit] o limite de rodadas encerrou a partida
    }
jw-draw = empate ({ $why })
jw-you-won = VOCÊ VENCEU ({ $why }), rodada { $round }
jw-bot-won = o bot venceu ({ $why }), rodada { $round }
jw-goal = vence quem tiver { $stars } { $stars ->
        [one] estrela
       *[other] estrelas
    }; uma estrela custa { $cost } pontos
jw-choice = { $first } — { $then }

jw-confirm-discard = descartar mesmo o seu domínio inteiro, { $count ->
        [one] { $count } carta
       *[other] { $count } cartas
    } que { $count ->
        [one] vale
       *[other] valem
    } { $points } { $points ->
        [0] pontos
        [one] ponto
       *[other] pontos
    }, sem ganhar estrela?
