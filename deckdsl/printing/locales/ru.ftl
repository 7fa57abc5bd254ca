# Замечания печати (DK3xx) по-русски (deckdsl/said.py).

print-timed-out = отрисовка заняла больше { $seconds } с и была остановлена; ничего не записано
print-timed-out-help = отрисовывайте меньше карт за раз или увеличьте --timeout
print-overflow = текст карты `{ $card }` не помещается на ней даже при размере { $size } пт
print-overflow-help = скажите это меньшим числом слов (в GDD: "menos é mais") или выберите больший --card-size
print-refused = отрисовка отказалась читать `{ $url }`: колоды могут брать файлы только из своей папки
print-refused-help = положите изображение рядом с файлом колоды и укажите относительный путь
print-theme-picture-large = в картинке `{ $path }`, которую использует тема, больше пикселей, чем нужно любой печатной карте (не больше { NUMBER($limit, useGrouping: "true") }); она не читается
print-scale-down = уменьшите её до размера, в котором она печатается
print-outside-safe-zone = текст карты `{ $card }` выходит за безопасную зону (слово слишком длинное для ширины карты)
print-outside-safe-zone-help = разбейте длинное слово или выберите более широкий --card-size
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
