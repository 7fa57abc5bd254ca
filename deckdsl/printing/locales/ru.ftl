# Замечания печати (DK3xx) по-русски (deckdsl/said.py).

print-timed-out = отрисовка заняла больше { $seconds } с и была остановлена; ничего не записано
print-timed-out-help = отрисовывайте меньше карт за раз или увеличьте --timeout
print-overflow = текст карты `{ $card }` не помещается на ней даже при размере { $size } пт
print-overflow-help = скажите это меньшим числом слов (в GDD: "menos é mais") или выберите больший --card-size
print-refused = отрисовка отказалась читать `{ $url }`: колоды могут брать файлы только из своей папки
print-refused-help = положите изображение рядом с файлом колоды и укажите относительный путь
print-theme-picture-large = в картинке `{ $path }`, которую использует тема, больше пикселей, чем нужно любой печатной карте (не больше { NUMBER($limit, useGrouping: "true") }); она не читается
print-scale-down = уменьшите её до размера, в котором она печатается
print-outside-safe-zone = текст карты `{ $card }` подходит к линии реза на { NUMBER($distance, minimumFractionDigits: 1, maximumFractionDigits: 1) } мм, заходя в безопасную зону ({ $safe } мм)
print-outside-safe-zone-help = разбейте длинное слово или выберите более широкий --card-size; в теме сохраните отступ карты (padding) не меньше безопасной зоны
print-missing-image = изображения `{ $path }` нет; карта печатается без него
print-missing-image-help = проверьте путь относительно файла колоды
print-short-of-bleed = картинка карты `{ $card }` печатается размером { NUMBER($width, minimumFractionDigits: 1, maximumFractionDigits: 1) }×{ NUMBER($height, minimumFractionDigits: 1, maximumFractionDigits: 1) } мм, меньше формата с вылетами ({ NUMBER($need-width, minimumFractionDigits: 1, maximumFractionDigits: 1) }×{ NUMBER($need-height, minimumFractionDigits: 1, maximumFractionDigits: 1) } мм): там, где рез уйдёт в сторону, будет видна белая кромка
print-short-of-bleed-help = сделайте картинку не меньше { NUMBER($width, minimumFractionDigits: 1, maximumFractionDigits: 1) }×{ NUMBER($height, minimumFractionDigits: 1, maximumFractionDigits: 1) } мм ({ $across }×{ $down } пикс. при { $dpi } dpi)
print-a-call = вызова
print-printing-value = печати этого значения
print-steps = тема сделала больше { NUMBER($steps, useGrouping: "true") } { $steps ->
        [one] шага
       *[other] шагов
    } (витков циклов, вызовов, обращений) и была остановлена
print-too-long = из-за { $what } получился бы текст или список из { NUMBER($size, useGrouping: "true") } { $size ->
        [one] символа или элемента
       *[other] символов или элементов
    }; в текстах и списках темы их может быть не больше { NUMBER($limit, useGrouping: "true") }
print-output = тема вывела в сумме больше { NUMBER($limit, useGrouping: "true") } { $limit ->
        [one] символа
       *[other] символов
    } и была остановлена
print-made-digits = из-за { $what } получилось число, в котором больше { NUMBER($limit, useGrouping: "true") } { $limit ->
        [one] цифры
       *[other] цифр
    }
print-digits = из-за { $what } получилось бы число, в котором больше { NUMBER($limit, useGrouping: "true") } { $limit ->
        [one] цифры
       *[other] цифр
    }
print-long-number = число, в котором больше { NUMBER($limit, useGrouping: "true") } { $limit ->
        [one] цифры
       *[other] цифр
    }
