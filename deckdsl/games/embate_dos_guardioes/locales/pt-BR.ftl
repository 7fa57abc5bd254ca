# A tela do Embate dos Guardiões (deckdsl/games/embate_dos_guardioes/engine.py) no `deckdsl play`.  Os
# jogadores são numerados a partir de 1; as posições da mesa são letras (A, B, …), para não se confundirem
# com os números do menu.  `em-<tipo>` conta um acontecimento público do histórico.

em-took-place = Jogador { $seat } pegou a carta da posição { $place }.
em-chose-first = Jogador { $seat } escolheu a carta da posição { $place } como primeiro guardião.
em-center-laid = A carta da posição { $place } fica no centro da batalha, virada para baixo.
em-second-down = Jogador { $seat } colocou o segundo guardião virado para baixo.
em-center-shown = A carta central é revelada: { $card }.
em-played-down = Jogador { $seat } colocou uma carta virada para baixo.
em-pile-built = Jogador { $seat } montou seu monte de ordens de ataque.
em-picked = Jogador { $seat } escolheu uma carta da mão do oponente.
em-swapped = As cartas escolhidas trocam de mão.
em-took-from-hand = Jogador { $seat } pegou a { $number }ª carta da mão do oponente.
em-clash = Embate central: Jogador 1 revela { $first }, Jogador 2 revela { $second }; Jogador { $high } domina a carta central.
em-duel = Duelo: Jogador 1 revela { $first }, Jogador 2 revela { $second }; Jogador { $high } fica com o par.
em-sums = Somas: Jogador 1 { $one }, Jogador 2 { $two }; Jogador { $attacker } ataca.
em-all-taken = Jogador { $attacker } domina todas as cartas do adversário e vence.
em-defends = Jogador { $defender } defende e revela o { $which ->
        [second] segundo
       *[first] primeiro
    } guardião: { $card } (soma { $mine } contra { $theirs }).
em-full-defense = Jogador { $defender } para o ataque com os dois guardiões e vence.
em-counter = Jogador { $defender } para o ataque e contra-ataca.
em-end-bluffed = No fim, todas as cartas são viradas: { $both ->
        [yes] os dois jogadores blefaram
       *[no] Jogador { $seat } blefou
    }.
em-both-bluffed-on = Os dois jogadores blefaram: a partida segue.
em-both-caught = Os dois jogadores blefaram e foram descobertos: empate.
em-caught = Jogador { $seat } blefou, foi descoberto e perde a partida.

em-describe-draft = pegar a carta virada para baixo da posição { $place }
em-describe-first = escolher a carta da posição { $place } como primeiro guardião
em-describe-negotiate = pegar a { $number }ª carta da mão do oponente, sem ver o valor
em-describe-second = escolher { $card } como segundo guardião, virado para baixo{ $bluff ->
        [yes] {" "}(carta imprópria: blefe)
       *[no] {""}
    }
em-describe-clash = jogar { $card } virada para baixo{ $bluff ->
        [yes] {" "}(carta imprópria: blefe)
       *[no] {""}
    }
em-describe-order = pôr { $card } como { $number }ª ordem de ataque
em-nothing = nada

em-title = Embate dos Guardiões — você é o Jogador { $seat }.
em-parity = Par ou ímpar: { $won ->
        [yes] você venceu
       *[no] o oponente venceu
    }.
em-phase = Fase: { $phase ->
        [draft] preparação: escolha das cartas
        [guardian1] preparação: escolha do primeiro guardião
        [negotiate] negociação de cartas
        [guardian2] escolha do segundo guardião
        [clash] embate com a carta central
        [order] duelo por ordens de ação
       *[over] partida encerrada
    }.
em-result = Resultado: { $result ->
        [draw] empate
        [won] você venceu
       *[lost] você perdeu
    } ({ $reason ->
        [ataque] ataque
        [defesa] defesa
        [blefe] blefe descoberto
       *[blefe-fim] blefe descoberto no fim
    }).
em-your-turn = Sua vez.
em-their-turn = Vez do oponente.
em-table = Mesa: { $count ->
        [one] carta virada para baixo na posição
       *[other] cartas viradas para baixo nas posições
    } { $places }.
em-center = Carta central: { $shown ->
        [yes] { $card }
       *[no] virada para baixo
    }.
em-hand = Sua mão: { $cards }.
em-none = nenhuma
em-guardian-unchosen = ainda não escolhido
em-guardian-down = virado para baixo
em-guardian-shown = { $card } (revelado)
em-guardian-down-known = { $card } (virado para baixo)
em-guardians-mine = Seu primeiro guardião: { $first }; seu segundo guardião: { $second }.
em-guardians-theirs = O oponente tem { $count ->
        [0] nenhuma carta
        [one] { $count } carta
       *[other] { $count } cartas
    } na mão; primeiro guardião: { $first }; segundo guardião: { $second }.
em-took-mine = Na negociação você pegou { $card } do oponente.
em-took-theirs = Na negociação o oponente pegou { $card } de você.
em-chose-mine = Você escolheu a { $number }ª carta da mão do oponente.
em-played-mine = Você jogou { $card } virada para baixo.
em-their-choice = O oponente já fez sua escolha, virada para baixo.
em-pile-item = { $number }ª { $card }
em-pile = Seu monte: { $cards }.
em-their-pile = O oponente já montou seu monte de ordens de ataque.
em-dominates = { $who ->
        [you] Você domina
       *[opponent] O oponente domina
    }: { $cards } (soma { $total }).
em-history = Histórico:
