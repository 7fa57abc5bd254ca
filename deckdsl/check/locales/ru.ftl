# Находки `deckdsl check` по-русски (deckdsl/said.py: у каждого `said(ключ, …)` в коде здесь есть своё
# сообщение с теми же фактами).  Коды, позиции и поля JSON и SARIF остаются английскими.  Поле, которое
# называет сообщение (`$field`), приходит как `field-<имя>` (именительный падеж) и `field-<имя>-of`
# (родительный: «нет масти»); `$key` — то, что пишут в файле.  Числа — по CLDR: one, few, many.

field-type = тип
field-type-of = типа
field-rarity = редкость
field-rarity-of = редкости
field-value = значение
field-value-of = значения
field-copies = число копий
field-copies-of = числа копий
field-cost = цена
field-cost-of = цены
field-action = действие
field-action-of = действия
field-condition = условие
field-condition-of = условия
field-flavor = художественный текст
field-flavor-of = художественного текста
field-art = рисунок
field-art-of = рисунка
field-text = текст
field-text-of = текста
field-rank = номинал
field-rank-of = номинала
field-suit = масть
field-suit-of = масти

did-you-mean = может быть, `{ $word }`?
one-of = { $field } — одно из: { $values }
not-a-value = `{ $value }` — не { $field } игры { $game }
card-lacks = у `{ $card }` нет { $field-of }
add-field = добавьте `{ $key }: …` ({ $values })
add-value = добавьте `value: N` (целое число, можно отрицательное) или `value: *` с определением значения
unknown-field = у карт нет поля `{ $key }`
addendum-unknown-card = дополнение называет `{ $card }`, но такой карты в колоде нет
unknown-header-field = неизвестное поле заголовка `{ $key }`
header-fields-are = поля заголовка: { $fields }
as-game = как `game:` оно заставило бы читать все карты по профилю другой игры
unknown-parameter = у { $game } нет параметра правил `{ $key }`
parameters-are = параметры: { $keys }
unknown-zone = у { $game } нет зоны `{ $key }`
zones-are = зоны: { $keys }
zone-shared = зона { $zone } общая: она не принадлежит ни одному игроку
write-the-zone = напишите `the { $key }`
zone-whose = укажите, чья это зона { $zone }
write-whose-zone = напишите `your { $key }` или `opponent's { $key }`
unknown-card = в колоде нет карты `{ $card }`
unknown-game = нет профиля игры `{ $key }`
games-are = игры: { $keys }; или положите `{ $key }.game` рядом с колодой (docs/profiles.md)
the-fields-are = поля: { $fields }
reads-not-either = то, что идёт после `{ $written }:`, не читается и как `{ $key }:`
so-card-lacks = поэтому у `{ $card }` нет { $field-of }
deck-size-over = в колоде { $total } { $total ->
        [one] карта
        [few] карты
       *[many] карт
    }; в колоде { $game } их { $expected } ({ $count ->
        [one] { $count } лишняя
        [few] { $count } лишние
       *[many] { $count } лишних
    })
deck-size-under = в колоде { $total } { $total ->
        [one] карта
        [few] карты
       *[many] карт
    }; в колоде { $game } их { $expected } (не хватает { $count })
deck-size-help = измените `copies:`, чтобы карт было { $expected }
copies-here = здесь { $copies }
group-holds = в группе { $cards }; измените `copies:` или переместите карту в другую группу
group-add = добавьте { $count } { $count ->
        [one] карту
        [few] карты
       *[many] карт
    } с { $what }
group-none = ни у одной карты нет { $group }; { $game } требует { $expected }
group-over = { $group }: { $found } { $found ->
        [one] карта
        [few] карты
       *[many] карт
    }; { $game } требует { $expected } ({ $count ->
        [one] { $count } лишняя
        [few] { $count } лишние
       *[many] { $count } лишних
    })
group-under = { $group }: { $found } { $found ->
        [one] карта
        [few] карты
       *[many] карт
    }; { $game } требует { $expected } (не хватает { $count })
incomplete-both = { $checks } { $checks ->
        [one] проверка пропущена
        [few] проверки пропущены
       *[many] проверок пропущено
    } и { $cards } { $cards ->
        [one] карта проверена
        [few] карты проверены
       *[many] карт проверено
    } не всеми проверками, пока не исправлены ошибки выше
incomplete-skipped = { $checks } { $checks ->
        [one] проверка пропущена
        [few] проверки пропущены
       *[many] проверок пропущено
    }, пока не исправлены ошибки выше
incomplete-unjudged = { $cards } { $cards ->
        [one] карта проверена
        [few] карты проверены
       *[many] карт проверено
    } не всеми проверками, пока не исправлены ошибки выше
incomplete-blocks = { $blocks } { $blocks ->
        [one] блок не проверен
        [few] блока не проверены
       *[many] блоков не проверено
    }, пока не исправлены ошибки выше
