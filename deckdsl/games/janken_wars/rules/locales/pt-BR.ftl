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

## Listas ditas peça por peça

jw-either = { $first }, ou { $second }
jw-below = { $first } < { $rest }
jw-plus = +{ $amount }
jw-point = { $value } { $value ->
        [0] pontos
        [one] ponto
       *[other] pontos
    }
jw-points = { $value } { $value ->
        [0] pontos
        [one] ponto
       *[other] pontos
    }
jw-points-effects = { $points }, efeitos que valem { $effects }

## JW101 rarity-tracks-power

jw-rarity-power = o poder médio das cartas sobe com a raridade em { $climbing } de { $types } tipos: { $described }
jw-type-climbs = `{ $type }` { $means }
jw-rarity-mean = { $rarity } { $power }
jw-strongest = poder { $power }, a carta `{ $type }` de raridade { $rarity } mais forte
jw-rarity-power-help = a raridade deve dizer quão único é um efeito, não quão forte é a carta: fortaleça as cartas de raridade { $lowest }, ou torne as cartas de raridade { $highest } diferentes em vez de melhores

## JW102 complex-simple-card

jw-simple-complex = a carta simples `{ $card }` tem um efeito complexo: { $reasons }
jw-simple-too-long = seus efeitos têm { $total } partes, { $above } a mais que as { $limit } que uma carta simples pode ter
jw-simple-trigger = sua condição tem um gatilho (`whenever …`)
jw-simple-modifier = sua condição muda o valor de outras cartas
jw-simple-action-condition = ela tem ao mesmo tempo uma ação e uma condição
jw-simple-cost-condition = ela tem ao mesmo tempo um custo e uma condição
jw-simple-complex-help = torne `{ $card }` avançada ou especial, ou reduza o efeito a uma só ação ou condição curta (no máximo { $limit } partes, sem gatilho, sem modificador de valor)
jw-its-cost = o custo dela
jw-its-action = a ação dela
jw-its-condition = a condição dela

## JW103 plain-special-card

jw-special-plain = a carta especial `{ $card }` não tem efeito (nem custo, nem ação, nem condição)
jw-special-plain-point = a carta especial `{ $card }` não tem efeito (nem custo, nem ação, nem condição): ela só vale { $value } { $value ->
        [one] ponto
       *[other] pontos
    }
jw-special-plain-points = a carta especial `{ $card }` não tem efeito (nem custo, nem ação, nem condição): ela só vale { $value } { $value ->
        [0] pontos
        [one] ponto
       *[other] pontos
    }
jw-value-only = um valor e nada mais
jw-special-plain-help = torne `{ $card }` simples, como são as cartas sem efeito como `Origami Sublime`, ou dê a ela um efeito que traga uma reviravolta

## JW106 better-than-reference

jw-better-than-reference = `{ $card }` vale { $value } pontos e tem um efeito positivo sem desvantagem: é estritamente melhor que `{ $reference }` do baralho padrão ({ $reference-value } pontos, sem efeito)
jw-better-than-reference-about = `{ $card }` vale cerca de { $value } pontos (seu `value =` com zonas de tamanho típico) e tem um efeito positivo sem desvantagem: é estritamente melhor que `{ $reference }` do baralho padrão ({ $reference-value } pontos, sem efeito)
jw-helps-owner = ajuda o dono: vale +{ $amount } { $amount ->
        [one] ponto
       *[other] pontos
    }
jw-better-than-reference-note = comparação: `{ $card }` com { $value } pontos e efeitos que valem { $effects }, sem `cost:` e sem efeito que prejudique o dono, contra `{ $reference }` com { $reference-value } pontos e nenhum efeito (`deckdsl explain` mostra quanto vale cada efeito)
jw-better-than-reference-help = baixe o valor para menos de { $reference-value }, ou dê a ela uma desvantagem: um `cost:` como `discard a card from your domain`, ou um efeito que prejudique o dono

## JW107 dominated-card

jw-dominated = `{ $card }` ({ $worth }) é dominada por `{ $other }` ({ $other-worth }), que não tem nenhuma desvantagem que falte a `{ $card }`
jw-dominated-by-many = `{ $card }` ({ $worth }) é dominada por `{ $other }` ({ $other-worth }) e por mais { $others } { $others ->
        [one] carta
       *[other] cartas
    } do seu tipo, nenhuma delas com uma desvantagem que falte a `{ $card }`
