# As palavras das tabelas e resumos da linha de comando (deckdsl/cli/), em português.

show-name = nome
show-copies = cópias
show-value = valor
show-cost = custo
show-action = ação
show-condition = condição
show-yes = sim
show-total = total

check-summary = { $files ->
        [one] { $files } arquivo verificado
       *[other] { $files } arquivos verificados
    }: { $errors ->
        [0] nenhum erro
        [one] { $errors } erro
       *[other] { $errors } erros
    }, { $warnings ->
        [0] nenhum aviso
        [one] { $warnings } aviso
       *[other] { $warnings } avisos
    }
check-fixable-safe = { $count ->
        [one] { $count } corrigível
       *[other] { $count } corrigíveis
    } com `deckdsl check --fix`
check-fixable-unsafe = { $count } com `--fix --unsafe-fixes`
check-fixable-both = { $safe ->
        [one] { $safe } corrigível
       *[other] { $safe } corrigíveis
    } com `deckdsl check --fix`; mais { $more } com `--fix --unsafe-fixes`
check-fixable-remaining = mais { $count } { $count ->
        [one] corrigível
       *[other] corrigíveis
    } com `--fix --unsafe-fixes` (confira cada uma: elas supõem)

explain-no-card = o baralho não tem a carta `{ $card }`
explain-no-card-hint = o baralho não tem a carta `{ $card }`; { $hint }
explain-findings = constatações:

progress-evidence = jogando a evidência
progress-playing = jogando
progress-sweeping = varrendo
progress-screening = triando
progress-confirming = confirmando
