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
not-a-value = `{ $value }` não existe como { $field } em { $game }
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
zone-shared = a zona `{ $zone }` é compartilhada: não pertence a nenhum jogador
write-the-zone = escreva `the { $key }`
zone-whose = diga de quem é a zona `{ $zone }`
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

## deckdsl/check/cards.py, semantics.py: o cabeçalho, os campos das cartas e os efeitos (DK1xx)

check-no-header = o arquivo não tem cabeçalho `deck`; ele é verificado como um baralho de Janken Wars
check-no-header-help = comece o arquivo com `deck "Title" {"{"} game: janken-wars {"}"}`
check-parameter-choices = `{ $key }` deve ser um de { $choices }, não `{ $value }`
check-parameter-range = `{ $key }` deve ser um número entre { $min } e { $max }, não `{ $value }`
check-parameter-is = { $key }: { $description } (padrão: { $default })
check-copies-too-few = `{ $card }` tem { $count } { $count ->
        [0] cópias
        [one] cópia
       *[other] cópias
    }; uma carta precisa de pelo menos 1
check-remove-card = em vez disso, remova a carta
check-star-undefined = `{ $card }` vale `*`, mas a condição dela não diz quanto
check-star-undefined-help = acrescente `condition: value = …`, por exemplo `condition: value = count(your domain)`
check-star-needed = `{ $card }` define o próprio valor na condição, então o valor dela deve ser `*`
check-value-written-here = valor escrito aqui
check-write-star = escreva `value: *`
check-value-twice = `{ $card }` define o próprio valor duas vezes
check-first-definition = primeira definição
check-keep-one-value = mantenha um só `value = …`
check-field-twice = o campo `{ $key }` está escrito duas vezes em `{ $card }`
check-duplicate-card = duas cartas se chamam `{ $card }`
check-first-one = a primeira
check-duplicate-card-help = dê a cada carta um nome próprio, ou aumente o `copies:` da primeira
check-invisible-difference = `{ $card }` parece igual a `{ $first }`: diferem só por { $chars }
check-looks-the-same = impresso igual a este
check-invisible-difference-help = quem lê não distingue os dois, e um efeito que nomeia um pode ter sido escrito para o outro: dê a cada carta um nome com cara própria
check-order-twice = `{ $card }` aparece duas vezes nesta ordem
check-first-here = primeiro aqui
check-type-number = um número
check-type-fraction = uma fração
check-type-cards = um conjunto de cartas
check-must-be = { $role } deve ser { $wanted }, mas isto é { $got }
check-fraction = { $role } deve ser um número inteiro, mas esta divisão pode deixar uma fração
check-round-it = arredonde: `ceil(…)` arredonda para cima, `floor(…)` para baixo
check-count-them = conte-as com `count(…)`, ou some os valores delas com `total(…)`
check-op-cards = `{ $op }` precisa de números dos dois lados, mas isto é um conjunto de cartas
check-division-by-zero = divisão por zero
check-negate-cards = `-` precisa de um número, mas isto é um conjunto de cartas
check-rounds-cards = `{ $name }` arredonda um número, mas isto é um conjunto de cartas
check-role-argument = o argumento de `{ $name }`
check-role-compared = o que se compara
check-role-compared-value = o valor comparado
check-role-gained = o que se ganha
check-role-stars = o número de estrelas
check-role-discarded = o que se descarta
check-role-swapped = o que se troca
check-role-swapped-with = aquilo pelo que se troca
check-role-bottom = o que vai para o fundo do baralho
check-role-cancelled = a carta cuja ação é cancelada
check-role-value = o valor
check-role-modified = o que se modifica
check-role-modifier = o modificador
check-it-no-trigger = `it` é a carta do evento de um gatilho, e aqui não há gatilho
check-it-help = use `it` dentro de `whenever …: …`; em outros lugares, nomeie a carta: `this`, `a card from the table` …
check-its-action-no-trigger = `its action` é a ação da carta de um gatilho, e aqui não há gatilho
check-cancel-help = escreva `cancel the action of …`
check-pick-at-least-one = uma seleção deve escolher pelo menos uma carta
check-top-at-least-one = pegue pelo menos a carta do topo do baralho
check-continuous-choice = um efeito contínuo não pode escolher cartas: ele se aplica a toda carta que corresponda
check-continuous-help = em vez disso, descreva as cartas, como `other cards in your domain`
check-entry-choice = as cartas escolhidas quando esta carta entra num domínio devem ser uma escolha: diga quantas
check-entry-choice-help = escreva `another card in your domain`, `a card of type pedra in your domain` …

