# As constatações do `deckdsl check` em português (deckdsl/said.py: cada `said(chave, …)` do código tem aqui a
# sua mensagem, com os mesmos fatos).  Códigos, posições e os campos de JSON e SARIF continuam em inglês.
# Um campo que a mensagem nomeia (`$field`) chega dito por `field-<nome>`; `$key` é o que se escreve no arquivo.

field-type = tipo
field-rarity = raridade
field-value = valor
field-copies = cópias
field-cost = custo
field-action = ação
field-condition = condição
field-flavor = sabor
field-art = arte
field-text = texto
field-rank = valor
field-suit = naipe

did-you-mean = você quis dizer `{ $word }`?
one-of = { $field } é um de: { $values }
not-a-value = `{ $value }` não é { $field } de { $game }
card-lacks = `{ $card }` não tem { $field }
add-field = acrescente `{ $key }: …` ({ $values })
add-value = acrescente `value: N` (um inteiro, negativo permitido) ou `value: *` com uma definição de valor
unknown-field = as cartas não têm o campo `{ $key }`
addendum-unknown-card = o adendo nomeia `{ $card }`, que não é uma carta deste baralho
unknown-header-field = campo de cabeçalho desconhecido: `{ $key }`
header-fields-are = os campos do cabeçalho são { $fields }
as-game = como `game:`, faria todas as cartas serem lidas com o perfil de outro jogo
unknown-parameter = { $game } não tem o parâmetro de regra `{ $key }`
parameters-are = os parâmetros são { $keys }
unknown-zone = { $game } não tem zona chamada `{ $key }`
zones-are = as zonas são { $keys }
zone-shared = a zona { $zone } é compartilhada: não pertence a nenhum jogador
write-the-zone = escreva `the { $key }`
zone-whose = diga de quem é a zona { $zone }
write-whose-zone = escreva `your { $key }` ou `opponent's { $key }`
unknown-card = não há carta chamada `{ $card }` neste baralho
unknown-game = não há perfil de jogo chamado `{ $key }`
games-are = os jogos são: { $keys }; ou escreva `{ $key }.game` ao lado do baralho (docs/profiles.md)
the-fields-are = os campos são { $fields }
reads-not-either = o que vem depois de `{ $written }:` também não se lê como `{ $key }:`
so-card-lacks = por isso `{ $card }` fica sem { $field }
deck-size-over = o baralho tem { $total } cartas; baralhos de { $game } têm { $expected } ({ $count } a mais)
deck-size-under = o baralho tem { $total } cartas; baralhos de { $game } têm { $expected } ({ $count ->
        [one] falta { $count }
       *[other] faltam { $count }
    })
deck-size-help = mude `copies:` para que as cartas somem { $expected }
copies-here = { $copies } aqui
group-holds = o grupo tem { $cards }; mude `copies:` ou passe uma carta para outro grupo
group-add = acrescente { $count } { $count ->
        [one] carta
       *[other] cartas
    } com { $what }
group-none = nenhuma carta tem { $group }; { $game } exige { $expected }
group-over = { $group } tem { $found } { $found ->
        [0] cartas
        [one] carta
       *[other] cartas
    }; { $game } exige { $expected } ({ $count } a mais)
group-under = { $group } tem { $found } { $found ->
        [0] cartas
        [one] carta
       *[other] cartas
    }; { $game } exige { $expected } ({ $count ->
        [one] falta { $count }
       *[other] faltam { $count }
    })
incomplete-both = { $checks } { $checks ->
        [one] verificação pulada
       *[other] verificações puladas
    } e { $cards } { $cards ->
        [one] carta não julgada
       *[other] cartas não julgadas
    } por todas as verificações até que os erros acima sejam corrigidos
incomplete-skipped = { $checks } { $checks ->
        [one] verificação pulada
       *[other] verificações puladas
    } até que os erros acima sejam corrigidos
incomplete-unjudged = { $cards } { $cards ->
        [one] carta não julgada
       *[other] cartas não julgadas
    } por todas as verificações até que os erros acima sejam corrigidos
incomplete-blocks = { $blocks } { $blocks ->
        [one] bloco não verificado
       *[other] blocos não verificados
    } até que os erros acima sejam corrigidos
