# As constatações das diretrizes de Janken Wars em português (deckdsl/said.py).

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