jw-dominates = domina `{ $card }`: { $worth }
jw-dominated-note = comparação: `{ $other }` com { $other-points } e efeitos que valem { $other-effects }, contra `{ $card }` com { $points } e { $effects }; { $drawbacks } (`deckdsl explain` mostra quanto vale cada efeito)
jw-only-card-drawback = `{ $card }` tem uma desvantagem e `{ $other }` nenhuma
jw-both-drawback = as duas têm uma desvantagem
jw-neither-drawback = nenhuma das duas tem desvantagem
jw-dominated-rarity = `{ $other }` é de raridade { $other-rarity } e `{ $card }` de raridade { $rarity }: foram comparadas mesmo assim, pois o GDD pede que a raridade não seja um nível de poder ("Sempre evite tratar raridade ... como nível de poder")
jw-dominated-help = dê a `{ $card }` algo que falte a `{ $other }` (mais pontos, um efeito mais forte ou diferente), dê uma desvantagem a `{ $other }`, ou corte `{ $card }`

## JW109 long-effect

jw-long-effect = os efeitos de `{ $card }` têm { $total } partes, mais do que poucas palavras conseguem dizer (o limite é { $limit })
jw-more-here = mais { $count } aqui
jw-long-cost = só o custo tem { $count } partes; mantenha o passo que conta a história da carta e corte ou mova o resto (o mais longo do baralho padrão, `Estátua de Sucata`, tem 6)
jw-long-action = só a ação tem { $count } partes; mantenha o passo que conta a história da carta e corte ou mova o resto (o mais longo do baralho padrão, `Estátua de Sucata`, tem 6)
jw-long-condition = só a condição tem { $count } partes; mantenha o passo que conta a história da carta e corte ou mova o resto (o mais longo do baralho padrão, `Estátua de Sucata`, tem 6)

## JW110 action-and-condition

jw-both-action = `{ $card }` tem ao mesmo tempo uma ação e uma condição
jw-both-cost = `{ $card }` tem ao mesmo tempo um custo e uma condição
jw-both-action-cost = `{ $card }` tem ao mesmo tempo uma ação, um custo e uma condição
jw-action-once = a ação acontece uma vez, quando a carta é ganha
jw-cost-once = o custo é pago uma vez, quando a carta é ganha
jw-keep-action = fique ou com o que acontece uma vez (a ação) ou com o que vale o tempo todo (a condição), e dê à outra parte uma carta própria
jw-keep-cost = fique ou com o que acontece uma vez (o custo) ou com o que vale o tempo todo (a condição), e dê à outra parte uma carta própria
jw-keep-action-cost = fique ou com o que acontece uma vez (a ação e o custo) ou com o que vale o tempo todo (a condição), e dê à outra parte uma carta própria

## JW111 name-shape

jw-name-connectors = o nome `{ $card }` só tem conectivos, e não um substantivo e um adjetivo
jw-name-one-word = o nome `{ $card }` tem uma palavra só, e não um substantivo e um adjetivo
jw-name-words = o nome `{ $card }` tem { $count } palavras, e não um substantivo e um adjetivo
jw-name-help = dê o nome do objeto do dia a dia e uma qualidade dele, como `Origami Sublime` ou `Joia Cobiçada` (conectivos como `de` não contam: `Kit de Ferramentas`)

## JW112 paper-value

jw-paper-value = as cartas do tipo paper valem em média { NUMBER($paper, minimumFractionDigits: 2, maximumFractionDigits: 2) } pontos, menos que as do tipo { $best } ({ $means })
jw-type-mean = { $type } { NUMBER($mean, minimumFractionDigits: 2, maximumFractionDigits: 2) }
jw-paper-value-help = as cartas paper do GDD são as que valem mais (o baralho padrão: paper 3,17, rock 2,33, scissors 0,83); aumente os valores das cartas paper ou baixe os das outras

## JW114 needless-order

