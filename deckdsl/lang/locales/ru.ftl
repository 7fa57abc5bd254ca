# Замечания при чтении файла (DK0xx) по-русски (deckdsl/said.py).

unclosed-named = нет закрывающей скобки у { $kind } `{ $name }`, открытого в { $line }:{ $column }
unclosed-keyword = нет закрывающей скобки у `{ $kind }`, открытого в { $line }:{ $column }
unclosed-block = нет закрывающей скобки у блока, открытого в { $line }:{ $column }
block-ends-here = блок должен кончаться здесь
add-brace = добавьте `{"}"}` в конце блока
unclosed-string = у этого текста нет закрывающей кавычки
unclosed-string-help = закончите текст символом `"` на той же строке
unknown-word = неизвестное слово `{ $word }`
