# A tela de Rainhas contra Reis (deckdsl/games/queens_vs_kings/engine.py) no `deckdsl play`, em português.
# Os jogadores são numerados a partir de 1, como na tela da mesa (deckdsl/games/locales/pt-BR.ftl).

qvk-play = jogar { $card }
qvk-discard = descartar { $card }
qvk-pass = passar
qvk-you = Você joga com as { $colour ->
        [red] vermelhas
       *[black] pretas
    } (Jogador { $seat }).
qvk-skirmish = Escaramuça { $number } de { $of }. { $phase ->
        [discard-extra] Descarte do baralho extra
        [discard-main] Descarte do baralho principal
        [play] Jogadas
       *[over] A partida terminou
    }.
qvk-hand = Sua mão: { $cards }.
qvk-discarded = Seus descartes: { $cards }.
qvk-piles = Seus baralhos: principal { $main }, extra { $extra }; os do adversário { $omain } e { $oextra }.
# CLDR counts 0 as `one` in Portuguese: «nenhuma» says it.
qvk-opponent = O adversário tem { $count ->
        [0] nenhuma carta
        [one] { $count } carta
       *[other] { $count } cartas
    } na mão{ $extra ->
        [0] {""}
       *[other] {" "}({ $extra } do baralho extra)
    }, { $discarded ->
        [0] nenhuma descartada
        [one] { $discarded } descartada
       *[other] { $discarded } descartadas
    }.
qvk-table = Mesa: { $cards }.
qvk-mine = { $card } [sua]
qvk-theirs = { $card } [do adversário]
qvk-top = { $card } (no topo)
qvk-won = Ganhas: você — { $mine } (mana { $m }); o adversário — { $theirs } (mana { $t }).
qvk-turn-mine = Sua vez.
qvk-turn-theirs = Vez do adversário.
qvk-none = nada
qvk-result = Resultado: mana { $m } contra { $t }.
qvk-passed = O adversário passou.

# A move of the other player, as this one sees it (a discard is face down).
qvk-did-play = jogou { $card }
qvk-did-discard = descartou uma carta
qvk-did-pass = passou
