# Замечания профилей игр (DK5xx) по-русски (deckdsl/said.py).