jw-no-order-effect = `{ $card }` não tem nenhum efeito cuja ordem possa importar (um modificador de valor, um valor que lê outros valores, um gatilho ou uma prioridade de descarte), então o lugar dela na ordem não muda nada
jw-remove-from-order = tire `"{ $card }"` do `order:`
jw-needless-order = a ordem de { $cards } e { $last } não muda nada: { $reason }
jw-remove-order = remova este `order:` (ou o adendo, se ele não diz mais nada)
jw-never-together = os efeitos delas nunca se aplicam no mesmo momento (cada tipo de efeito só é ordenado com o seu próprio tipo)
jw-never-same-card = eles nunca se aplicam à mesma carta
jw-adding-commutes = somar e subtrair dão o mesmo resultado em qualquer ordem
jw-multiplying-commutes = multiplicar dá o mesmo resultado em qualquer ordem
jw-set-same = eles definem o mesmo número
jw-no-value-differs = nenhum valor de carta que o verificador testou termina diferente na outra ordem
jw-no-shared-event = nenhum evento dispara os dois gatilhos
jw-no-choosing-discard = nenhum descarte do baralho escolhe entre as cartas de um domínio
jw-no-situation-differs = nenhuma situação que o verificador testou termina diferente na outra ordem

## JW115 star-gain

jw-gives-you = `{ $card }` dá a você { $amount } { $amount ->
        [0] estrelas
        [one] estrela
       *[other] estrelas
    }
jw-gives-you-stars = `{ $card }` dá estrelas a você
jw-gives-opponent = `{ $card }` dá ao oponente { $amount } { $amount ->
        [0] estrelas
        [one] estrela
       *[other] estrelas
    }
jw-gives-opponent-stars = `{ $card }` dá estrelas ao oponente
jw-star-help-cost = uma estrela pula a construção de um domínio que vale { $cost } pontos, então provavelmente é desequilibrada ou sem graça; dê pontos ou cartas no lugar, ou teste a carta em jogo e fique com ela
jw-star-help = uma estrela pula a construção de um domínio, então provavelmente é desequilibrada ou sem graça; dê pontos ou cartas no lugar, ou teste a carta em jogo e fique com ela

## JW116 low-star-cost

jw-low-star-cost = as estrelas custam { $value } { $value ->
        [one] ponto
       *[other] pontos
    }, abaixo dos { $standard } do GDD: nos testes de jogo dele, a 6 pontos um domínio raramente passava de 3 cartas
jw-low-star-cost-help = use `star_cost: { $standard }`, ou teste de propósito o jogo mais rápido

## JW120 few-advanced-on-table

jw-table-of = uma mesa de { $table } { $table ->
        [one] carta
       *[other] cartas
    }
jw-advanced-on-table = uma mesa recém-distribuída de { $table } { $table ->
        [one] carta
       *[other] cartas
    } tem uma carta avançada em { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) }% das distribuições ({ $advanced } { $advanced ->
        [one] carta avançada
       *[other] cartas avançadas
    } de { $deck }: 1 − C({ $rest },{ $dealt })/C({ $deck },{ $dealt })), menos que duas em três
jw-no-advanced = { $deck ->
        [1] a única carta do baralho não é avançada
       *[other] nenhuma das { $deck } cartas do baralho é avançada
    }: uma mesa recém-distribuída nunca tem uma
jw-advanced-copies = com { $needed } { $needed ->
        [one] cópia avançada
       *[other] cópias avançadas
    } de { $deck }, a chance chegaria a { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) }% ({ $more } a mais, no lugar de simples ou especiais)
