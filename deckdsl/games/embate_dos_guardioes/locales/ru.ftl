# Экран «Схватки Стражей» (Embate dos Guardiões, deckdsl/games/embate_dos_guardioes/engine.py) для
# `deckdsl play`, по-русски.  Игроки нумеруются с 1; места на столе — буквы (A, B, …), чтобы не путать их
# с номерами в меню.  Карты — в кавычках не нуждаются: это имена колоды («Дама пик»), и они стоят после
# двоеточия или слова «карту».  `em-<вид>` — публичное событие истории.

em-took-place = Игрок { $seat } взял карту с места { $place }.
em-chose-first = Игрок { $seat } выбрал карту с места { $place } первым стражем.
em-center-laid = Карта с места { $place } ложится в центр битвы рубашкой вверх.
em-second-down = Игрок { $seat } положил второго стража рубашкой вверх.
em-center-shown = Центральная карта открыта: { $card }.
em-played-down = Игрок { $seat } положил карту рубашкой вверх.
em-pile-built = Игрок { $seat } сложил стопку приказов атаки.
em-picked = Игрок { $seat } выбрал карту из руки соперника.
em-swapped = Выбранные карты меняют хозяев.
em-took-from-hand = Игрок { $seat } взял { $number }-ю карту из руки соперника.
em-clash = Центральная схватка: игрок 1 открывает карту { $first }, игрок 2 — карту { $second }; центральную карту забирает игрок { $high }.
em-duel = Дуэль: игрок 1 открывает карту { $first }, игрок 2 — карту { $second }; пару забирает игрок { $high }.
em-sums = Суммы: у игрока 1 — { $one }, у игрока 2 — { $two }; атакует игрок { $attacker }.
em-all-taken = Игрок { $attacker } забирает все карты соперника и побеждает.
em-defends = Игрок { $defender } защищается и открывает { $which ->
        [second] второго
       *[first] первого
    } стража: { $card } (сумма { $mine } против { $theirs }).
em-full-defense = Игрок { $defender } отражает атаку обоими стражами и побеждает.
em-counter = Игрок { $defender } отражает атаку и контратакует.
em-end-bluffed = В конце все карты открыты: { $both ->
        [yes] оба игрока блефовали
       *[no] игрок { $seat } блефовал
    }.
em-both-bluffed-on = Оба игрока блефовали: партия продолжается.
em-both-caught = Оба игрока блефовали и были пойманы: ничья.
em-caught = Игрок { $seat } блефовал, был пойман и проигрывает партию.

em-describe-draft = взять закрытую карту с места { $place }
em-describe-first = выбрать карту с места { $place } первым стражем
em-describe-negotiate = взять { $number }-ю карту из руки соперника, не видя её значения
em-describe-second = выбрать карту { $card } вторым стражем, рубашкой вверх{ $bluff ->
        [yes] {" "}(неподходящая карта: блеф)
       *[no] {""}
    }
em-describe-clash = сыграть карту { $card } рубашкой вверх{ $bluff ->
        [yes] {" "}(неподходящая карта: блеф)
       *[no] {""}
    }
em-describe-order = положить карту { $card } { $number }-м приказом атаки
em-nothing = ничего

em-title = Схватка Стражей — вы игрок { $seat }.
em-parity = Чёт или нечет: { $won ->
        [yes] выиграли вы
       *[no] выиграл соперник
    }.
em-phase = Фаза: { $phase ->
        [draft] подготовка, выбор карт
        [guardian1] подготовка, выбор первого стража
        [negotiate] обмен картами
        [guardian2] выбор второго стража
        [clash] схватка за центральную карту
        [order] дуэль приказов атаки
       *[over] партия окончена
    }.
em-result = Итог: { $result ->
        [draw] ничья
        [won] вы победили
       *[lost] вы проиграли
    } ({ $reason ->
        [ataque] атака
        [defesa] защита
        [blefe] пойманный блеф
       *[blefe-fim] блеф, раскрытый в конце
    }).
em-your-turn = Ваш ход.
em-their-turn = Ход соперника.
em-table = Стол: { $count ->
        [one] закрытая карта на месте
       *[other] закрытые карты на местах
    } { $places }.
em-center = Центральная карта: { $shown ->
        [yes] { $card }
       *[no] рубашкой вверх
    }.
em-hand = Ваша рука: { $cards }.
em-none = нет
em-guardian-unchosen = ещё не выбран
em-guardian-down = рубашкой вверх
em-guardian-shown = { $card } (открыт)
em-guardian-down-known = { $card } (рубашкой вверх)
em-guardians-mine = Ваш первый страж: { $first }; ваш второй страж: { $second }.
em-guardians-theirs = У соперника в руке { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    }; первый страж: { $first }; второй страж: { $second }.
em-took-mine = При обмене вы взяли у соперника карту { $card }.
em-took-theirs = При обмене соперник взял у вас карту { $card }.
em-chose-mine = Вы выбрали { $number }-ю карту из руки соперника.
em-played-mine = Вы сыграли карту { $card } рубашкой вверх.
em-their-choice = Соперник уже сделал выбор, рубашкой вверх.
em-pile-item = { $number }. { $card }
em-pile = Ваша стопка: { $cards }.
em-their-pile = Соперник уже сложил стопку приказов атаки.
em-dominates = { $who ->
        [you] У вас
       *[opponent] У соперника
    }: { $cards } (сумма { $total }).
em-history = История:
