# As constatações da leitura do arquivo (DK0xx) em português (deckdsl/said.py).

unclosed-named = falta a chave de fechamento do bloco { $kind } `{ $name }`, aberto em { $line }:{ $column }
unclosed-keyword = falta a chave de fechamento do bloco `{ $kind }`, aberto em { $line }:{ $column }
unclosed-block = falta a chave de fechamento de um bloco aberto em { $line }:{ $column }
block-ends-here = o bloco deveria terminar aqui
add-brace = acrescente `{"}"}` no fim do bloco
unclosed-string = este texto não tem aspas de fechamento
unclosed-string-help = termine o texto com `"` na mesma linha
unknown-word = palavra desconhecida: `{ $word }`

## DK001: o que se esperava, nas palavras de quem escreve (o código do baralho fica como está, entre crases)

read-expected = esperava-se { $what }
read-or = { $items } ou { $last }
read-comma = { $head }, { $item }
read-a-number = um número
read-end-of-line = o fim da linha
read-end-of-block = o fim do bloco
read-a-name = um nome
read-a-text = um texto entre aspas ("…")
read-a-comparison = uma comparação (`>=`, `<=`, `==` …)
read-operator-and-amount = um operador e uma quantidade (`+1`, `-1`, `x2`, `= 0`)
read-a-function = uma função (`count(…)`, `total(…)` …)
read-a-type-name = um nome de tipo
read-a-zone-of = uma zona ({ $zones })
read-a-zone = uma zona
read-card-name-in-quotes = um nome de carta entre aspas ("…")
read-name-in-quotes = um nome entre aspas ("…")
read-a-verb = um verbo ({ $verbs })
read-action-step = um passo de ação ({ $steps })
read-action-step-who = um passo de ação ({ $steps }, com `opponent` na frente quando o outro jogador age)
read-an-event = um evento ({ $events })
read-a-field = um campo ({ $fields })
read-who-chooses = quem escolhe ({ $ways })
read-a-condition = uma condição (`value = …`, cartas que `get +1`, `discarded first` ou `whenever …: …`)
read-stars = um número de estrelas (`1 star`)
read-cards = cartas (`a card from the table`, `this`, `your domain`, `top card of the deck` …)
read-a-number-like = um número (`2`, `count(your domain)` …)
read-an-operator = um operador ({ $operators })
read-something-else = outra coisa
read-other-words = uma entre { $count } outras palavras

## DK001: o erro e o que ele costuma ser

read-unexpected-character = caractere inesperado `{ $char }`
read-labelled-character = { $label }: caractere inesperado `{ $char }`
read-unexpected-end = fim inesperado do bloco
read-ends-early = o bloco termina cedo demais
read-unexpected-line-end = fim de linha inesperado
read-labelled-line-end = { $label } (encontrado o fim da linha)
read-unexpected = `{ $word }` inesperado
read-labelled-found = { $label } (encontrado `{ $word }`)
read-label-colon = falta `:` entre o nome do campo e o seu valor
read-label-quotes = o nome de uma carta vai entre aspas duplas
read-label-own-line = cada campo fica na sua própria linha
read-label-value = `value:` recebe um número inteiro (negativo permitido) ou `*`
read-label-copies = `copies:` recebe um número inteiro
read-label-where = diga onde estão as cartas, como `a card from the table` ou `all cards in your domain`
read-label-no-effect = falta um efeito depois de `:`
read-label-block = um bloco começa com `deck`, `card` ou `addendum` e um nome entre aspas

## DK001: frases de outros jogos de cartas e a frase do deckdsl (`{ $s }` é o `s` de um verbo do baralho)

