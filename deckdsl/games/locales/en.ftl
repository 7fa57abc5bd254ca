# The table's words (deckdsl/games/table.py): `deckdsl play`, any game, in English.  Seats are numbered from 1,
# and called players, in every game's screen.

table-intro = { $heading }: you are player { $seat } against { $bot } · seed { $seed } (replay with --seed { $seed })
table-yours = You: { $move }
table-did = Player { $seat } ({ $bot }) { $move }
table-moves = Player { $seat } ({ $bot }) moves
table-move = your move
table-ask = { $question } [1-{ $count }, q quits]
table-number = please answer with a number from 1 to { $count }
table-left = game left
table-win = you win
table-lose = you lose
table-draw = a draw
table-success = the table succeeded
table-failure = the table failed

# Asked before a move that throws cards away for nothing; only one of `table-yes-words` plays it.
table-confirm = { $question } (type yes to confirm)
table-yes-words = yes y
table-not-done = not done: choose again

# A menu in groups (a game's `State.menu`): a letter per group, and a number after it when the group holds more than one move.
table-ask-keys = { $question } [a–{ $last }, q quits]
table-key = please answer with a letter from a to { $last }, and the move's number after it where it has one (b2)
