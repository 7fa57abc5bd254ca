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
zone-shared = зона `{ $zone }` общая: она не принадлежит ни одному игроку
write-the-zone = напишите `the { $key }`
zone-whose = укажите, чья это зона `{ $zone }`
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

## deckdsl/check/cards.py, semantics.py: заголовок, поля карт и эффекты (DK1xx)

check-no-header = в файле нет заголовка `deck`; он проверяется как колода Janken Wars
check-no-header-help = начните файл с `deck "Title" {"{"} game: janken-wars {"}"}`
check-parameter-choices = параметр `{ $key }` должен быть одним из { $choices }, а не `{ $value }`
check-parameter-range = параметр `{ $key }` должен быть числом от { $min } до { $max }, а не `{ $value }`
check-parameter-is = { $key }: { $description } (по умолчанию { $default })
check-copies-too-few = у `{ $card }` { $count } { $count ->
        [one] копия
        [few] копии
       *[many] копий
    }; у карты должна быть хотя бы одна копия
check-remove-card = лучше уберите карту
check-star-undefined = `{ $card }` стоит `*`, но её условие не говорит, сколько
check-star-undefined-help = добавьте `condition: value = …`, например `condition: value = count(your domain)`
check-star-needed = `{ $card }` задаёт своё значение в условии, поэтому её значение должно быть `*`
check-value-written-here = значение записано здесь
check-write-star = напишите `value: *`
check-value-twice = `{ $card }` задаёт своё значение дважды
check-first-definition = первое определение
check-keep-one-value = оставьте одно `value = …`
check-field-twice = поле `{ $key }` записано в `{ $card }` дважды
check-duplicate-card = две карты называются `{ $card }`
check-first-one = первая
check-duplicate-card-help = дайте каждой карте своё имя или увеличьте `copies:` у первой
check-invisible-difference = `{ $card }` выглядит так же, как `{ $first }`: они отличаются только символами { $chars }
check-looks-the-same = напечатано так же, как это
check-invisible-difference-help = читатель их не различит, а эффект, называющий одну карту, мог быть написан для другой: дайте каждой карте имя, которое выглядит по-своему
check-order-twice = `{ $card }` дважды встречается в этом порядке
check-first-here = впервые здесь
check-type-number = число
check-type-fraction = дробь
check-type-cards = набор карт
check-must-be = { $role }: ожидается { $wanted }, а здесь { $got }
check-fraction = { $role }: ожидается целое число, а это деление может дать дробь
check-round-it = округлите: `ceil(…)` округляет вверх, `floor(…)` — вниз
check-count-them = посчитайте их через `count(…)` или сложите их значения через `total(…)`
check-op-cards = для `{ $op }` нужны числа с обеих сторон, а здесь набор карт
check-division-by-zero = деление на ноль
check-negate-cards = для `-` нужно число, а здесь набор карт
check-rounds-cards = `{ $name }` округляет число, а здесь набор карт
check-role-argument = аргумент `{ $name }`
check-role-compared = сравниваемое
check-role-compared-value = сравниваемое значение
check-role-gained = то, что получают
check-role-stars = число звёзд
check-role-discarded = то, что сбрасывают
check-role-swapped = то, что меняют
check-role-swapped-with = то, на что меняют
check-role-bottom = то, что кладут под низ колоды
check-role-cancelled = карта, чьё действие отменяют
check-role-value = значение
check-role-modified = то, что изменяют
check-role-modifier = модификатор
check-it-no-trigger = `it` означает карту события триггера, а здесь нет триггера
check-it-help = используйте `it` внутри `whenever …: …`; в других местах назовите карту: `this`, `a card from the table` …
check-its-action-no-trigger = `its action` означает действие карты триггера, а здесь нет триггера
check-cancel-help = напишите `cancel the action of …`
check-pick-at-least-one = выбор должен брать хотя бы одну карту
check-top-at-least-one = возьмите хотя бы верхнюю карту колоды
check-continuous-choice = постоянный эффект не может выбирать карты: он действует на каждую подходящую карту
check-continuous-help = лучше опишите карты, например `other cards in your domain`
check-entry-choice = карты, выбранные при входе этой карты во владения, должны быть выбором: укажите, сколько
check-entry-choice-help = напишите `another card in your domain`, `a card of type pedra in your domain` …