## deckdsl/check/vocabulary.py: o que o jogo do baralho joga (DK124)

check-field-not-played = { $game } não joga o campo `{ $key }:` de uma carta: o motor do jogo o ignoraria em `{ $card }`
check-effect-not-played = { $game } não joga este efeito ({ $kind }) em `{ $key }:`: o motor do jogo o ignoraria
check-no-effects-played = as cartas de { $game } não têm efeitos: o motor do jogo lê só os atributos delas ({ $attributes }) e as cópias; remova o campo, ou escreva as palavras que não são regras como `flavor:`
check-effects-played = { $game } joga os campos { $fields }, com estes efeitos: { $nodes }
check-none = nenhum

## deckdsl/check/suppress.py: `# deckdsl: allow` sem uso (DK130)

check-not-a-code = `{ $code }` não é um código do deckdsl
check-rules-lists-codes = `deckdsl rules` lista os códigos
check-suppresses-nothing = esta supressão de `{ $code }` não suprime nada
check-remove-suppression = remova-a: a constatação para a qual ela servia já não existe
check-remove-comment = remova o comentário de supressão sem uso
check-remove-code = remova `{ $code }` do comentário de supressão

## deckdsl/check/art.py, pictures.py: as imagens das cartas (DK301, DK302, DK310)

check-image-missing = a imagem `{ $path }` não existe; a carta é impressa sem ela
check-the-path = confira o caminho, relativo ao arquivo do baralho
check-render-refuses = a renderização recusa `{ $path }`: um baralho só pode usar arquivos dentro da própria pasta
check-image-next-to-deck = ponha a imagem ao lado do arquivo do baralho e use um caminho relativo
check-over-pixels = mais de { NUMBER($count, useGrouping: "true") } pixels
check-picture-size = { $width }×{ $height } px
check-picture-too-large = a imagem `{ $path }` tem { $size }, acima do que qualquer carta impressa precisa (no máximo { NUMBER($limit, useGrouping: "true") } pixels); ela não é lida
check-scale-it-down = reduza-a ao tamanho da carta na resolução em que você imprime: uma carta de pôquer com a sangria tem 1642×2242 px a 600 dpi

## deckdsl/check/style.py: o bloco `print` (DK308, DK301)

check-print-twice = `{ $key }` está definido duas vezes no bloco `print`
check-keep-one = mantenha um: o último venceria sem aviso
check-print-unknown = `{ $key }` não é uma configuração do bloco `print`
check-print-settings-are = as configurações são { $keys } (docs/print.md)
check-print-one-of = `{ $key }` aceita um de { $values }
check-write-for-example = escreva, por exemplo, `{ $code }`
check-print-table = `{ $key }` aceita uma tabela, com uma entrada por valor
check-print-table-help = escreva, por exemplo, `{ $key }: {"{"} { $example }: … {"}"}` numa linha só
check-print-not-a-value = `{ $value }` não é um valor de `{ $key }`
check-print-values-are = os valores são { $values }
check-print-sample = por exemplo `{ $code }`
check-print-entry-twice = `{ $value }` aparece duas vezes em `{ $key }`
check-file-font = fonte
check-file-picture = imagem
check-print-file = `{ $key }` aceita o caminho de um arquivo de { $what }, entre aspas
check-or = { $first } ou { $second }
check-print-file-type = `{ $path }` não é um arquivo de { $what } que o deckdsl consiga imprimir
check-use-a-file = use um arquivo { $types }
check-copy-next-to-deck = copie o arquivo para junto do baralho e escreva o caminho dele relativo ao baralho
check-print-file-outside = `{ $key }` deve ser um arquivo dentro da pasta do baralho, não `{ $path }`
check-outside-folder = `{ $path }` está fora da pasta do baralho
check-print-file-missing = o arquivo de { $what } `{ $path }` não existe
check-path-from-folder = confira o caminho: ele é relativo à pasta do arquivo do baralho
check-print-show = `show` aceita uma lista de atributos, `[type, rarity]` (`[]` não mostra nenhum)
check-print-not-attribute = `{ $key }` não é um atributo do jogo
check-attributes-are = os atributos são { $keys }
check-not-a-colour = `{ $value }` não é uma cor: escreva `#rrggbb` (entre aspas: `#` começa um comentário)
check-rarity-mark = uma marca de raridade tem de 1 a { $count } caracteres, entre aspas

