# Экран Janken Wars (deckdsl/games/janken_wars/screen.py) для `deckdsl play`, по-русски.  $who — `you`
# (человек) или `bot`; названия карт и их тексты — из колоды.  Слова — как в тексте правил
# (deckdsl/text/locales/ru.ftl): владения (domain), стол, колода, сброс, звёзды, схватка.  Числа — по CLDR:
# one (1, 21), few (2–4, 22–24), many (0, 5–20); после глагола — винительный падеж («берёте карту»,
# «на 2 звезды»).

jw-take = { $who ->
        [you] вы берёте
       *[bot] бот берёт
    } { $card }
jw-got-brinde = { $who ->
        [you] вы получаете
       *[bot] бот получает
    } Brinde (1 очко)
jw-put-back = { $who ->
        [you] вы кладёте
       *[bot] бот кладёт
    } { $card } в низ колоды
jw-exchanged = { $who ->
        [you] вы обмениваете
       *[bot] бот обменивает
    } { $count } { $count ->
        [one] карту
        [few] карты
       *[many] карт
    } ({ $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }) на { $stars } { $stars ->
        [one] звезду
        [few] звезды
       *[many] звёзд
    }
jw-discarded = { $who ->
        [you] вы сбрасываете
       *[bot] бот сбрасывает
    } все владения, { $count } { $count ->
        [one] карту
        [few] карты
       *[many] карт
    } ({ $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }), без звезды
jw-yes = да
jw-no = нет
jw-keep = нет, оставить владения
jw-exchange = да, обменять
jw-discard = да, сбросить
jw-component = компонент
jw-zone = { $zone ->
        [deck] колода
        [table] стол
        [supply] запас
        [hand] { $who ->
            [you] ваша рука
           *[bot] рука бота
        }
        [domain] { $who ->
            [you] ваши владения
           *[bot] владения бота
        }
        [discard] { $who ->
            [you] ваш сброс
           *[bot] сброс бота
        }
       *[stars] { $who ->
            [you] ваши звёзды
           *[bot] звёзды бота
        }
    }
jw-throw-name = { $throw ->
        [rock] камень
        [paper] бумага
        [scissors] ножницы
       *[other] { $native }
    }
jw-throw-question = ваш бросок
jw-take-question = вы победили — какую карту вы берёте?
jw-no-type = вы победили, но на столе нет карты вашего типа
jw-brinde = взять Brinde (обычную карту в 1 очко)
jw-bottom = положить { $card } в низ колоды
jw-what = что вы делаете?
jw-from = { $card } — { $zone }
jw-choose = { $source }: выберите карту, { $verb ->
        [discard] чтобы сбросить
        [gain] чтобы получить
        [swap] чтобы обменять
        [bottom] чтобы положить в низ колоды
        [cancel] чтобы отменить
       *[modify] для её эффекта
    } ({ $number } из { $count })
jw-may = { $source }: сделать это?
jw-exchange-question = обменять все свои владения ({ $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }) на { $stars } { $stars ->
        [one] звезду
        [few] звезды
       *[many] звёзд
    }?
jw-discard-question = сбросить все свои владения ({ $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }) без звезды?
jw-round = ── раунд { $round } · в колоде { $deck } { $deck ->
        [one] карта
        [few] карты
       *[many] карт
    } ──
jw-table = стол: { $cards }
jw-empty = пусто
jw-state = { $who ->
        [you] вы
       *[bot] бот
    }: { $stars } { $stars ->
        [one] звезда
        [few] звезды
       *[many] звёзд
    } · владения на { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    } [{ $cards }] · в сбросе { $discarded }
jw-tie = ничья: бросайте снова
jw-won = вы выиграли
jw-lost = бот выиграл
jw-throws = вы выбрасываете { $mine }, бот — { $theirs }: { $verdict }
jw-swap = { $first } и { $second } меняются местами
jw-triggers = срабатывает условие карты { $name }
jw-impossible = { $name }: { $kind ->
        [cost] цену заплатить нельзя, она не учитывается
       *[action] действие невозможно, оно не учитывается
    }
jw-why = { $reason ->
        [stars] набрано звёзд для победы
        [deck-stars] колода кончилась; больше звёзд
        [deck-domain] колода кончилась; звёзд поровну, владения ценнее
        [deck-dispute] колода кончилась; всё поровну, решила последняя схватка
        [stars-stars] больше звёзд
        [stars-domain] звёзд поровну, владения ценнее
        [stars-dispute] всё поровну, решила последняя схватка
       *[round-limit] партию прервал предел раундов
    }
jw-draw = ничья ({ $why })
jw-you-won = ВЫ ПОБЕДИЛИ ({ $why }), раунд { $round }
jw-bot-won = бот победил ({ $why }), раунд { $round }
jw-goal = побеждает тот, кто первым наберёт { $stars } { $stars ->
        [one] звезду
        [few] звезды
       *[many] звёзд
    }; звезда стоит { $cost } { $cost ->
        [one] очко
        [few] очка
       *[many] очков
    }
jw-choice = { $first } — { $then }

jw-confirm-discard = точно сбросить все свои владения — { $count } { $count ->
        [one] карту
        [few] карты
       *[many] карт
    } ({ $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }) — без звезды?