## deckdsl/check/vocabulary.py: что разыгрывает игра колоды (DK124)

check-field-not-played = { $game } не разыгрывает поле карты `{ $key }:`: движок игры пропустил бы его у `{ $card }`
check-effect-not-played = { $game } не разыгрывает этот эффект ({ $kind }) в `{ $key }:`: движок игры пропустил бы его
check-no-effects-played = у карт { $game } нет эффектов: движок игры читает только их атрибуты ({ $attributes }) и число копий; уберите поле или запишите слова, которые не являются правилами, как `flavor:`
check-effects-played = { $game } разыгрывает поля { $fields } с такими эффектами: { $nodes }
check-none = нет

## deckdsl/check/suppress.py: ненужный `# deckdsl: allow` (DK130)

check-not-a-code = `{ $code }` — не код deckdsl
check-rules-lists-codes = коды перечисляет `deckdsl rules`
check-suppresses-nothing = это подавление `{ $code }` ничего не подавляет
check-remove-suppression = уберите его: находки, ради которой оно было, больше нет
check-remove-comment = уберите ненужный комментарий подавления
check-remove-code = уберите `{ $code }` из комментария подавления

## deckdsl/check/art.py, pictures.py: изображения карт (DK301, DK302, DK310)

check-image-missing = изображения `{ $path }` нет; карта печатается без него
check-the-path = проверьте путь: он отсчитывается от файла колоды
check-render-refuses = отрисовка не читает `{ $path }`: колода может использовать только файлы из своей папки
check-image-next-to-deck = положите изображение рядом с файлом колоды и укажите относительный путь
check-over-pixels = больше { NUMBER($count, useGrouping: "true") } пикселей
check-picture-size = { $width }×{ $height } пикс.
check-picture-too-large = изображение `{ $path }` ({ $size }) крупнее, чем нужно любой печатной карте (допустимо не больше { NUMBER($limit, useGrouping: "true") } пикселей); оно не читается
check-scale-it-down = уменьшите его до размера карты в том разрешении, в котором вы печатаете: карта для покера с полями под обрез — это 1642×2242 пикс. при 600 dpi

## deckdsl/check/style.py: блок `print` (DK308, DK301)

check-print-twice = `{ $key }` задан в блоке `print` дважды
check-keep-one = оставьте один: иначе молча победит последний
check-print-unknown = `{ $key }` — не настройка блока `print`
check-print-settings-are = настройки: { $keys } (docs/print.md)
check-print-one-of = `{ $key }` принимает одно из: { $values }
check-write-for-example = напишите, например, `{ $code }`
check-print-table = `{ $key }` принимает таблицу, по записи на каждое значение
check-print-table-help = напишите, например, `{ $key }: {"{"} { $example }: … {"}"}` в одну строку
check-print-not-a-value = `{ $value }` — не значение `{ $key }`
check-print-values-are = значения: { $values }
check-print-sample = например, `{ $code }`
check-print-entry-twice = `{ $value }` указано в `{ $key }` дважды
check-file-font = шрифта
check-file-picture = изображения
check-print-file = `{ $key }` принимает путь к файлу { $what } в кавычках
check-or = { $first } или { $second }
check-print-file-type = deckdsl не может напечатать `{ $path }` как файл { $what }
check-use-a-file = используйте файл { $types }
check-copy-next-to-deck = скопируйте файл к колоде и укажите его путь относительно колоды
check-print-file-outside = `{ $key }` должен быть файлом из папки колоды, а не `{ $path }`
check-outside-folder = `{ $path }` лежит вне папки колоды
check-print-file-missing = файла { $what } `{ $path }` нет
check-path-from-folder = проверьте путь: он отсчитывается от папки файла колоды
check-print-show = `show` принимает список атрибутов, `[type, rarity]` (`[]` не показывает ни одного)
check-print-not-attribute = `{ $key }` — не атрибут игры
check-attributes-are = атрибуты: { $keys }
check-not-a-colour = `{ $value }` — не цвет: напишите `#rrggbb` (в кавычках: `#` начинает комментарий)
check-rarity-mark = знак редкости — от 1 до { $count } символов в кавычках

