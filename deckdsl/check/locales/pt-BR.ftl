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

## Janken Wars

priority-single = `{ $card }` é `discarded { $order }`, o que só importa contra `{ $other }`
priority-single-label = o único descarte de uma carta escolhida: `{ $other }`
priority-single-help = dê a `{ $card }` um efeito que funcione com várias cartas, ou acrescente outras cartas que façam um jogador descartar uma carta escolhida de um domínio
trigger-single = o gatilho de `{ $card }` só dispara por causa de `{ $other }`
trigger-single-label = o único descarte que o dispara: `{ $other }`
trigger-single-help = nada nas regras e nenhuma outra carta faz um jogador descartar o que este gatilho observa; faça `{ $card }` reagir a algo que várias cartas fazem
free-value = `{ $card }` vale { $value } pontos, { $above } a mais que { $limit }, sem nenhuma desvantagem que o compense
free-value-note = comparação: `{ $card }` com { $value } pontos, sem `cost:`, sem valor negativo e sem efeito que prejudique o dono, contra os { $limit } pontos do Origami Sublime do baralho padrão, que também não tem efeito
free-value-help = acrescente uma desvantagem como `cost: discard a card from your domain` (o exemplo do GDD), ou baixe o valor para { $limit }
names-a-card = `{ $card }` nomeia `{ $other }`: este efeito só funciona com essa carta
card-is-here = `{ $card }` está aqui
names-a-card-help = descreva as cartas pelo que elas são (`of type …`, `with value …`, uma zona) para que o efeito funcione com várias cartas do baralho

## Lendo o arquivo

unclosed-named = falta a chave de fechamento de { $kind } `{ $name }`, aberto em { $line }:{ $column }
unclosed-keyword = falta a chave de fechamento de `{ $kind }`, aberto em { $line }:{ $column }
unclosed-block = falta a chave de fechamento de um bloco aberto em { $line }:{ $column }
block-ends-here = o bloco deveria terminar aqui
add-brace = acrescente `{"}"}` no fim do bloco
unclosed-string = este texto não tem aspas de fechamento
unclosed-string-help = termine o texto com `"` na mesma linha
unknown-word = palavra desconhecida: `{ $word }`