## deckdsl/check/coverage.py: o que não foi lido, e por isso não foi julgado (DK131)

check-header-lost = o cabeçalho `deck` não pôde ser lido, então o jogo e os parâmetros de regra dele são desconhecidos
check-addenda-lost = { $count } { $count ->
        [one] bloco de adendo não pôde ser lido
       *[other] blocos de adendo não puderam ser lidos
    }
check-header-errors = o cabeçalho `deck` tem erros, então os parâmetros de regra dele podem não ser os pretendidos
check-cards-lost = { $count } { $count ->
        [one] bloco de carta não pôde ser lido
       *[other] blocos de carta não puderam ser lidos
    }
check-fields-lost = alguns campos de { $cards } não puderam ser lidos
check-skipped = verificações puladas, { $codes }: { $reason }
check-not-judged = `{ $card }`: sem leitura de { $fields }, por isso a carta não foi julgada por { $codes }
check-card-partly-read = `{ $card }`: não lida por completo
check-this-deck = este baralho
check-more-places = e mais { $count } { $count ->
        [one] lugar não lido
       *[other] lugares não lidos
    } (os erros acima listam todos)
check-lost-named-card = a carta `{ $card }` não pôde ser lida
check-lost-header = o cabeçalho `deck` não pôde ser lido
check-lost-card = esta carta não pôde ser lida
check-lost-addendum = este adendo não pôde ser lido
check-lost-block = este bloco não pôde ser lido

## deckdsl/check/lists.py: listas

check-and = { $first } e { $second }
check-comma = { $first }, { $second }
check-semicolon = { $first }; { $second }

## deckdsl/check/rules/: as contagens do baralho (DK201, DK202)

check-change-copies = mude o `copies:` de `{ $card }` de { $old } para { $new }
check-written-derived = { $key }: { $values }

## deckdsl/check/hazards/order.py: ordens contraditórias (DK123)

check-earlier-line = uma linha anterior deste adendo
check-addendum-titled = o adendo "{ $title }"
check-addenda-titled = os adendos { $titles }
check-order-contradicts = esta ordem põe `{ $first }` antes de `{ $second }`, mas { $where } { $count ->
        [one] põe
       *[other] põem
    } `{ $second }` antes de `{ $first }`
check-order-contradicts-through = esta ordem põe `{ $first }` antes de `{ $second }`, mas { $where } { $count ->
        [one] põe
       *[other] põem
    } `{ $second }` antes de `{ $first }` (passando por { $through })
check-addendum-puts = o adendo "{ $title }" põe `{ $first }` antes de `{ $second }`
check-keep-one-order = mantenha uma só ordem para estas cartas: apague uma das linhas, ou escreva a ordem que você quer num só adendo (enquanto isso, o deckdsl segue a primeira)

## deckdsl/check/hazards/findings.py: efeitos cuja ordem importa (JW113, JW117, JW118, JW119)

check-hazard-others = (e mais { $count } { $count ->
        [one] carta
       *[other] cartas
    })
