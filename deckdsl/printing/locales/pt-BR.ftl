# As constatações da impressão (DK3xx) em português (deckdsl/said.py).

print-timed-out = a renderização levou mais de { $seconds } s e foi interrompida; nada foi escrito
print-timed-out-help = renderize menos cartas de cada vez, ou aumente --timeout
print-overflow = o texto de `{ $card }` não cabe na carta, nem em { $size } pt
print-overflow-help = diga-o em menos palavras (o GDD: "menos é mais"), ou escolha um --card-size maior
print-refused = a renderização se recusou a ler `{ $url }`: os baralhos só podem usar arquivos dentro da sua própria pasta
print-refused-help = ponha a imagem ao lado do arquivo do baralho e use um caminho relativo
print-theme-picture-large = a imagem `{ $path }` que o tema usa tem mais pixels do que qualquer carta impressa precisa (no máximo { NUMBER($limit, useGrouping: "true") }); ela não é lida
print-scale-down = reduza-a ao tamanho em que é impressa
print-outside-safe-zone = o texto de `{ $card }` chega a { NUMBER($distance, minimumFractionDigits: 1, maximumFractionDigits: 1) } mm do corte, dentro da zona de segurança ({ $safe } mm)
print-outside-safe-zone-help = quebre a palavra longa ou escolha um --card-size mais largo; num tema, mantenha o padding da carta na zona de segurança
print-missing-image = a imagem `{ $path }` não existe; a carta é impressa sem ela
print-missing-image-help = verifique o caminho, relativo ao arquivo do baralho
print-short-of-bleed = a arte de `{ $card }` é impressa com { NUMBER($width, minimumFractionDigits: 1, maximumFractionDigits: 1) }×{ NUMBER($height, minimumFractionDigits: 1, maximumFractionDigits: 1) } mm, menor que o tamanho com sangria ({ NUMBER($need-width, minimumFractionDigits: 1, maximumFractionDigits: 1) }×{ NUMBER($need-height, minimumFractionDigits: 1, maximumFractionDigits: 1) } mm): uma borda branca vai aparecer onde o corte desviar
print-short-of-bleed-help = faça a imagem com pelo menos { NUMBER($width, minimumFractionDigits: 1, maximumFractionDigits: 1) }×{ NUMBER($height, minimumFractionDigits: 1, maximumFractionDigits: 1) } mm ({ $across }×{ $down } px a { $dpi } dpi)
print-a-call = uma chamada
print-printing-value = imprimir este valor
print-steps = o tema deu mais de { NUMBER($steps, useGrouping: "true") } passos (voltas de laço, chamadas, consultas) e foi interrompido
print-too-long = { $what } faria um texto ou lista de { NUMBER($size, useGrouping: "true") } caracteres ou itens; os textos e listas de um tema podem ter no máximo { NUMBER($limit, useGrouping: "true") }
print-output = o tema produziu mais de { NUMBER($limit, useGrouping: "true") } caracteres no total e foi interrompido
print-made-digits = { $what } produziu um número de mais de { NUMBER($limit, useGrouping: "true") } dígitos
print-digits = { $what } produziria um número de mais de { NUMBER($limit, useGrouping: "true") } dígitos
print-long-number = um número de mais de { NUMBER($limit, useGrouping: "true") } dígitos
print-unread-number-shown = um número que o Python não consegue ler (`{ $written }`): escreva os seus dígitos como 0-9
print-unread-number = um número que o Python não consegue ler: escreva os seus dígitos como 0-9
print-out-of-memory = o tema ficou sem memória
print-theme-missing = o template `{ $name }` do tema não está lá (um tema lê `{ $file }` da sua pasta e estende um design que vem com o deckdsl)
print-theme-forbidden = o tema faz algo que os temas não podem fazer: { $reason }
print-theme-recursion = o tema chama a si mesmo sem fim (um bloco que renderiza a si mesmo)
print-theme-broken = o tema não funciona: { $reason }
print-theme-not-utf8 = o tema não é texto UTF-8 (byte 0x{ $byte } na posição { $offset }): salve-o como UTF-8
print-theme-help = comece-o com `{"{"}% extends "deck.html.j2" %{"}"}` e sobrescreva blocos: docs/print.md, Themes
print-over-budget-help = um tema descreve a aparência das cartas: os seus laços percorrem as cartas, os seus textos são curtos (os limites: docs/print.md, Themes)
print-no-header = a planilha não tem linha de cabeçalho: a sua primeira linha deve nomear as colunas
print-columns-are = as colunas são { $columns }
print-too-many-columns = a planilha tem { NUMBER($count, useGrouping: "true") } colunas; uma carta de `{ $game }` tem { $fields } { $fields ->
        [one] campo
       *[other] campos
    }
