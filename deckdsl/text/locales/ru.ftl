# Rules text in Russian, for decks with `language: ru` (Queens vs Kings, seed 004).  How the messages are
# used, and their variables: docs/print.md, "Rules text in your language".  Every message may read $voice
# (`action`: the card's owner is addressed, «сбросьте карту»; `condition`: described, «игрок сбрасывает»)
# and $trigger (`yes` inside a trigger).
#
# Words: соперник (the opponent), игрок (the card's owner, in conditions), владения (a player's domain),
# стол, колода, сброс, звёзды, схватка (a dispute).  Actions address the owner politely in the plural
# imperative («получите»).  A phrase of cards is inflected by its $role: `object` → accusative (the object
# of a verb), `subject` → nominative, `counted` → genitive plural (after «число»), `owner` → genitive (the
# cards an action belongs to), `swapped-for` → accusative (after «на»).  Plurals follow CLDR: one, few, many.

## The lines of a card

label-cost = Цена
label-action = Действие
label-condition = Условие
card-line = { $label }: { $text }.
no-effect = (без эффекта)
addenda-title = Дополнения к правилам
# The titles of a playing-card deck's rules-summary card and reference card.
sheet-summary = Краткие правила
sheet-reference = Памятка
steps-separator = { ", затем " }
clauses-separator = { "; " }
trigger-separator = { " и " }
list-separator = { ", " }
list-last = { " и " }

addendum-order = Когда эффекты карт { $listed } применяются одновременно, { $count ->
        [2] первыми идут эффекты карты { $first }
       *[other] они идут в таком порядке: { $names }
    }.

## Numbers

number = { $value }
# A feminine numeral (карта, звезда) in the case of $role.
# «Одну» is not said: «сбросьте карту», as a card says it.
numeral = { $count ->
        [1] {""}
       *[other] { $role ->
            [subject] { numeral-nominative }
            [counted] { numeral-genitive }
            [owner] { numeral-genitive }
           *[other] { numeral-accusative }
        }
    }
numeral-accusative = { $count ->
        [1] одну
        [2] две
        [3] три
        [4] четыре
        [5] пять
        [6] шесть
        [7] семь
        [8] восемь
        [9] девять
        [10] десять
       *[other] { $count }
    }
numeral-nominative = { $count ->
        [1] одна
       *[other] { numeral-accusative }
    }
numeral-genitive = { $count ->
        [1] одной
        [2] двух
        [3] трёх
        [4] четырёх
        [5] пяти
        [6] шести
        [7] семи
        [8] восьми
        [9] девяти
        [10] десяти
       *[other] { $count }
    }
binary-op = { $left } { $op ->
        [add] плюс
        [subtract] минус
        [multiply] умножить на
       *[divide] разделить на
    } { $right }
negate = минус { $operand }
comparator = { $comparator ->
        [at-least] не меньше
        [at-most] не больше
        [equal] равно
        [not-equal] не равно
        [more] больше
       *[less] меньше
    }
comparison = { $left } { comparator } { $right }
rounded = { $number } с округлением { $direction ->
        [up] вверх
       *[down] вниз
    }
count = число { $cards }
sum = сумма значений { $cards }

## Cards

# The noun «карта» with a number: its case from $role, its form from the plural category of $count.
card-noun = { $role ->
        [subject] { $count ->
            [one] карта
            [few] карты
           *[other] карт
        }
        [counted] карт
        [owner] { $count ->
            [one] карты
           *[other] карт
        }
       *[other] { $count ->
            [one] карту
            [few] карты
           *[other] карт
        }
    }
card-other = { $other ->
        [yes] { $role ->
            [subject] { $count ->
                [one] другая
                [few] другие
               *[other] других
            }
            [counted] других
            [owner] { $count ->
                [one] другой
               *[other] других
            }
           *[other] { $count ->
                [one] другую
                [few] другие
               *[other] других
            }
        }
       *[no] {""}
    }
cards = { $count ->
        [all] { $role ->
            [counted] { $other ->
                [yes] других
               *[no] {""}
            } карт
            [owner] всех { $other ->
                [yes] других
               *[no] {""}
            } карт
           *[other] все { $other ->
                [yes] другие
               *[no] {""}
            } карты
        }
       *[other] { $up-to ->
            [yes] до { numeral-genitive } { $other ->
                [yes] { $count ->
                    [1] другой
                   *[other] других
                }
               *[no] {""}
            } { $count ->
                [1] карты
               *[other] карт
            }
           *[no] { numeral } { card-other } { card-noun }
        }
    }