jw-advanced-table = com uma mesa de { $table } cartas (`table_size: { $table }`), a chance chegaria a { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
jw-advanced-no-way = nenhum baralho deste tamanho chega lá
jw-advanced-help = para ter uma carta avançada na maioria das mesas (o "em geral" do GDD, lido como duas em três): { $how }

## JW121 hoarding-incentive

jw-hoarding = `{ $card }` diminui o valor das cartas do oponente só enquanto fica no seu domínio: trocar o domínio por estrelas a descartaria, então vale a pena manter o domínio
jw-hoarding-note = os testes de jogo do GDD encontraram isto no antigo Rolo Compressor: acumular um domínio para trocá-lo por todas as estrelas de uma vez vencia pegar estrelas cedo ("Acúmulo de Domínio")
jw-hoarding-help = faça dela uma `action:` de uma vez só (como o Rolo Compressor do GDD passou a ser), ou faça o efeito acabar quando tiver funcionado

## O que `play` e `simulate` anunciam: como o motor ordena efeitos que nenhum adendo ordena

jw-played-modifiers = com `{ $card }` primeiro (definir, depois multiplicar, depois somar ou subtrair; empates na ordem do baralho)
jw-played-triggers = com `{ $card }` primeiro (ordem do baralho)
jw-played-values = sem nenhum primeiro (cada valor conta o outro como ele fica sem o primeiro)
jw-played-priorities = deixando quem escolhe a carta a descartar decidir entre elas

## Evidências (`--evidence`)

jw-evidence = evidência ({ $verdict }): em { NUMBER($games, useGrouping: "true") } partidas pareadas ({ $first } contra { $second }, semente { $seed }), { $arms }: { $difference } [{ $low }, { $high }]
jw-confirmed = confirmada
jw-contradicted = contradita
jw-unconfirmed = não confirmada
jw-evidence-gift = um jogador que recebeu `{ $better }` venceu { NUMBER($first, minimumFractionDigits: 1, maximumFractionDigits: 1) }%, um que recebeu `{ $worse }`, { NUMBER($second, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
jw-evidence-hoarding = acumular venceu { NUMBER($with-it, minimumFractionDigits: 1, maximumFractionDigits: 1) }% das partidas com a condição de `{ $card }` e { NUMBER($without, minimumFractionDigits: 1, maximumFractionDigits: 1) }% sem ela
jw-pp-plus = +{ NUMBER($points, minimumFractionDigits: 1, maximumFractionDigits: 1) } p.p.
jw-pp = { NUMBER($points, minimumFractionDigits: 1, maximumFractionDigits: 1) } p.p.
jw-evidence-not-played = evidência: não jogada — { $error }

## O que vale um efeito, segundo o modelo (`deckdsl explain`)

jw-worth-gain = { $count } { $count ->
        [one] carta
       *[other] cartas
    } × { $points } { $points ->
        [one] ponto
       *[other] pontos
    } cada (uma carta ganha, medido)
jw-worth-gain-taken = { $gain }, do domínio do outro jogador: a perda dele ({ $loss } por carta) também conta
jw-worth-for-opponent = { $reason }, para o oponente
jw-worth-gain-stars = { $stars } { $stars ->
        [one] estrela
       *[other] estrelas
    } × { $points } { $points ->
        [one] ponto
       *[other] pontos
    } (o preço de uma estrela)
jw-worth-lose-stars = { $stars } { $stars ->
        [one] estrela perdida
       *[other] estrelas perdidas
    } × { $points } { $points ->
        [one] ponto
       *[other] pontos
    }
jw-worth-removal-nobody = cartas sem dono saem de jogo: neutro
jw-worth-removal-table = uma carta da mesa que quem escolhe pega sai de jogo: um pouco de controle (0,5)
jw-worth-removal-yours = { $count } { $count ->
        [one] carta
       *[other] cartas
    } do seu domínio × { $points } { $points ->
        [one] ponto
       *[other] pontos
    } cada (uma carta perdida, medido)
jw-worth-removal-theirs = { $count } { $count ->
        [one] carta
       *[other] cartas
    } do domínio do oponente × { $points } { $points ->
        [one] ponto
       *[other] pontos
    } cada (uma carta perdida, medido)
jw-worth-swap = uma troca vale a diferença entre as duas cartas: contada como neutra (o jogo a mede)
jw-worth-cancel = cancelar uma ação: 1 ponto fixo
jw-worth-optional = opcional: quem o executa fica só com o lado bom
jw-worth-conditional = só acontece às vezes: metade do que o passo vale
jw-worth-value-definition = define o valor da carta (contado como o seu valor, não como um efeito)
jw-worth-add = +{ $amount }
jw-worth-subtract = -{ $amount }
jw-worth-multiply = ×{ $amount } de uma carta de { $points } { $points ->
        [one] ponto
       *[other] pontos
    }
jw-worth-set = fixado em { $amount } em vez de { $value }
jw-worth-modifier = { $change } em { $count } { $count ->
        [one] carta
       *[other] cartas
    }
jw-worth-modifier-yours = { $change } em { $count } { $count ->
        [one] carta
       *[other] cartas
    }, nas suas cartas
jw-worth-modifier-theirs = { $change } em { $count } { $count ->
        [one] carta
       *[other] cartas
    }, nas cartas do oponente (a perda dele é o seu ganho)
jw-worth-discard-priority = uma prioridade de descarte protege ou guarda uma carta: 0,5 fixo
jw-worth-trigger = cada vez que o seu evento acontece: a soma dos seus passos, contada uma vez
jw-worth-table = mesa: { $figure }