## deckdsl/check/coverage.py: что не прочитано и потому не проверено (DK131)

check-header-lost = заголовок `deck` не удалось прочитать, поэтому игра и её параметры правил неизвестны
check-addenda-lost = { $count } { $count ->
        [one] блок дополнения не удалось прочитать
        [few] блока дополнений не удалось прочитать
       *[many] блоков дополнений не удалось прочитать
    }
check-header-errors = в заголовке `deck` есть ошибки, поэтому его параметры правил могут быть не теми, что задуманы
check-cards-lost = { $count } { $count ->
        [one] блок карты не удалось прочитать
        [few] блока карт не удалось прочитать
       *[many] блоков карт не удалось прочитать
    }
check-fields-lost = некоторые поля { $cards } не удалось прочитать
check-skipped = пропущены { $codes }: { $reason }
check-not-judged = `{ $card }`: не прочитано { $fields }, поэтому { $codes } эту карту не проверяли
check-card-partly-read = `{ $card }`: прочитана не полностью
check-this-deck = эта колода
check-more-places = и ещё { $count } { $count ->
        [one] непрочитанное место
        [few] непрочитанных места
       *[many] непрочитанных мест
    } (все они перечислены в ошибках выше)
check-lost-named-card = карту `{ $card }` не удалось прочитать
check-lost-header = заголовок `deck` не удалось прочитать
check-lost-card = эту карту не удалось прочитать
check-lost-addendum = это дополнение не удалось прочитать
check-lost-block = этот блок не удалось прочитать

## deckdsl/check/lists.py: списки

check-and = { $first } и { $second }
check-comma = { $first }, { $second }
check-semicolon = { $first }; { $second }

## deckdsl/check/rules/: число карт в колоде (DK201, DK202)

check-change-copies = измените `copies:` у `{ $card }` с { $old } на { $new }
check-written-derived = { $key }: { $values }

## deckdsl/check/hazards/order.py: противоречивые порядки (DK123)

check-earlier-line = более ранняя строка этого дополнения
check-addendum-titled = дополнение "{ $title }"
check-addenda-titled = дополнения { $titles }
check-order-contradicts = этот порядок ставит `{ $first }` перед `{ $second }`, а { $where } { $count ->
        [one] ставит
       *[other] ставят
    } `{ $second }` перед `{ $first }`
check-order-contradicts-through = этот порядок ставит `{ $first }` перед `{ $second }`, а { $where } { $count ->
        [one] ставит
       *[other] ставят
    } `{ $second }` перед `{ $first }` (через { $through })
check-addendum-puts = дополнение "{ $title }" ставит `{ $first }` перед `{ $second }`
check-keep-one-order = оставьте для этих карт один порядок: удалите одну из строк или запишите нужный порядок в одном дополнении (пока что deckdsl следует первому из них)

## deckdsl/check/hazards/findings.py: эффекты, порядок которых важен (JW113, JW117, JW118, JW119)

check-hazard-others = (и ещё { $count } { $count ->
        [one] карта
        [few] карты
       *[many] карт
    })
check-hazard-priorities = `{ $first }` и `{ $second }` обе `discarded { $order }`, и ни одно дополнение не говорит, какую сбрасывать первой { $more }
check-hazard-modifiers = { $first } и { $second } могут менять значение одной и той же карты, и ни одно дополнение не говорит, какой применяется первым { $more }
check-hazard-triggers = { $first } и { $second } срабатывают от одного и того же события, и ни одно дополнение не говорит, какая срабатывает первой { $more }
check-hazard-values = значения { $first } и { $second } читают друг друга, и ни одно дополнение не говорит, какое вычисляется первым { $more }
check-hazard-help = добавьте дополнение, которое их упорядочит: `{ $code }` (или наоборот, если колода задумана так)
check-hazard-fix-engine = добавьте дополнение с `{ $code }` — в том порядке, в котором deckdsl разыгрывает их по умолчанию
check-hazard-fix-file = добавьте дополнение с `{ $code }` — в порядке файла колоды
check-modifier-of = модификатор `{ $card }`
check-value-of = значение `{ $card }`
check-trigger-of = триггер `{ $card }`
check-priority-of = приоритет сброса `{ $card }`

