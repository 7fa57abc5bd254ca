# Замечания при чтении файла (DK0xx) по-русски (deckdsl/said.py).

unclosed-named = нет закрывающей скобки у блока { $kind } `{ $name }`, открытого в { $line }:{ $column }
unclosed-keyword = нет закрывающей скобки у блока `{ $kind }`, открытого в { $line }:{ $column }
unclosed-block = нет закрывающей скобки у блока, открытого в { $line }:{ $column }
block-ends-here = блок должен кончаться здесь
add-brace = добавьте `{"}"}` в конце блока
unclosed-string = у этого текста нет закрывающей кавычки
unclosed-string-help = закончите текст символом `"` на той же строке
unknown-word = неизвестное слово `{ $word }`

## DK001: что ожидалось, словами автора колоды (код колоды остаётся как есть, в обратных кавычках)

read-expected = ожидалось: { $what }
read-or = { $items } или { $last }
read-comma = { $head }, { $item }
read-a-number = число
read-end-of-line = конец строки
read-end-of-block = конец блока
read-a-name = имя
read-a-text = текст в кавычках ("…")
read-a-comparison = сравнение (`>=`, `<=`, `==` …)
read-operator-and-amount = оператор и величина (`+1`, `-1`, `x2`, `= 0`)
read-a-function = функция (`count(…)`, `total(…)` …)
read-a-type-name = название типа
read-a-zone-of = зона ({ $zones })
read-a-zone = зона
read-card-name-in-quotes = название карты в кавычках ("…")
read-name-in-quotes = название в кавычках ("…")
read-a-verb = глагол ({ $verbs })
read-action-step = шаг действия ({ $steps })
read-action-step-who = шаг действия ({ $steps }; с `opponent` впереди, когда действует другой игрок)
read-an-event = событие ({ $events })
read-a-field = поле ({ $fields })
read-who-chooses = кто выбирает ({ $ways })
read-a-condition = условие (`value = …`, карты, которые `get +1`, `discarded first` или `whenever …: …`)
read-stars = число звёзд (`1 star`)
read-cards = карты (`a card from the table`, `this`, `your domain`, `top card of the deck` …)
read-a-number-like = число (`2`, `count(your domain)` …)
read-an-operator = оператор ({ $operators })
read-something-else = что-то другое
read-other-words = одно из { $count } { $count ->
        [one] другого слова
        [few] других слов
       *[many] других слов
    }

## DK001: ошибка и то, чем она обычно оказывается

read-unexpected-character = неожиданный символ `{ $char }`
read-labelled-character = { $label }: неожиданный символ `{ $char }`
read-unexpected-end = неожиданный конец блока
read-ends-early = блок кончается слишком рано
read-unexpected-line-end = неожиданный конец строки
read-labelled-line-end = { $label } (найден конец строки)
read-unexpected = здесь не ожидалось `{ $word }`
read-labelled-found = { $label } (найдено `{ $word }`)
read-label-colon = нет `:` между названием поля и его значением
read-label-quotes = название карты пишется в двойных кавычках
read-label-own-line = каждое поле пишется на отдельной строке
read-label-value = `value:` принимает целое число (можно отрицательное) или `*`
read-label-copies = `copies:` принимает целое число
read-label-where = укажите, где находятся карты, например `a card from the table` или `all cards in your domain`
read-label-no-effect = после `:` нет эффекта
read-label-block = блок начинается с `deck`, `card` или `addendum` и названия в кавычках

## DK001: обороты из других карточных игр и оборот deckdsl (`{ $s }` — окончание `s` глагола колоды)