read-slip-draw-one = para comprar uma carta, escreva `gain{ $s } top card of the deck`
read-slip-draw-n = para comprar cartas, escreva `gain{ $s } top { $n } cards of the deck`
read-slip-draw = para comprar, escreva `gain{ $s } top card of the deck` (ou `gain{ $s } top 2 cards of the deck`)
read-slip-destroy = escreva `discard{ $s } { $rest }`: uma carta removida vai para uma pilha de descarte
read-slip-steal = para tomar cartas para um domínio, escreva `gain{ $s } { $rest }`
read-slip-stars = escreva `gain{ $s } { $n } { $star }`
read-slip-more = as cartas valem pontos e os jogadores ganham estrelas: escreva `condition: this card gets +{ $n }` para uma carta que valha mais, ou `gain{ $s } 1 star`
read-slip-less = as cartas valem pontos e os jogadores perdem estrelas: escreva `condition: this card gets -{ $n }` para uma carta que valha menos, ou `lose{ $s } 1 star`
read-slip-sign = para mudar o valor desta carta, escreva `condition: this card gets { $sign }{ $n }`
read-slip-return-deck = escreva `put{ $s } { $what } on the bottom of the deck`
read-slip-return-hand = não há mãos: para levar as cartas para o seu domínio, escreva `gain{ $s } { $what }`
read-slip-return = para pegar cartas de volta, escreva `gain{ $s } { $rest }`; para devolvê-las ao baralho, `put{ $s } { $rest } on the bottom of the deck`
read-slip-shuffle-into = o deckdsl não embaralha; para devolver cartas ao baralho, escreva `put{ $s } { $what } on the bottom of the deck`
read-slip-shuffle = o deckdsl não embaralha; para devolver cartas ao baralho, escreva `put{ $s } … on the bottom of the deck`
read-slip-on-top = as cartas vão para baixo do baralho: escreva `on the bottom of the deck`
read-slip-turn = não há turnos: uma condição vale o tempo todo, e um gatilho age em um evento, como `condition: whenever you win a dispute: gain 1 star`
read-slip-played = uma ação acontece quando a carta é ganha em uma disputa: escreva `action: { $rest }`
read-slip-counter = escreva `cancel { $rest }`
read-slip-the-opponent = escreva `{ $who }`, sem `the` nem `your`
read-slip-choice = diga quem escolhe depois das cartas: `chosen by you` ou `chosen by opponent`
read-slip-random = escreva `a card from … at random`
read-slip-and = junte os passos com `, then` ou `;`, não com `and`
read-slip-valor = as palavras de um efeito são em inglês: escreva `value = …`

## Correções

read-close-string = feche o texto no fim da sua linha
read-add-braces = acrescente { $count } `{"}"}` no fim do bloco
read-add-colon = acrescente `:` depois do nome do campo
read-replace = substitua `{ $written }` por `{ $word }`
read-replace-field = substitua `{ $written }` por `{ $word }:`
read-would-not-read = como `{ $word }`, este bloco também não seria lido sem erro
read-would-be-game = como `{ $word }`, este bloco tornaria o arquivo um baralho `{ $game }`, e todas as cartas seriam lidas como as desse jogo

## Blocos, números e o baralho como um todo

read-field-twice = o campo `{ $key }` está escrito duas vezes na carta `{ $card }`
read-first-written = escrito primeiro aqui
read-keep-one = mantenha só um deles
read-number-too-long = um número de { NUMBER($digits, useGrouping: 1) } { $digits ->
        [one] dígito
       *[other] dígitos
    }: os números de um baralho têm no máximo { $most } (até { NUMBER($largest, useGrouping: 1) })
read-number-help = nenhuma carta, contagem ou regra precisa de mais; uma tecla de dígito ficou pressionada?
read-too-deep = os efeitos podem se aninhar em no máximo { $count } { $count ->
        [one] nível
       *[other] níveis
    }
read-too-deep-help = divida o efeito em passos mais simples
read-too-many-cards = com `{ $card }`, as cópias do baralho somam mais de { NUMBER($count, useGrouping: 1) } cartas
read-too-many-cards-help = um baralho deste tamanho não pode ser impresso nem jogado; diminua `copies:`
read-given-up = { NUMBER($count, useGrouping: 1) } { $count ->
        [one] bloco tem
       *[other] blocos têm
    } erros de sintaxe: o resto do arquivo ({ NUMBER($rest, useGrouping: 1) } { $rest ->
        [one] bloco
       *[other] blocos
    }) não é lido