selection = { $own ->
        [yes] { $count ->
            [all] { $role ->
                [counted] своих
                [owner] всех своих
               *[other] все свои
            } { $other ->
                [yes] { $role ->
                    [counted] других
                    [owner] других
                   *[other] другие
                }
               *[no] {""}
            } { $role ->
                [counted] карт
                [owner] карт
               *[other] карты
            } { $filters }
           *[other] { $cards } { $filters } { $location }
        }
       *[no] { $cards } { $filters } { $location }
    } { $values } { $chooser ->
        [random] наугад
        [you] по вашему выбору
        [opponent] по выбору соперника
       *[none] {""}
    }
# Where cards are taken from ($use `from`: «из колоды») or are ($use `in`: «в колоде»).
location = { $zone ->
        [table] { $use ->
            [in] на столе
           *[from] со стола
        }
        [deck] { $use ->
            [in] в колоде
           *[from] из колоды
        }
        [domain] { $owner ->
            [opponent] { $actor ->
                [opponent] { $use ->
                    [in] в своих владениях
                   *[from] из своих владений
                }
               *[other] соперника
            }
           *[you] { $voice ->
                [action] { $use ->
                    [in] в ваших владениях
                   *[from] из ваших владений
                }
               *[condition] игрока
            }
        }
        [discard] { $use ->
            [in] в { $owner ->
                [opponent] сбросе соперника
               *[you] { $voice ->
                    [action] вашем сбросе
                   *[condition] сбросе игрока
                }
            }
           *[from] из { $owner ->
                [opponent] сброса соперника
               *[you] { $voice ->
                    [action] вашего сброса
                   *[condition] сброса игрока
                }
            }
        }
        [stars] { $use ->
            [in] среди { $owner ->
                [opponent] звёзд соперника
               *[you] { $voice ->
                    [action] ваших звёзд
                   *[condition] звёзд игрока
                }
            }
           *[from] из { $owner ->
                [opponent] звёзд соперника
               *[you] { $voice ->
                    [action] ваших звёзд
                   *[condition] звёзд игрока
                }
            }
        }
       *[other] { $use ->
            [in] в зоне
           *[from] из зоны
        } «{ $place }» { $owner ->
            [opponent] соперника
           *[you] { $voice ->
                [action] {""}
               *[condition] игрока
            }
        }
    }
zone = { $zone ->
        [domain] { $owner ->
            [opponent] { zone-cards } соперника
           *[you] { $voice ->
                [action] { $role ->
                    [counted] ваших карт
                    [owner] ваших карт
                   *[other] ваши карты
                }
               *[condition] { zone-cards } игрока
            }
        }
       *[other] { zone-cards } { $location }
    }
zone-cards = { $role ->
        [counted] карт
        [owner] карт
       *[other] карты
    }
counted-zone = { $zone ->
        [domain] карт { counted-owner }
        [stars] звёзд { counted-owner }
        [table] карт на столе
        [deck] карт в колоде
        [discard] карт в сбросе { counted-owner }
       *[other] карт в зоне «{ $place }» { counted-owner }
    }
counted-owner = { $owner ->
        [opponent] соперника
       *[you] игрока
    }
this-card = { $role ->
        [subject] эта карта
        [counted] этой карты
        [owner] этой карты
       *[other] эту карту
    }
event-card = { $role ->
        [subject] она
        [swapped-for] неё
       *[other] её
    }
deck-top = { $count ->
        [1] { $role ->
            [subject] верхняя карта
            [counted] верхней карты
            [owner] верхней карты
           *[other] верхнюю карту
        }
       *[other] { numeral } { $role ->
            [counted] верхних карт
            [owner] верхних карт
           *[other] { $count ->
                [few] верхние карты
               *[other] верхних карт
            }
        }
    } колоды
type-filter = типа «{ type-name }»
type-name = { $type ->
        [rock] камень
        [paper] бумага
        [scissors] ножницы
       *[other] { $type }
    }
name-filter = под названием «{ $name }»
value-filter = со значением { $comparator ->
        [at-least] не меньше
        [at-most] не больше
        [equal] ровно
        [not-equal] не
        [more] больше
       *[less] меньше
    } { $amount }

## Steps