read-slip-draw-one = чтобы взять карту из колоды, напишите `gain{ $s } top card of the deck`
read-slip-draw-n = чтобы взять карты из колоды, напишите `gain{ $s } top { $n } cards of the deck`
read-slip-draw = чтобы взять карты из колоды, напишите `gain{ $s } top card of the deck` (или `gain{ $s } top 2 cards of the deck`)
read-slip-destroy = напишите `discard{ $s } { $rest }`: убранная карта уходит в стопку сброса
read-slip-steal = чтобы забрать карты во владения, напишите `gain{ $s } { $rest }`
read-slip-stars = напишите `gain{ $s } { $n } { $star }`
read-slip-more = карты приносят очки, а игроки получают звёзды: напишите `condition: this card gets +{ $n }`, чтобы карта стоила больше, или `gain{ $s } 1 star`
read-slip-less = карты приносят очки, а игроки теряют звёзды: напишите `condition: this card gets -{ $n }`, чтобы карта стоила меньше, или `lose{ $s } 1 star`
read-slip-sign = чтобы изменить значение этой карты, напишите `condition: this card gets { $sign }{ $n }`
read-slip-return-deck = напишите `put{ $s } { $what } on the bottom of the deck`
read-slip-return-hand = рук нет: чтобы забрать карты в ваши владения, напишите `gain{ $s } { $what }`
read-slip-return = чтобы забрать карты обратно, напишите `gain{ $s } { $rest }`; чтобы вернуть их в колоду — `put{ $s } { $rest } on the bottom of the deck`
read-slip-shuffle-into = deckdsl не тасует колоду; чтобы вернуть карты в колоду, напишите `put{ $s } { $what } on the bottom of the deck`
read-slip-shuffle = deckdsl не тасует колоду; чтобы вернуть карты в колоду, напишите `put{ $s } … on the bottom of the deck`
read-slip-on-top = карты кладутся под колоду: напишите `on the bottom of the deck`
read-slip-turn = ходов нет: условие действует всё время, а триггер срабатывает на событие, например `condition: whenever you win a dispute: gain 1 star`
read-slip-played = действие происходит, когда карту выигрывают в схватке: напишите `action: { $rest }`
read-slip-counter = напишите `cancel { $rest }`
read-slip-the-opponent = напишите `{ $who }`, без `the` и `your`
read-slip-choice = укажите после карт, кто выбирает: `chosen by you` или `chosen by opponent`
read-slip-random = напишите `a card from … at random`
read-slip-and = соединяйте шаги через `, then` или `;`, а не `and`
read-slip-valor = слова эффекта пишутся по-английски: напишите `value = …`

## Исправления

read-close-string = закройте текст в конце его строки
read-add-braces = добавьте { $count } `{"}"}` в конце блока
read-add-colon = добавьте `:` после названия поля
read-replace = замените `{ $written }` на `{ $word }`
read-replace-field = замените `{ $written }` на `{ $word }:`
read-would-not-read = с `{ $word }` этот блок тоже не читается без ошибки
read-would-be-game = с `{ $word }` этот блок сделал бы файл колодой `{ $game }`, и все карты читались бы как карты этой игры

## Блоки, числа и колода целиком

read-field-twice = поле `{ $key }` написано в карте `{ $card }` дважды
read-first-written = впервые написано здесь
read-keep-one = оставьте одно из них
read-number-too-long = число из { NUMBER($digits, useGrouping: 1) } { $digits ->
        [one] цифры
        [few] цифр
       *[many] цифр
    }: числа в колоде не длиннее { $most } { $most ->
        [one] цифры
        [few] цифр
       *[many] цифр
    } (до { NUMBER($largest, useGrouping: 1) })
read-number-help = ни карте, ни подсчёту, ни правилу не нужно больше; может быть, зажата клавиша с цифрой?
read-too-deep = эффекты могут быть вложены не глубже { $count } { $count ->
        [one] уровня
        [few] уровней
       *[many] уровней
    }
read-too-deep-help = разбейте эффект на более простые шаги
read-too-many-cards = с картой `{ $card }` копии колоды в сумме превышают { NUMBER($count, useGrouping: 1) } { $count ->
        [one] карту
        [few] карты
       *[many] карт
    }
read-too-many-cards-help = колоду такого размера нельзя ни напечатать, ни сыграть; уменьшите `copies:`
read-given-up = в { NUMBER($count, useGrouping: 1) } { $count ->
        [one] блоке
        [few] блоках
       *[many] блоках
    } синтаксические ошибки: остаток файла ({ NUMBER($rest, useGrouping: 1) } { $rest ->
        [one] блок
        [few] блока
       *[many] блоков
    }) не читается
