# Замечания печати (DK3xx) по-русски (deckdsl/said.py).