print-unread-number-shown = число, которое Python не может прочитать (`{ $written }`): пишите его цифры как 0-9
print-unread-number = число, которое Python не может прочитать: пишите его цифры как 0-9
print-out-of-memory = теме не хватило памяти
print-theme-missing = шаблона темы `{ $name }` нет (тема читает `{ $file }` из своей папки и расширяет встроенный дизайн)
print-theme-forbidden = тема делает то, что темам запрещено: { $reason }
print-theme-recursion = тема бесконечно вызывает саму себя (блок, который отрисовывает сам себя)
print-theme-broken = тема не работает: { $reason }
print-theme-not-utf8 = тема — не текст в UTF-8 (байт 0x{ $byte } по смещению { $offset }): сохраните её в UTF-8
print-theme-help = начните её с `{"{"}% extends "deck.html.j2" %{"}"}` и переопределяйте блоки: docs/print.md, Themes
print-over-budget-help = тема описывает, как выглядят карты: её циклы идут по картам, её тексты короткие (пределы: docs/print.md, Themes)
print-no-header = в таблице нет строки заголовка: её первая строка должна называть столбцы
print-columns-are = столбцы: { $columns }
print-too-many-columns = в таблице { NUMBER($count, useGrouping: "true") } { $count ->
        [one] столбец
        [few] столбца
       *[many] столбцов
    }; у карты `{ $game }` { $fields } { $fields ->
        [one] поле
        [few] поля
       *[many] полей
    }
print-unknown-column = столбец `{ $column }` — не поле карты `{ $game }`
print-column-repeats = столбец `{ $column }` повторяет `{ $key }`
print-one-column = оставьте по одному столбцу на поле
print-no-name = в таблице нет столбца `name`
print-add-name = добавьте столбец `name` с именем каждой карты
print-beyond = ячейка за последним столбцом (`{ $cell }`) не читается
print-beyond-more = ячейка за последним столбцом (`{ $cell }`) не читается, как и ещё { NUMBER($count, useGrouping: "true") } { $count ->
        [one] заполненная
        [few] заполненные
       *[many] заполненных
    } после неё
print-name-column = дайте столбцу имя в первой строке или очистите ячейку
print-sheet-too-big = с этой строки колода заняла бы больше { NUMBER($limit, useGrouping: "true") } { $limit ->
        [one] байта
       *[other] байт
    } — это предел файла колоды
print-split-sheet = разделите карты на несколько таблиц, по колоде на каждую
print-in-column = { $finding } (столбец `{ $column }`)

# Проверка печати (DK311–DK313, deckdsl/printing/boxes.py): части карты, в именительном падеже.
print-part-head = строка заголовка
print-part-icon = значок типа
print-part-name = название
print-part-value = значение
print-part-meta = строка типа
print-part-art = рамка иллюстрации
print-part-scene = нарисованная иллюстрация
print-part-rarity = знак редкости
print-part-text = текст правил
print-part-flavor = художественный текст
print-part-label = метка эффекта
print-part-inline-icon = значок типа в тексте правил
print-part-small = нижняя строка
print-part-corner = угловой индекс
print-part-panel = центральная панель
print-part-band = лента
print-part-pip = центральный индекс
print-part-stats = строка характеристик
print-part-title = заголовок
print-part-heading = подзаголовок
print-part-reference = текст памятки
print-part-back = рубашка
print-part-summary = сводка правил
print-on-card = карты `{ $card }`
print-on-backs = на рубашках
print-on-sheets = на листах
print-on-rules = на странице правил
print-also-on = то же ещё на { $count } { $count ->
        [one] карте
       *[other] картах
    }: { $cards }
print-and-more = ещё { $count }
print-also-here = то же здесь
print-art-squeezed = рамка иллюстрации { $where } сжата текстом под ней до { NUMBER($height, minimumFractionDigits: 1, maximumFractionDigits: 1) } мм, меньше { NUMBER($minimum, minimumFractionDigits: 1, maximumFractionDigits: 1) } мм (трети карты)
print-art-squeezed-help = скажите эффект меньшим числом слов или уберите художественный текст (в GDD: "menos é mais"), или выберите больший --card-size
print-low-contrast = контраст: { $part } { $where } — { NUMBER($ratio, minimumFractionDigits: 2, maximumFractionDigits: 2) }:1 на своём фоне (`{ $ink }` на `{ $ground }`), ниже { $need }:1 по WCAG AA
print-low-contrast-help = возьмите `{ $better }` ({ $need }:1 на `{ $ground }`) или измените цвет фона
print-spills-over = { $part } { $where } выходит за свою рамку ({ $frame }) и перекрывает: { $under }
print-spills = { $part } { $where } выходит за свою рамку ({ $frame })
print-lies-over = { $part } { $where } перекрывает: { $under }
print-overlap-help = скажите эффект меньшим числом слов или выберите больший --card-size; в теме задайте такой размер ({ $part }), чтобы часть оставалась в своей рамке
