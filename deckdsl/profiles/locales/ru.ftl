# Замечания профилей игр (DK5xx) по-русски (deckdsl/said.py).

profile-empty = профиль пуст: в нём нет блока `game`
profile-empty-help = профиль начинается с `game "Name" {"{"}` и своего `id: my-game` (docs/profiles.md)
profile-given-twice = `{ $key }` задано дважды в `{ $block }`
profile-keep-one = оставьте одно из них: второе незаметно заменило бы первое
profile-a-word = слово
profile-a-text = "текст"
profile-a-number = число
profile-a-symbol = символ
profile-end-of-line = конец строки
profile-end-of-file = конец файла
profile-expected = ожидалось: { $items }
profile-list = { $first }, { $rest }
profile-triple-text-open = этот текст `"""` нигде не закрыт
profile-triple-string-open = этот текст `"""` нигде не закрыт
profile-end-triple = закончите его символами `"""`
profile-string-open = этот текст в кавычках не закрыт до конца своей строки
profile-end-string = закончите его символом `"` на той же строке или напишите `"""…"""` для текста в несколько строк
profile-unexpected = в профиле не ожидалось { $what }
profile-unexpected-end = в профиле не ожидался конец файла
profile-line-ends-early = строка кончается слишком рано
profile-ends-early = профиль кончается слишком рано
profile-never-closed = `{ $head }` открывается здесь и нигде не закрывается
profile-block-never-closed = блок открывается здесь и нигде не закрывается
profile-close-it = скобка `{"{"}` не закрыта: добавьте закрывающую `{"}"}` после последнего поля блока
profile-stray-brace = лишняя скобка `{ $brace }` в { $text }
profile-not-a-name = `{"{"}{ $inside }{"}"}` — не имя: в фигурных скобках пишется только имя, без формата и преобразования
profile-not-a-name-write = `{"{"}{ $inside }{"}"}` — не имя: в фигурных скобках пишется только имя, без формата и преобразования; напишите `{"{"}{ $name }{"}"}`
profile-double-brace = для фигурной скобки, которая не обрамляет имя, пишите `{"{{"}` и `{"}}"}`
profile-one-of = одним из: { $choices }
profile-number-between = числом от { $low } до { $high }
profile-too-long = в профиле { NUMBER($size, useGrouping: "true") } { $size ->
        [one] символ
        [few] символа
       *[many] символов
    }; профиль может занимать не больше { NUMBER($limit, useGrouping: "true") } { $limit ->
        [one] байта
       *[other] байт
    }
profile-too-long-help = профиль игры занимает несколько КБ: тот ли это файл?
profile-needs-a = в `{ $block }` нужно поле `{ $key }:`
profile-needs-an = в `{ $block }` нужно поле `{ $key }:`
profile-must-be = `{ $key }` должно быть { $kind }
profile-kind-yes-no = `yes` или `no`
profile-kind-map = таблицей `{"{"} key: value, … {"}"}`
profile-kind-list = списком `[…]`
profile-kind-number = числом
profile-kind-text = "текстом"
profile-kind-word = словом
profile-no-field = у `{ $kind }` нет поля `{ $key }`
profile-fields-are = его поля: { $fields }
profile-no-block = в профиле игры не бывает блока `{ $kind }`
profile-blocks-are = блоки: { $blocks }
profile-value-kind = `value` должно быть `required` или `optional`
profile-id-not-file = id профиля — `{ $id }`, а его файл — `{ $file }`
profile-id-not-file-help = колоды находят профиль по имени файла: напишите `id: { $stem }` или переименуйте файл в `{ $id }.game`
profile-not-attribute = `{"{"}{ $name }{"}"}` — не атрибут
profile-attributes-are = атрибуты: { $names }
profile-no-attributes = здесь нечего называть: атрибутов нет
profile-not-parameter = `{"{"}{ $name }{"}"}` — не параметр правил
profile-parameters-are = параметры правил: { $names }
profile-no-parameters = здесь нечего называть: параметров правил нет
profile-players = `players` должно быть числом (`2`), диапазоном (`2-4`) или минимумом (`"3+"`)
profile-block-needs-name = блоку `{ $kind }` нужно имя: `{ $kind } NAME {"{"} … {"}"}`
profile-defined-twice = `{ $kind } { $name }` определено дважды
profile-one-block = в профиле игры один блок `{ $kind }`; это уже второй
profile-card-word = атрибут не может называться `{ $name }`: это поле, которое есть у каждой карты
profile-card-word-help = дайте атрибуту другое имя
profile-derived-from = `{ $name }` выводится из `{ $source }`, а это не атрибут, который указывают карты
profile-colour = цвет `{ $value }` нужно писать как `#rrggbb`, например `#c0392b`
profile-not-value = `{ $value }` — не значение `{ $name }`
profile-values-are = его значения: { $values }
profile-no-values = у него ещё нет значений
profile-no-attribute = нет атрибута `{ $name }`
profile-no-attributes-yet = в профиле ещё нет атрибутов: добавьте блок `attribute NAME {"{"} values: […] {"}"}`
profile-table-of-numbers = `{ $key }` должно быть таблицей чисел, `{"{"} value: number, … {"}"}`
profile-property-tables = для `property { $name }` нужна таблица на каждый атрибут, например `rank: {"{"} 2: 2, 3: 3 {"}"}`
profile-beats-one = в схватке каждый бросок побеждает ровно один другой
profile-beats-missing = в схватке не сказано, кого { $count ->
        [one] побеждает
       *[other] побеждают
    } { $missing }
profile-not-structure = `{ $key }` — не правило структуры
profile-structure-help = напишите `count: N` (вся колода) или `count per { $example }: …` (по группам)
profile-negative = `{ $key }` не может быть отрицательным: это число карт
profile-group = группам
profile-count-kind = `{ $key }` должно быть числом или таблицей чисел по `{ $per }`
profile-rule-default = блоку `rule { $name }` нужно поле `default:`
profile-default-choice = значение по умолчанию `{ $default }` не входит в число вариантов
profile-choices-are = варианты: { $choices }
profile-default-kind = значение правила по умолчанию должно быть числом или одним из его вариантов `choices`
profile-default-range = `default` { $default } выходит за пределы `min` { $low } и `max` { $high } самого правила
profile-face = `face` должно быть `janken` или `playing-card`
profile-not-shown = `{ $name }` — не атрибут и не свойство
profile-too-many-groups = `{ $key }` образует { NUMBER($count, useGrouping: 1) } { $count ->
        [one] группу карт
        [few] группы карт
       *[many] групп карт
    }, по одной на каждое сочетание значений; в подсчёте может быть не больше { NUMBER($limit, useGrouping: 1) }
profile-too-many-groups-help = считайте по меньшему числу атрибутов или по атрибутам с меньшим числом значений