## deckdsl/check/hazards/describe.py: ситуация, в которой порядок меняет исход

check-situation = { $setting }: { $orders }
check-orders = сначала `{ $first }` → { $one }; сначала `{ $second }` → { $other }
check-orders-worth = сначала `{ $first }` → { $what } стоит { $one }; сначала `{ $second }` → { $other }
check-valued = { $what } { $value }
check-each = каждая { $what }
check-each-brinde = каждый Brinde
check-the-brinde = Brinde
check-brindes-each = { $count } Brinde (по 1)
check-a-brinde-worth = Brinde (1)
check-a-brinde = Brinde
check-times = { $what } ×{ $count }
check-zone-holds = { $place }: { $cards }
check-stars-left = в запасе { $count ->
        [one] осталась { $count } звезда
        [few] осталось { $count } звезды
       *[many] осталось { $count } звёзд
    }
check-no-star-left = в запасе не осталось звёзд
check-you-hold-stars = у вас { $count } { $count ->
        [one] звезда
        [few] звезды
       *[many] звёзд
    }
check-you-hold-no-star = у вас нет звёзд
check-opponent-holds-stars = у соперника { $count } { $count ->
        [one] звезда
        [few] звезды
       *[many] звёзд
    }
check-opponent-holds-no-star = у соперника нет звёзд
check-you-win-dispute = вы выигрываете схватку: { $throw } против { $against }
check-opponent-wins-dispute = соперник выигрывает схватку: { $throw } против { $against }
check-makes-you-discard = `{ $card }` заставляет вас сбросить карту из этих владений
check-makes-opponent-discard = `{ $card }` заставляет соперника сбросить карту из этих владений
check-you-discard = вы сбрасываете { $what } { $origin }
check-opponent-discards = соперник сбрасывает { $what } { $origin }
check-you-take = вы берёте { $what } со стола
check-opponent-takes = соперник берёт { $what } со стола
check-you-win-brinde = вы получаете Brinde
check-opponent-wins-brinde = соперник получает Brinde
check-you-gain = вы получаете { $what } { $origin }
check-opponent-gains = соперник получает { $what } { $origin }
check-never-stop = эффекты бесконечно запускают друг друга
check-nowhere = нигде
check-stays = { $what } остаётся { $places }
check-ends = { $what } оказывается { $places }
check-action-cancelled = действие `{ $card }` отменено
check-action-not-cancelled = действие `{ $card }` не отменено
check-nothing-changes = ничего не меняется
check-can-end-with = может закончиться так: { $what }
check-at-bottom = внизу колоды
check-in-zone = в зоне «{ $zone }»
check-from-zone = из зоны «{ $zone }»
check-zone-yours = ваш { $key }
check-zone-opponents = { $key } соперника
check-zone-deck = колода
check-in-deck = в колоде
check-from-deck = из колоды
check-zone-table = стол
check-on-table = на столе
check-from-table = со стола
check-zone-supply = запас
check-in-supply = в запасе
check-from-supply = из запаса
check-zone-your-hand = ваша рука
check-in-your-hand = в вашей руке
check-from-your-hand = из вашей руки
check-zone-opponent-hand = рука соперника
check-in-opponent-hand = в руке соперника
check-from-opponent-hand = из руки соперника
check-zone-your-domain = ваши владения
check-in-your-domain = в ваших владениях
check-from-your-domain = из ваших владений
check-zone-opponent-domain = владения соперника
check-in-opponent-domain = во владениях соперника
check-from-opponent-domain = из владений соперника
check-zone-your-discard = ваш сброс
check-in-your-discard = в вашем сбросе
check-from-your-discard = из вашего сброса
check-zone-opponent-discard = сброс соперника
check-in-opponent-discard = в сбросе соперника
check-from-opponent-discard = из сброса соперника
check-zone-your-stars = ваши звёзды
check-in-your-stars = среди ваших звёзд
check-from-your-stars = из ваших звёзд
check-zone-opponent-stars = звёзды соперника
check-in-opponent-stars = среди звёзд соперника
check-from-opponent-stars = из звёзд соперника