print-unknown-column = a coluna `{ $column }` não é um campo de uma carta de `{ $game }`
print-column-repeats = a coluna `{ $column }` repete `{ $key }`
print-one-column = mantenha uma coluna por campo
print-no-name = a planilha não tem coluna `name`
print-add-name = acrescente uma coluna `name` com o nome de cada carta
print-beyond = uma célula além da última coluna (`{ $cell }`) não é lida
print-beyond-more = uma célula além da última coluna (`{ $cell }`) não é lida, nem { $count ->
        [one] a outra preenchida depois dela
       *[other] as { NUMBER($count, useGrouping: "true") } preenchidas depois dela
    }
print-name-column = dê um nome à coluna na primeira linha, ou esvazie a célula
print-sheet-too-big = o baralho passaria de { NUMBER($limit, useGrouping: "true") } bytes a partir desta linha, o limite de um arquivo de baralho
print-split-sheet = divida as cartas em várias planilhas, um baralho para cada
print-in-column = { $finding } (coluna `{ $column }`)

# A lint da impressão (DK311–DK313, deckdsl/printing/boxes.py): as partes de uma carta, com o artigo.
print-part-head = a linha do título
print-part-icon = o ícone do tipo
print-part-name = o nome
print-part-value = o valor
print-part-meta = a linha de tipo
print-part-art = a moldura da arte
print-part-scene = a arte desenhada
print-part-rarity = o sinal de raridade
print-part-text = o texto de regras
print-part-flavor = o texto de ambientação
print-part-label = o rótulo do efeito
print-part-inline-icon = o ícone do tipo no texto de regras
print-part-small = o rodapé
print-part-corner = o índice do canto
print-part-panel = o painel central
print-part-band = a faixa
print-part-pip = o índice central
print-part-stats = a linha de atributos
print-part-title = o título
print-part-heading = o subtítulo
print-part-reference = o texto de referência
print-part-back = o verso
print-part-summary = o resumo das regras
print-on-card = de `{ $card }`
print-on-backs = nos versos
print-on-sheets = nas folhas
print-on-rules = na página de regras
print-also-on = o mesmo em mais { $count } { $count ->
        [one] carta
       *[other] cartas
    }: { $cards }
print-and-more = mais { $count }
print-also-here = o mesmo aqui
print-art-squeezed = a moldura da arte { $where } fica espremida em { NUMBER($height, minimumFractionDigits: 1, maximumFractionDigits: 1) } mm pelo texto abaixo dela, menos de { NUMBER($minimum, minimumFractionDigits: 1, maximumFractionDigits: 1) } mm (um terço da carta)
print-art-squeezed-help = diga o efeito em menos palavras ou tire o texto de ambientação (o GDD: "menos é mais"), ou escolha um --card-size maior
print-low-contrast = { $part } { $where } tem contraste de { NUMBER($ratio, minimumFractionDigits: 2, maximumFractionDigits: 2) }:1 com o que está atrás (`{ $ink }` sobre `{ $ground }`), abaixo dos { $need }:1 do WCAG AA
print-low-contrast-help = use `{ $better }` ({ $need }:1 sobre `{ $ground }`), ou mude a cor de trás
print-spills-over = { $part } { $where } ultrapassa { $frame } e cobre { $under }
print-spills = { $part } { $where } ultrapassa { $frame }
print-lies-over = { $part } { $where } cobre { $under }
print-overlap-help = diga o efeito em menos palavras, ou escolha um --card-size maior; num tema, dimensione { $part } para caber na sua moldura
