# Слова таблиц и сводок командной строки (deckdsl/cli/), по-русски.

show-name = название
show-copies = копии
show-value = значение
show-cost = цена
show-action = действие
show-condition = условие
show-yes = да
show-total = всего
