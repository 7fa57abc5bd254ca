# As palavras das tabelas e resumos da linha de comando (deckdsl/cli/), em português.

show-name = nome
show-copies = cópias
show-value = valor
show-cost = custo
show-action = ação
show-condition = condição
show-yes = sim
show-total = total