## deckdsl/check/fixes.py: исправления, которые не удалось проверить

check-fix-adds-error = исправление добавило бы ошибку ({ $code }: { $finding })
check-fix-not-verified = исправление не удалось проверить (слишком много исправлений)

## deckdsl/cli/checking.py, playing.py: файлы, которые deckdsl не смог проверить, и игры без конца

check-fix-timed-out = исправление этого файла заняло больше { $seconds } с: оно остановлено, файл оставлен как был
check-fix-timed-out-help = дайте больше времени (--timeout) или исправляйте меньше проблем за раз (--select)
check-timed-out = проверка этого файла заняла больше { $seconds } с: она остановлена
check-timed-out-help = файл, который проверяется так долго, — это ошибка в deckdsl: сообщите о ней, приложив файл (или дайте больше времени: --timeout)
check-internal-error = deckdsl не справился с этим файлом: { $error }: { $detail }
check-internal-error-help = это ошибка в deckdsl, а не в вашем файле: сообщите о ней, приложив файл
check-triggers-here = `{ $card }` срабатывает здесь
check-loop-help = сделайте так, чтобы шаги триггера не могли снова запустить тот же триггер (или увеличьте --set step_limit=N)
check-tie-help = используйте ботов, которые выбирают по-разному, например --players random,greedy

## `deckdsl explain`: чего стоит каждая карта по модели её игры

explain-value = значение
explain-effects = эффекты
explain-power = сила
explain-as-written = как написано
explain-no-value = нет значения
explain-value-typical = `{ $written }` при типичных размерах зон ({ $sizes })
explain-zone-domain = владения
explain-zone-discard = сброс
explain-zone-table = стол
explain-zone-deck = колода
explain-zone-stars = звёзды
explain-effects-worth = сколько они стоят для владельца карты
explain-effects-drawback = сколько они стоят для владельца карты (есть недостаток)
explain-power-sum = значение + эффекты
explain-no-game = у колоды без игры нет модели того, сколько стоят эффекты: показать нечего
explain-no-model = у игры { $game } нет модели того, сколько стоят эффекты: показать нечего
explain-table-empty = в колоде нет карт, так что на столе никогда не бывает продвинутой карты
explain-table-none = ни одна из { $total } { $total ->
        [one] карты
       *[many] карт
    } колоды не продвинутая, так что на столе её никогда не бывает
explain-table = свежий стол из { $table } { $table ->
        [one] карты
       *[many] карт
    }, взятых из { $total }, содержит { $advanced ->
        [1] единственную продвинутую карту
       *[other] хотя бы одну из { $advanced } { $advanced ->
            [one] продвинутой карты
           *[many] продвинутых карт
        }
    } с вероятностью 1 − C({ $rest },{ $dealt })/C({ $total },{ $dealt }) = { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) } %
explain-table-short = свежий стол из { $table } { $table ->
        [one] карты
       *[many] карт
    } (колода заполняет только { $dealt }), взятых из { $total }, содержит { $advanced ->
        [1] единственную продвинутую карту
       *[other] хотя бы одну из { $advanced } { $advanced ->
            [one] продвинутой карты
           *[many] продвинутых карт
        }
    } с вероятностью 1 − C({ $rest },{ $dealt })/C({ $total },{ $dealt }) = { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) } %
explain-evidence-not-played = проверка игрой не проведена — в колоде есть ошибки
explain-number = { $value }
explain-signed = +{ $value }
