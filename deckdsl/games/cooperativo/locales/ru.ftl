# Экран кооперативной игры в последовательности (deckdsl/games/cooperativo/screen.py) для `deckdsl play`,
# по-русски.  Игроки нумеруются с 1.  Карты записаны коротко (`5♥`).  «Бить» — показать свои карты.

co-title = Вы игрок { $seat } из { $count }. Ход { $turn } из { $limit }.
co-success = Конец: проверка прошла всех игроков — группа достигла цели!
co-failure = Конец: группа сдалась (предел ходов) — цель не достигнута.
co-deciding = Игрок { $player } решает, бить ли (потом ходит игрок { $next }).
co-turn = Ходит игрок { $player }.
co-reserve = «Запас»: { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    } рубашкой вверх{ $known ->
        [yes] {" "}(по порядку, сверху: { $cards })
       *[no] {""}
    }.
co-recycle = «Переработка» (снизу вверх): { $cards }.
co-empty = пусто
co-own-hand = Вы (игрок { $seat }): { $cards } ({ $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }, которые вы не видите).
co-other-hand = Игрок { $seat }: { $cards } ({ $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }).
co-check-item = игрок { $seat } побил картами { $cards } ({ $passed ->
        [yes] прошёл
       *[no] не прошёл
    })
co-last-check = Последняя проверка: { $items }.
co-bater = бить своими картами (начать проверку)
co-pass = не бить
co-buy-recycle = взять карту из «запаса» и отправить её в переработку
co-buy-give = взять карту из «запаса» и отдать её { $whom }
co-recycle-card = забрать { $card } и отправить её в переработку
co-give = забрать { $card } и отдать её { $whom }
co-whom = { $you ->
        [yes] себе
       *[no] игроку { $seat }
    }
co-card-other = карту { $card } у игрока { $seat }
co-card-own-seen = свою карту № { $number } ({ $card })
co-card-own-unseen = свою карту № { $number } (не глядя)

# Ход другого игрока глазами смотрящего (карт своей руки он не видит).
co-did-bater = побил своими картами (проверка)
co-did-pass = не стал бить
co-did-buy-recycle = взял карту из «запаса» и отправил её в переработку
co-did-buy-give = взял карту из «запаса» и отдал её { $whom }
co-did-recycle-card = забрал { $card } и отправил её в переработку
co-did-give = забрал { $card } и отдал её { $whom }
co-to-you = вам
co-to-player = игроку { $seat }
co-to-self = себе
co-one-of-yours = одну из ваших карт
co-own-card = { $card } из своей руки

# Меню человека (`menu`): по строке на каждую карту, которую можно забрать, у каждой своя буква, затем — куда её деть.
co-take = забрать { $card }
co-draw = взять карту из «запаса»
co-option-give = { $whom }
co-option-recycle = в переработку
