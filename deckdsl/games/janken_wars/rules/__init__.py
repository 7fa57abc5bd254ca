"""Janken Wars' guideline rules — the GDD's "Fazendo novos baralhos" — one per module (see `deckdsl.check.rule`);
`JankenWars.guidelines` hands them to the checker, in the order they run."""
