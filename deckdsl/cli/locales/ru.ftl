# Слова таблиц и сводок командной строки (deckdsl/cli/), по-русски.

show-name = название
show-copies = копии
show-value = значение
show-cost = цена
show-action = действие
show-condition = условие
show-yes = да
show-total = всего

check-summary = проверено { $files } { $files ->
        [one] файл
        [few] файла
       *[many] файлов
    }: { $errors } { $errors ->
        [one] ошибка
        [few] ошибки
       *[many] ошибок
    }, { $warnings } { $warnings ->
        [one] предупреждение
        [few] предупреждения
       *[many] предупреждений
    }
check-fixable-safe = { $count } можно исправить командой `deckdsl check --fix`
check-fixable-unsafe = { $count } — с `--fix --unsafe-fixes`
check-fixable-both = { $safe } можно исправить командой `deckdsl check --fix`; ещё { $more } — с `--fix --unsafe-fixes`
check-fixable-remaining = ещё { $count } можно исправить с `--fix --unsafe-fixes` (проверьте каждое: это догадки)

explain-no-card = в колоде нет карты `{ $card }`
explain-no-card-hint = в колоде нет карты `{ $card }`; { $hint }
explain-findings = находки:

progress-evidence = проверка игрой
progress-playing = партии
progress-sweeping = перебор
progress-screening = отбор
progress-confirming = подтверждение