# $mood: default, infinitive (after «можете»), future (in an event: «каждый раз, когда вы получаете»).
verb = { $mood ->
        [infinitive] { verb-infinitive }
        [future] { $player ->
            [opponent] соперник { verb-third }
           *[you] вы { verb-second }
        }
       *[default] { $player ->
            [opponent] соперник { verb-third }
           *[you] { $voice ->
                [action] { verb-imperative }
               *[condition] игрок { verb-third }
            }
        }
    }
verb-imperative = { $verb ->
        [gain] получите
        [discard] сбросьте
        [lose] потеряйте
        [put] положите
        [swap] поменяйте
       *[cancel] отмените
    }
verb-infinitive = { $verb ->
        [gain] получить
        [discard] сбросить
        [lose] потерять
        [put] положить
        [swap] поменять
       *[cancel] отменить
    }
verb-third = { $verb ->
        [gain] получает
        [discard] сбрасывает
        [lose] теряет
        [put] кладёт
        [swap] меняет
       *[cancel] отменяет
    }
verb-second = { $verb ->
        [gain] получаете
        [discard] сбрасываете
        [lose] теряете
        [put] кладёте
        [swap] меняете
       *[cancel] отменяете
    }
gain = { $also ->
        [yes] также { verb }
       *[no] { verb }
    } { $cards }
stars = { $count ->
        [expr] звёзды (их число — { $amount })
        [1] звезду
        [2] две звезды
        [3] три звезды
        [4] четыре звезды
       *[other] { numeral-accusative } { $count ->
            [one] звезду
            [few] звезды
           *[other] звёзд
        }
    }
gain-stars = { verb } { $stars }
lose-stars = { verb } { $stars }
discard = { verb } { $cards }
discard-chosen = { $chooser ->
        [you] выберите
       *[opponent] соперник выбирает
    } { $cards }, и { $actor ->
        [opponent] он { discard-chosen-them } сбросит
       *[you] вы { discard-chosen-them } сбросите
    }
discard-chosen-them = { $count ->
        [one] её
       *[other] их
    }
swap = { $passive ->
        [yes] эту карту нужно обменять на { $second }
       *[no] { verb } { $first } на { $second }
    }
put-on-bottom = { verb } { $cards } под низ колоды
cancel-action = { verb } { $whose ->
        [it] её действие
       *[cards] действие { $cards }
    }
optional = { $actor ->
        [opponent] соперник может
       *[you] { $voice ->
            [action] вы можете
           *[condition] игрок может
        }
    } { $step }
conditional = если { $test }, { $step }

## Conditions

value-definition = значение — { $expr }
value-change = { $one ->
        [yes] стоит
       *[no] стоят
    } { $op ->
        [add] { $count ->
            [expr] больше на { $amount }
           *[other] на { value-points } больше
        }
        [subtract] { $count ->
            [expr] меньше на { $amount }
           *[other] на { value-points } меньше
        }
        [multiply] { $count ->
            [2] вдвое больше
            [expr] больше в { $amount } раз
           *[other] в { $amount } { $count ->
                [few] раза
               *[other] раз
            } больше
        }
       *[set] { $count ->
            [expr] столько очков: { $amount }
           *[other] { value-points }
        }
    }
value-points = { $count ->
        [1] одно очко
        [2] два очка
        [3] три очка
        [4] четыре очка
       *[other] { $amount } { $count ->
            [one] очко
            [few] очка
           *[other] очков
        }
    }
value-modifier = { $cards } { $change }
value-modifier-chosen = когда эта карта входит в ваши владения, { $chooser ->
        [random] { $cards } { $one ->
            [yes] выбирается
           *[no] выбираются
        } наугад
        [opponent] соперник выбирает { $cards }
       *[you] выберите { $cards }
    }: { $one ->
        [yes] она
       *[no] они
    } { $change }
discard-priority = должна быть сброшена { $order ->
        [first] раньше
       *[last] позже
    } других карт игрока
trigger = каждый раз, когда { $event }, { $steps }
gain-event = { verb } { $cards }
discard-event = { verb } { $cards }
dispute-event = { $player ->
        [opponent] соперник { $outcome ->
            [win] выигрывает
           *[lose] проигрывает
        }
       *[you] вы { $outcome ->
            [win] выигрываете
           *[lose] проигрываете
        }
    } схватку { $throw ->
        [none] {""}
        [rock] камнем
        [paper] бумагой
        [scissors] ножницами
       *[other] картой «{ $throw }»
    }
