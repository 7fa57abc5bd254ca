# A tela do jogo cooperativo de sequências (deckdsl/games/cooperativo/screen.py) no `deckdsl play`.  Os
# jogadores são numerados a partir de 1.  As cartas são escritas curtas (`5♥`).

co-title = Você é o Jogador { $seat } de { $count }. Turno { $turn } de { $limit }.
co-success = Fim: a checagem passou por todos os jogadores: o grupo alcançou o objetivo!
co-failure = Fim: o grupo desistiu (limite de turnos): o objetivo não foi alcançado.
co-deciding = O Jogador { $player } decide se bate (depois joga o Jogador { $next }).
co-turn = Vez do Jogador { $player }.
co-reserve = "Reserva": { $count ->
        [0] nenhuma carta
        [one] { $count } carta virada para baixo
       *[other] { $count } cartas viradas para baixo
    }{ $known ->
        [yes] {" "}(na ordem, do topo: { $cards })
       *[no] {""}
    }.
co-recycle = "Reciclagem" (de baixo para cima): { $cards }.
co-empty = vazia
co-own-hand = Você (Jogador { $seat }): { $cards } ({ $count } cartas, que você não vê).
co-other-hand = Jogador { $seat }: { $cards } ({ $count } cartas).
co-check-item = Jogador { $seat } bateu { $cards } ({ $passed ->
        [yes] passou
       *[no] falhou
    })
co-last-check = Última checagem: { $items }.
co-bater = bater as suas cartas (iniciar a checagem)
co-pass = não bater
co-buy-recycle = comprar uma carta da "reserva" e reciclá-la
co-buy-give = comprar uma carta da "reserva" e dá-la para { $whom }
co-recycle-card = retirar { $card } e reciclá-la
co-give = retirar { $card } e dá-la para { $whom }
co-whom = { $you ->
        [yes] você
       *[no] o Jogador { $seat }
    }
co-card-other = { $card } do Jogador { $seat }
co-card-own-seen = a sua carta nº { $number } ({ $card })
co-card-own-unseen = a sua carta nº { $number } (sem vê-la)

# Uma jogada de outro jogador, como quem olha a vê (a sua própria mão, ele não vê).
co-did-bater = bateu as suas cartas (checagem)
co-did-pass = não bateu
co-did-buy-recycle = comprou uma carta da "reserva" e a reciclou
co-did-buy-give = comprou uma carta da "reserva" e a deu { $whom }
co-did-recycle-card = retirou { $card } e a reciclou
co-did-give = retirou { $card } e a deu { $whom }
co-to-you = para você
co-to-player = para o Jogador { $seat }
co-to-self = para si
co-one-of-yours = uma carta sua
co-own-card = { $card } da própria mão

# O menu de uma pessoa (`menu`): uma linha por carta retirada, cada uma com a sua letra, e para onde ela vai.
co-take = retirar { $card }
co-draw = comprar uma carta da "reserva"
co-option-give = para { $whom }
co-option-recycle = reciclar