check-hazard-priorities = `{ $first }` e `{ $second }` são ambas `discarded { $order }`, e nenhum adendo diz qual é descartada primeiro { $more }
check-hazard-modifiers = { $first } e { $second } podem mudar o valor da mesma carta, e nenhum adendo diz qual se aplica primeiro { $more }
check-hazard-triggers = { $first } e { $second } são disparadas pelo mesmo evento, e nenhum adendo diz qual se resolve primeiro { $more }
check-hazard-values = { $first } e { $second } têm valores que leem um ao outro, e nenhum adendo diz qual se calcula primeiro { $more }
check-hazard-help = acrescente um adendo que as ordene: `{ $code }` (ou ao contrário, se é isso que o baralho quer)
check-hazard-fix-engine = acrescente um adendo com `{ $code }`, a ordem em que o deckdsl as joga por padrão
check-hazard-fix-file = acrescente um adendo com `{ $code }`, a ordem do arquivo do baralho
check-modifier-of = o modificador de `{ $card }`
check-value-of = o valor de `{ $card }`
check-trigger-of = o gatilho de `{ $card }`
check-priority-of = a prioridade de descarte de `{ $card }`

## deckdsl/check/hazards/describe.py: a situação em que a ordem muda o resultado

check-situation = { $setting }: { $orders }
check-orders = `{ $first }` primeiro → { $one }; `{ $second }` primeiro → { $other }
check-orders-worth = `{ $first }` primeiro → { $what } vale { $one }; `{ $second }` primeiro → { $other }
check-valued = { $what } { $value }
check-each = cada { $what }
check-each-brinde = cada Brinde
check-the-brinde = o Brinde
check-brindes-each = { $count } Brindes (1 cada)
check-a-brinde-worth = um Brinde (1)
check-a-brinde = um Brinde
check-times = { $what } ×{ $count }
check-zone-holds = { $place } há { $cards }
check-stars-left = { $count } { $count ->
        [one] estrela resta
       *[other] estrelas restam
    } na reserva
check-no-star-left = nenhuma estrela resta na reserva
check-you-hold-stars = você tem { $count } { $count ->
        [one] estrela
       *[other] estrelas
    }
check-you-hold-no-star = você não tem estrela
check-opponent-holds-stars = o oponente tem { $count } { $count ->
        [one] estrela
       *[other] estrelas
    }
check-opponent-holds-no-star = o oponente não tem estrela
check-you-win-dispute = você vence uma disputa com { $throw } contra { $against }
check-opponent-wins-dispute = o oponente vence uma disputa com { $throw } contra { $against }
check-makes-you-discard = `{ $card }` faz você descartar uma carta desse domínio
check-makes-opponent-discard = `{ $card }` faz o oponente descartar uma carta desse domínio
check-you-discard = você descarta { $what } { $origin }
check-opponent-discards = o oponente descarta { $what } { $origin }
check-you-take = você pega { $what } da mesa
check-opponent-takes = o oponente pega { $what } da mesa
check-you-win-brinde = você ganha um Brinde
check-opponent-wins-brinde = o oponente ganha um Brinde
check-you-gain = você ganha { $what } { $origin }
check-opponent-gains = o oponente ganha { $what } { $origin }
check-never-stop = os efeitos nunca param de disparar uns aos outros
check-nowhere = em lugar nenhum
check-stays = { $what } fica { $places }
check-ends = { $what } termina { $places }
check-action-cancelled = a ação de `{ $card }` é cancelada
check-action-not-cancelled = a ação de `{ $card }` não é cancelada
check-nothing-changes = nada muda
check-can-end-with = pode terminar assim: { $what }
check-at-bottom = no fundo do baralho
check-in-zone = em { $zone }
check-from-zone = de { $zone }
check-zone-yours = seu { $key }
check-zone-opponents = { $key } do oponente
check-zone-deck = o baralho
check-in-deck = no baralho
check-from-deck = do baralho
check-zone-table = a mesa
check-on-table = na mesa
check-from-table = da mesa
check-zone-supply = a reserva
check-in-supply = na reserva
check-from-supply = da reserva
check-zone-your-hand = sua mão
check-in-your-hand = na sua mão
check-from-your-hand = da sua mão
check-zone-opponent-hand = a mão do oponente
check-in-opponent-hand = na mão do oponente
check-from-opponent-hand = da mão do oponente
check-zone-your-domain = seu domínio
check-in-your-domain = no seu domínio
check-from-your-domain = do seu domínio
check-zone-opponent-domain = o domínio do oponente
check-in-opponent-domain = no domínio do oponente
check-from-opponent-domain = do domínio do oponente
check-zone-your-discard = sua pilha de descarte
check-in-your-discard = na sua pilha de descarte
check-from-your-discard = da sua pilha de descarte
check-zone-opponent-discard = a pilha de descarte do oponente
check-in-opponent-discard = na pilha de descarte do oponente
check-from-opponent-discard = da pilha de descarte do oponente
check-zone-your-stars = suas estrelas
check-in-your-stars = nas suas estrelas
check-from-your-stars = das suas estrelas
check-zone-opponent-stars = as estrelas do oponente
check-in-opponent-stars = nas estrelas do oponente
check-from-opponent-stars = das estrelas do oponente