read-given-up-help = исправьте первые ошибки и проверьте снова; это точно файл колоды?
read-second-header = в файле колоды один заголовок `deck`; это второй
read-first-header = первый заголовок
read-second-header-help = объедините оба заголовка или разделите файл на две колоды
read-no-deck = в файле нет колоды: ни заголовка `deck`, ни карт
read-no-deck-help = начните с `deck "Title" {"{"} game: janken-wars {"}"}` и добавьте блоки `card "Name" {"{"} … {"}"}`
read-game-broken = игра `{ $game }` установлена, но { $reason }
read-game-broken-help = переустановите пакет игры или удалите его (`pip uninstall`)
read-broken-profile = в профиле игры `{ $game }` есть ошибки, поэтому колоду нельзя проверить по нему
read-broken-profile-help = запустите `deckdsl check { $path }`, чтобы их увидеть

## Файл

read-link-out = файл — символическая ссылка на файл вне его папки; он не прочитан
read-link-out-help = скопируйте файл в папку вместо ссылки на него (deckdsl не читает файлы вне папки, которую проверяет)
read-not-regular = не удаётся прочитать файл: это не обычный файл
read-cannot-read = не удаётся прочитать файл: { $reason }
read-file-size = размер файла — { NUMBER($size, useGrouping: 1) } { $size ->
        [one] байт
        [few] байта
       *[many] байт
    }; для таких файлов предел — { NUMBER($limit, useGrouping: 1) }
read-file-over = файл больше { NUMBER($limit, useGrouping: 1) } { $limit ->
        [one] байта
        [few] байт
       *[many] байт
    }; для таких файлов предел — { NUMBER($limit, useGrouping: 1) }
read-file-size-help = колода из 10 000 карт занимает около 1,3 МБ, а профиль игры — несколько КБ: это точно нужный файл?
read-text-size = в тексте { NUMBER($count, useGrouping: 1) } { $count ->
        [one] символ
        [few] символа
       *[many] символов
    }; колоды ограничены { NUMBER($limit, useGrouping: 1) } { $limit ->
        [one] байтом
        [few] байтами
       *[many] байтами
    }
read-text-size-help = колода из 10 000 карт занимает около 1,3 МБ: это точно нужный файл?
read-binary = файл двоичный, а не текстовый (в нём есть байт NUL)
read-binary-help = файлы колод и профилей — это текст в UTF-8
read-not-utf8 = файл не в кодировке UTF-8 (байт { $byte } по смещению { $offset })
read-not-utf8-help = сохраните файл в кодировке UTF-8
read-not-listed = ещё { NUMBER($count, useGrouping: 1) } { $count ->
        [one] замечание `{ $code }` в этом файле не показано
        [few] замечания `{ $code }` в этом файле не показаны
       *[many] замечаний `{ $code }` в этом файле не показано
    } (показаны первые { NUMBER($listed, useGrouping: 1) })
read-not-listed-help = исправьте показанные замечания { $code } и проверьте снова

## DK018: невидимые символы (управляющие символы и переопределения направления текста)

hidden-in-text = в этом тексте { $count } { $count ->
        [one] невидимый управляющий символ
        [few] невидимых управляющих символа
       *[many] невидимых управляющих символов
    }: { $chars }
hidden-in-comment = в этом комментарии { $count } { $count ->
        [one] невидимый управляющий символ
        [few] невидимых управляющих символа
       *[many] невидимых управляющих символов
    }: { $chars }
hidden-in-code = { $count } { $count ->
        [one] невидимый управляющий символ
        [few] невидимых управляющих символа
       *[many] невидимых управляющих символов
    } между словами: { $chars }
hidden-help-code = здесь они ничего не значат: удалите их
hidden-help-bidi = символ управления направлением текста заставляет строку читаться не в том порядке, в каком её читает deckdsl («Trojan Source»); если он нужен в тексте, запишите его экранированным, например `\u202e`
hidden-help-control = терминал или журнал выполняет управляющий символ (очищает экран, меняет заголовок, начинает строку); если он нужен в тексте, запишите его экранированным, например `\x1b`
hidden-fix-spaces = заменить их пробелами
hidden-fix-escapes = записать их экранированными: `{ $written }`