read-given-up-help = corrija os primeiros erros e verifique de novo; este é mesmo um arquivo de baralho?
read-second-header = um arquivo de baralho tem um só cabeçalho `deck`; este é um segundo
read-first-header = o primeiro cabeçalho
read-second-header-help = junte os dois cabeçalhos, ou divida o arquivo em dois baralhos
read-no-deck = o arquivo não contém baralho: nenhum cabeçalho `deck` e nenhuma carta
read-no-deck-help = comece com `deck "Title" {"{"} game: janken-wars {"}"}` e acrescente blocos `card "Name" {"{"} … {"}"}`
read-game-broken = o jogo `{ $game }` está instalado, mas { $reason }
read-game-broken-help = reinstale o pacote do jogo, ou desinstale-o (`pip uninstall`)
read-broken-profile = o perfil de jogo `{ $game }` tem erros, então o baralho não pode ser verificado com ele
read-broken-profile-help = execute `deckdsl check { $path }` para vê-los

## O arquivo

read-link-out = o arquivo é um link simbólico para um arquivo fora da sua pasta; ele não foi lido
read-link-out-help = copie o arquivo para a pasta em vez de criar um link para ele (o deckdsl não lê nenhum arquivo fora da pasta que verifica)
read-not-regular = não é possível ler o arquivo: ele não é um arquivo comum
read-cannot-read = não é possível ler o arquivo: { $reason }
read-file-size = o arquivo tem { NUMBER($size, useGrouping: 1) } { $size ->
        [one] byte
       *[other] bytes
    }; arquivos como ele são limitados a { NUMBER($limit, useGrouping: 1) }
read-file-over = o arquivo tem mais de { NUMBER($limit, useGrouping: 1) } bytes; arquivos como ele são limitados a { NUMBER($limit, useGrouping: 1) }
read-file-size-help = um baralho de 10.000 cartas tem cerca de 1,3 MB e um perfil de jogo, alguns KB: este é o arquivo certo?
read-text-size = o texto tem { NUMBER($count, useGrouping: 1) } { $count ->
        [one] caractere
       *[other] caracteres
    }; os baralhos são limitados a { NUMBER($limit, useGrouping: 1) } bytes
read-text-size-help = um baralho de 10.000 cartas tem cerca de 1,3 MB: este é o arquivo certo?
read-binary = o arquivo é binário, não texto (contém um byte NUL)
read-binary-help = arquivos de baralho e de perfil são texto UTF-8
read-not-utf8 = o arquivo não é UTF-8 válido (byte { $byte } na posição { $offset })
read-not-utf8-help = salve o arquivo como UTF-8
read-not-listed = mais { NUMBER($count, useGrouping: 1) } { $count ->
        [one] constatação `{ $code }` neste arquivo não está listada
       *[other] constatações `{ $code }` neste arquivo não estão listadas
    } (as primeiras { NUMBER($listed, useGrouping: 1) } estão)
read-not-listed-help = corrija as constatações { $code } listadas e verifique de novo

## DK018: caracteres que não aparecem (controles e sobreposições bidirecionais)

hidden-in-text = este texto contém { $count } { $count ->
        [one] caractere bruto que não aparece
       *[other] caracteres brutos que não aparecem
    }: { $chars }
hidden-in-comment = este comentário contém { $count } { $count ->
        [one] caractere bruto que não aparece
       *[other] caracteres brutos que não aparecem
    }: { $chars }
hidden-in-code = { $count } { $count ->
        [one] caractere bruto que não aparece
       *[other] caracteres brutos que não aparecem
    }, entre as palavras: { $chars }
hidden-help-code = aqui eles não significam nada: apague-os
hidden-help-bidi = um controle bidirecional faz a linha ser lida em outra ordem do que o deckdsl a lê ("Trojan Source"); se o texto precisa de um, escreva-o como escape, como `\u202e`
hidden-help-control = um terminal ou um log age sobre um caractere de controle bruto (limpa a tela, muda o título, começa uma linha); se o texto precisa de um, escreva-o como escape, como `\x1b`
hidden-fix-spaces = troque-os por espaços
hidden-fix-escapes = escreva-os como escapes: `{ $written }`