## deckdsl/check/fixes.py: correções que não se pôde verificar

check-fix-adds-error = aplicar a correção acrescentaria um erro ({ $code }: { $finding })
check-fix-not-verified = a correção não pôde ser verificada (correções demais para testar)

## deckdsl/cli/checking.py, playing.py: arquivos que o deckdsl não conseguiu verificar, jogos que não acabam

check-fix-timed-out = corrigir este arquivo levou mais de { $seconds } s: a correção parou, e o arquivo ficou como estava
check-fix-timed-out-help = dê mais tempo (--timeout), ou corrija menos problemas de uma vez (--select)
check-timed-out = verificar este arquivo levou mais de { $seconds } s: a verificação parou
check-timed-out-help = um arquivo tão lento de verificar é um bug do deckdsl: por favor, informe-o junto com o arquivo (ou dê mais tempo: --timeout)
check-internal-error = o deckdsl falhou neste arquivo: { $error }: { $detail }
check-internal-error-help = isto é um bug do deckdsl, não do seu arquivo: por favor, informe-o junto com o arquivo
check-triggers-here = `{ $card }` dispara aqui
check-loop-help = faça com que os passos do gatilho não possam disparar o mesmo gatilho de novo (ou aumente --set step_limit=N)
check-tie-help = use bots que escolham de outro jeito, por exemplo --players random,greedy

## `deckdsl explain`: o que cada carta vale segundo o modelo do seu jogo

explain-value = valor
explain-effects = efeitos
explain-power = força
explain-as-written = como escrito
explain-no-value = sem valor
explain-value-typical = `{ $written }` com os tamanhos típicos das zonas ({ $sizes })
explain-zone-domain = domínio
explain-zone-discard = descarte
explain-zone-table = mesa
explain-zone-deck = baralho
explain-zone-stars = estrelas
explain-effects-worth = o que valem para o dono da carta
explain-effects-drawback = o que valem para o dono da carta (tem uma desvantagem)
explain-power-sum = valor + efeitos
explain-no-game = um baralho sem jogo não tem um modelo do que os efeitos valem: não há números para mostrar
explain-no-model = { $game } não tem um modelo do que os efeitos valem: não há números para mostrar
explain-table-empty = o baralho não tem cartas, então uma mesa nunca tem uma carta avançada
explain-table-none = nenhuma das { $total } cartas do baralho é avançada, então uma mesa nunca tem uma
explain-table = uma mesa recém-distribuída de { $table } { $table ->
        [one] carta
       *[other] cartas
    } tiradas de { $total } tem { $advanced ->
        [1] a única carta avançada
       *[other] pelo menos uma das { $advanced } cartas avançadas
    } com chance 1 − C({ $rest },{ $dealt })/C({ $total },{ $dealt }) = { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
explain-table-short = uma mesa recém-distribuída de { $table } { $table ->
        [one] carta
       *[other] cartas
    } (o baralho só preenche { $dealt }) tiradas de { $total } tem { $advanced ->
        [1] a única carta avançada
       *[other] pelo menos uma das { $advanced } cartas avançadas
    } com chance 1 − C({ $rest },{ $dealt })/C({ $total },{ $dealt }) = { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
explain-evidence-not-played = evidência: não jogada — o baralho tem erros
explain-number = { $value }
explain-signed = +{ $value }
