"""Playing: the games deckdsl plays, each a package, and what they share.

- `registry`: how the core finds a game (`find_game`, `register_game`; shipped games and the entry-point
  group `deckdsl.games`);
- `interface`: the one game interface every engine implements (`Engine`, `State`);
- `search`: the bots that play any game through it (`random`, `rollout`, `ismcts`);
- `table`: a person's seat at any game in the terminal (`deckdsl play`);
- one package per game: `janken_wars`, `embate_dos_guardioes`, `cooperativo`, `queens_vs_kings`.
"""
