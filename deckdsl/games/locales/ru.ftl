# Слова стола (deckdsl/games/table.py): `deckdsl play`, любая игра, по-русски.  Места нумеруются с 1 и
# называются игроками на экране каждой игры.  «Сид» — число, с которого начинается случайность партии.

table-intro = { $heading }: вы — игрок { $seat }, ваш соперник — { $bot } · сид { $seed } (повторить партию: --seed { $seed })
table-yours = Вы: { $move }
table-did = Игрок { $seat } ({ $bot }) { $move }
table-moves = Игрок { $seat } ({ $bot }) ходит
table-move = ваш ход
table-ask = { $question } [1–{ $count }, q — выйти]
table-number = ответьте числом от 1 до { $count }
table-left = вы вышли из игры
table-win = вы победили
table-lose = вы проиграли
table-draw = ничья
table-success = стол справился
table-failure = стол не справился

# Спрашивается перед ходом, который сбрасывает карты впустую; ход делает только одно из `table-yes-words`.
table-confirm = { $question } (введите «да», чтобы подтвердить)
table-yes-words = да д
table-not-done = не сделано: выберите снова

# Меню по группам (`State.menu` игры): буква на группу и номер хода после неё, если в группе больше одного хода.
table-ask-keys = { $question } [a–{ $last }, q — выйти]
table-key = ответьте буквой от a до { $last } и, если у хода есть номер, номером после неё (b2)
