# As palavras da mesa (deckdsl/games/table.py): `deckdsl play`, qualquer jogo, em português.  Os lugares são
# numerados a partir de 1 e chamados de jogadores, na tela de todos os jogos.

table-intro = { $heading }: você é o Jogador { $seat } contra { $bot } · semente { $seed } (repita com --seed { $seed })
table-yours = Você: { $move }
table-did = Jogador { $seat } ({ $bot }) { $move }
table-moves = Jogador { $seat } ({ $bot }) joga
table-move = sua jogada
table-ask = { $question } [1-{ $count }, q sai]
table-number = responda com um número de 1 a { $count }
table-left = partida abandonada
table-win = você venceu
table-lose = você perdeu
table-draw = empate
table-success = a mesa conseguiu
table-failure = a mesa não conseguiu

# Perguntado antes de uma jogada que joga cartas fora por nada; só uma de `table-yes-words` a faz.
table-confirm = { $question } (digite sim para confirmar)
table-yes-words = sim s
table-not-done = não feito: escolha de novo

# Um menu em grupos (`State.menu` de um jogo): uma letra por grupo, e um número depois dela quando o grupo tem mais de uma jogada.
table-ask-keys = { $question } [a–{ $last }, q sai]
table-key = responda com uma letra de a a { $last }, e o número da jogada depois dela quando houver (b2)
