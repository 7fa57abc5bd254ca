# Экран «Дам против Королей» (deckdsl/games/queens_vs_kings/engine.py) для `deckdsl play`.  Игроки нумеруются
# с 1, как на экране стола (deckdsl/games/locales/ru.ftl).  Название карты в действии — в кавычках после слова
# «карту» («сбросить карту «Дама пик»»), так что его не нужно склонять.  Числа карт — по правилам CLDR:
# one (1, 21 карта), few (2–4, 22 карты), many (5–20 карт).

qvk-play = сыграть карту «{ $card }»
qvk-discard = сбросить карту «{ $card }»
qvk-pass = пас
qvk-you = Вы играете за { $colour ->
        [red] красных
       *[black] чёрных
    } (игрок { $seat }).
qvk-skirmish = Схватка { $number } из { $of }. { $phase ->
        [discard-extra] Сброс из дополнительной колоды
        [discard-main] Сброс из основной колоды
        [play] Розыгрыш
       *[over] Партия окончена
    }.
qvk-hand = Ваша рука: { $cards }.
qvk-discarded = Ваш сброс: { $cards }.
qvk-piles = В ваших колодах: в основной { $main }, в дополнительной { $extra }; у соперника { $omain } и { $oextra }.
qvk-opponent = У соперника в руке { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }{ $extra ->
        [0] {""}
       *[other] {" "}(из дополнительной колоды — { $extra })
    }, в сбросе — { $discarded }.
qvk-table = Стол: { $cards }.
qvk-mine = { $card } [ваша]
qvk-theirs = { $card } [соперника]
qvk-top = { $card } (сверху)
qvk-won = Взято: вами — { $mine } (мана { $m }); соперником — { $theirs } (мана { $t }).
qvk-turn-mine = Ваш ход.
qvk-turn-theirs = Ход соперника.
qvk-none = ничего
qvk-result = Итог: мана { $m } против { $t }.
qvk-passed = Соперник спасовал.

# A move of the other player, as this one sees it (a discard is face down).
qvk-did-play = сыграл карту «{ $card }»
qvk-did-discard = сбросил карту
qvk-did-pass = спасовал
