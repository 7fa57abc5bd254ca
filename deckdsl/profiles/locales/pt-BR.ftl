# As constatações dos perfis de jogo (DK5xx) em português (deckdsl/said.py).
