# As constatações da impressão (DK3xx) em português (deckdsl/said.py).
