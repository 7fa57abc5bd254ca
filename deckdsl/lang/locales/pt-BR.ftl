# As constatações da leitura do arquivo (DK0xx) em português (deckdsl/said.py).

unclosed-named = falta a chave de fechamento de { $kind } `{ $name }`, aberto em { $line }:{ $column }
unclosed-keyword = falta a chave de fechamento de `{ $kind }`, aberto em { $line }:{ $column }
unclosed-block = falta a chave de fechamento de um bloco aberto em { $line }:{ $column }
block-ends-here = o bloco deveria terminar aqui
add-brace = acrescente `{"}"}` no fim do bloco
unclosed-string = este texto não tem aspas de fechamento
unclosed-string-help = termine o texto com `"` na mesma linha
unknown-word = palavra desconhecida: `{ $word }`
