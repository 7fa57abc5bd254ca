# Замечания правил Janken Wars по-русски (deckdsl/said.py).

priority-single = `{ $card }` — `discarded { $order }`, а это важно только против `{ $other }`
priority-single-label = единственный сброс выбранной карты: `{ $other }`
priority-single-help = дайте `{ $card }` эффект, который работает со многими картами, или добавьте другие карты, которые заставляют игрока сбросить выбранную карту из владений
trigger-single = триггер `{ $card }` срабатывает только из-за `{ $other }`
trigger-single-label = единственный сброс, который его запускает: `{ $other }`
trigger-single-help = ни правила, ни другие карты не заставляют игрока сбросить то, за чем следит этот триггер; пусть `{ $card }` отвечает на то, что делают многие карты
free-value = `{ $card }` стоит { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    }, на { $above } больше { $limit }, и ничто этого не уравновешивает
free-value-note = сравнение: `{ $card }` — { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    }, без `cost:`, без отрицательного значения и без эффекта во вред владельцу, против { $limit } очков у Origami Sublime из стандартной колоды, у которой тоже нет эффекта
free-value-help = добавьте недостаток, например `cost: discard a card from your domain` (пример из GDD), или снизьте значение до { $limit }
names-a-card = `{ $card }` называет `{ $other }`: этот эффект работает только с этой одной картой
card-is-here = `{ $card }` — здесь
names-a-card-help = описывайте карты по тому, что они такое (`of type …`, `with value …`, зона), чтобы эффект работал со многими картами колоды

## Списки, сказанные по частям

jw-either = { $first }, или { $second }
jw-below = { $first } < { $rest }
jw-plus = +{ $amount }
jw-point = { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    }
jw-points = { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    }
jw-points-effects = { $points }, эффекты на { $effects }

## JW101 rarity-tracks-power

jw-rarity-power = средняя сила карт растёт с редкостью в { $climbing } из { $types } { $types ->
        [one] типа
       *[many] типов
    }: { $described }
jw-type-climbs = `{ $type }` { $means }
jw-rarity-mean = { $rarity } { $power }
jw-strongest = сила { $power }, самая сильная карта `{ $type }` редкости { $rarity }
jw-rarity-power-help = редкость должна говорить о том, насколько необычен эффект, а не о том, насколько сильна карта: усильте карты редкости { $lowest } или сделайте карты редкости { $highest } не сильнее, а другими

## JW102 complex-simple-card

jw-simple-complex = у простой карты `{ $card }` сложный эффект: { $reasons }
jw-simple-too-long = в её эффектах { $total } { $total ->
        [one] часть
        [few] части
       *[many] частей
    } — на { $above } больше, чем допускается для простой карты ({ $limit })
jw-simple-trigger = в её условии есть триггер (`whenever …`)
jw-simple-modifier = её условие меняет значение других карт
jw-simple-action-condition = у неё есть и действие, и условие
jw-simple-cost-condition = у неё есть и цена, и условие
jw-simple-complex-help = сделайте `{ $card }` продвинутой или особой либо сократите её эффект до одного короткого действия или условия (не больше { $limit } { $limit ->
        [one] части
       *[many] частей
    }, без триггера, без модификатора значения)
jw-its-cost = её цена
jw-its-action = её действие
jw-its-condition = её условие

## JW103 plain-special-card

jw-special-plain = у особой карты `{ $card }` нет эффекта (ни цены, ни действия, ни условия)
jw-special-plain-point = у особой карты `{ $card }` нет эффекта (ни цены, ни действия, ни условия): она стоит всего { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    }
jw-special-plain-points = у особой карты `{ $card }` нет эффекта (ни цены, ни действия, ни условия): она стоит всего { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    }
jw-value-only = значение и ничего больше
jw-special-plain-help = сделайте `{ $card }` простой, как простые карты вроде `Origami Sublime`, или дайте ей эффект с изюминкой

## JW106 better-than-reference

jw-better-than-reference = `{ $card }` стоит { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    } и имеет положительный эффект без недостатка: она строго лучше, чем `{ $reference }` из стандартной колоды ({ $reference-value } { $reference-value ->
        [one] очко
        [few] очка
       *[many] очков
    }, без эффекта)
jw-better-than-reference-about = `{ $card }` стоит около { $value } { $value ->
        [one] очка
        [few] очков
        [many] очков
       *[other] очка
    } (её `value =` при обычных размерах зон) и имеет положительный эффект без недостатка: она строго лучше, чем `{ $reference }` из стандартной колоды ({ $reference-value } { $reference-value ->
        [one] очко
        [few] очка
       *[many] очков
    }, без эффекта)
jw-helps-owner = помогает владельцу: +{ $amount } { $amount ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }
jw-better-than-reference-note = сравнение: `{ $card }` — { $value } { $value ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    } и эффекты на { $effects }, без `cost:` и без эффекта во вред владельцу, против `{ $reference }` — { $reference-value } { $reference-value ->
        [one] очко
        [few] очка
       *[many] очков
    } и никакого эффекта (`deckdsl explain` показывает, сколько стоит каждый эффект)
jw-better-than-reference-help = снизьте значение ниже { $reference-value } или дайте карте недостаток: `cost:`, например `discard a card from your domain`, или эффект во вред владельцу

## JW107 dominated-card

jw-dominated = `{ $card }` ({ $worth }) во всём уступает `{ $other }` ({ $other-worth }), и у `{ $other }` нет недостатка, которого не было бы у `{ $card }`
jw-dominated-by-many = `{ $card }` ({ $worth }) во всём уступает `{ $other }` ({ $other-worth }) и ещё { $others } { $others ->
        [one] карте
       *[many] картам
    } своего типа, и ни у одной из них нет недостатка, которого не было бы у `{ $card }`
jw-dominates = во всём превосходит `{ $card }`: { $worth }
jw-dominated-note = сравнение: `{ $other }` — { $other-points } и эффекты на { $other-effects }, против `{ $card }` — { $points } и { $effects }; { $drawbacks } (`deckdsl explain` показывает, сколько стоит каждый эффект)
jw-only-card-drawback = у `{ $card }` есть недостаток, а у `{ $other }` нет
jw-both-drawback = у обеих есть недостаток
jw-neither-drawback = ни у одной нет недостатка
jw-dominated-rarity = у `{ $other }` редкость { $other-rarity }, а у `{ $card }` — { $rarity }: их всё равно сравнили, потому что GDD просит не делать редкость уровнем силы ("Sempre evite tratar raridade ... como nível de poder")
jw-dominated-help = дайте `{ $card }` то, чего нет у `{ $other }` (больше очков, более сильный или другой эффект), дайте `{ $other }` недостаток или уберите `{ $card }`

## JW109 long-effect

jw-long-effect = в эффектах `{ $card }` { $total } { $total ->
        [one] часть
        [few] части
       *[many] частей
    } — больше, чем можно сказать в нескольких словах (предел — { $limit })
jw-more-here = ещё { $count } здесь
jw-long-cost = в одной только цене { $count } { $count ->
        [one] часть
        [few] части
       *[many] частей
    }; оставьте шаг, который рассказывает историю карты, а остальное уберите или перенесите (самый длинный эффект стандартной колоды, у `Estátua de Sucata`, — 6 частей)
jw-long-action = в одном только действии { $count } { $count ->
        [one] часть
        [few] части
       *[many] частей
    }; оставьте шаг, который рассказывает историю карты, а остальное уберите или перенесите (самый длинный эффект стандартной колоды, у `Estátua de Sucata`, — 6 частей)
jw-long-condition = в одном только условии { $count } { $count ->
        [one] часть
        [few] части
       *[many] частей
    }; оставьте шаг, который рассказывает историю карты, а остальное уберите или перенесите (самый длинный эффект стандартной колоды, у `Estátua de Sucata`, — 6 частей)

## JW110 action-and-condition

jw-both-action = у `{ $card }` есть и действие, и условие
jw-both-cost = у `{ $card }` есть и цена, и условие
jw-both-action-cost = у `{ $card }` есть и действие, и цена, и условие
jw-action-once = действие происходит один раз, когда карту выигрывают
jw-cost-once = цена платится один раз, когда карту выигрывают
jw-keep-action = оставьте либо то, что происходит один раз (действие), либо то, что действует всё время (условие), а другому дайте отдельную карту
jw-keep-cost = оставьте либо то, что происходит один раз (цена), либо то, что действует всё время (условие), а другому дайте отдельную карту
jw-keep-action-cost = оставьте либо то, что происходит один раз (действие и цена), либо то, что действует всё время (условие), а другому дайте отдельную карту

## JW111 name-shape

jw-name-connectors = в имени `{ $card }` только служебные слова, а не существительное и прилагательное
jw-name-one-word = в имени `{ $card }` одно слово, а не существительное и прилагательное
jw-name-words = в имени `{ $card }` { $count } { $count ->
        [one] слово
        [few] слова
       *[many] слов
    }, а не существительное и прилагательное
jw-name-help = назовите повседневный предмет и дайте ему качество, как в `Origami Sublime` или `Joia Cobiçada` (служебные слова вроде `de` не считаются: `Kit de Ferramentas`)

## JW112 paper-value

jw-paper-value = карты типа paper стоят в среднем { NUMBER($paper, minimumFractionDigits: 2, maximumFractionDigits: 2) } очка — меньше, чем карты типа { $best } ({ $means })
jw-type-mean = { $type } { NUMBER($mean, minimumFractionDigits: 2, maximumFractionDigits: 2) }
jw-paper-value-help = в GDD карты paper стоят больше всех (стандартная колода: paper 3,17, rock 2,33, scissors 0,83); поднимите значения карт paper или снизьте значения остальных

## JW114 needless-order

jw-no-order-effect = у `{ $card }` нет эффекта, порядок которого мог бы иметь значение (модификатора значения, значения, которое читает другие значения, триггера или приоритета сброса), так что её место в порядке ничего не меняет
jw-remove-from-order = уберите `"{ $card }"` из `order:`
jw-needless-order = порядок { $cards } и { $last } ничего не меняет: { $reason }
jw-remove-order = уберите этот `order:` (или всё дополнение, если больше в нём ничего нет)
jw-never-together = их эффекты никогда не действуют в один и тот же момент (эффект упорядочивается только с эффектами своего вида)
jw-never-same-card = они никогда не действуют на одну и ту же карту
jw-adding-commutes = сложение и вычитание дают одно и то же в любом порядке
jw-multiplying-commutes = умножение даёт одно и то же в любом порядке
jw-set-same = они устанавливают одно и то же число
jw-no-value-differs = ни одно значение карты, которое пробовала проверка, не выходит другим при обратном порядке
jw-no-shared-event = ни одно событие не запускает оба триггера
jw-no-choosing-discard = ни один сброс в колоде не выбирает среди карт владений
jw-no-situation-differs = ни одна ситуация, которую пробовала проверка, не заканчивается иначе при обратном порядке

## JW115 star-gain

jw-gives-you = `{ $card }` даёт вам { $amount } { $amount ->
        [one] звезду
        [few] звезды
       *[many] звёзд
    }
jw-gives-you-stars = `{ $card }` даёт вам звёзды
jw-gives-opponent = `{ $card }` даёт сопернику { $amount } { $amount ->
        [one] звезду
        [few] звезды
       *[many] звёзд
    }
jw-gives-opponent-stars = `{ $card }` даёт сопернику звёзды
jw-star-help-cost = звезда избавляет от необходимости собирать владения на { $cost } { $cost ->
        [one] очко
        [few] очка
       *[many] очков
    }, так что карта, скорее всего, несбалансирована или скучна; давайте вместо этого очки или карты либо опробуйте карту в игре и оставьте её
jw-star-help = звезда избавляет от необходимости собирать владения, так что карта, скорее всего, несбалансирована или скучна; давайте вместо этого очки или карты либо опробуйте карту в игре и оставьте её

## JW116 low-star-cost

jw-low-star-cost = звезда стоит { $value } { $value ->
        [one] очко
        [few] очка
       *[many] очков
    }, меньше, чем { $standard } в GDD: в его плейтестах при цене 6 очков владения редко набирали больше 3 карт
jw-low-star-cost-help = укажите `star_cost: { $standard }` или сознательно опробуйте более быструю игру

## JW120 few-advanced-on-table

jw-table-of = стол из { $table } { $table ->
        [one] карты
       *[many] карт
    }
jw-advanced-on-table = на только что разложенном столе из { $table } { $table ->
        [one] карты
       *[many] карт
    } продвинутая карта бывает в { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) } % раздач ({ $advanced } { $advanced ->
        [one] продвинутая карта
        [few] продвинутые карты
       *[many] продвинутых карт
    } из { $deck }: 1 − C({ $rest },{ $dealt })/C({ $deck },{ $dealt })) — реже, чем в двух случаях из трёх
jw-no-advanced = { $deck ->
        [1] единственная карта колоды — не продвинутая
        [one] ни одна из { $deck } карты колоды не является продвинутой
       *[many] ни одна из { $deck } карт колоды не является продвинутой
    }: на только что разложенном столе такой карты не бывает никогда
jw-advanced-copies = с { $needed } { $needed ->
        [one] продвинутой копией
       *[many] продвинутыми копиями
    } из { $deck } вышло бы { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) } % (на { $more } больше, вместо простых или особых)
jw-advanced-table = со столом из { $table } { $table ->
        [one] карты
       *[many] карт
    } (`table_size: { $table }`) вышло бы { NUMBER($percent, minimumFractionDigits: 1, maximumFractionDigits: 1) } %
jw-advanced-no-way = ни одна колода такого размера до этого не дотягивает
jw-advanced-help = чтобы продвинутая карта была на большинстве столов («em geral» из GDD, понятое как два раза из трёх): { $how }

## JW121 hoarding-incentive

jw-hoarding = `{ $card }` снижает значение карт соперника, только пока остаётся в ваших владениях: обмен на звёзды сбросил бы её, так что выгодно держать владения
jw-hoarding-note = плейтесты GDD нашли это у старого Rolo Compressor: копить владения, чтобы обменять их на все звёзды разом, было выгоднее, чем брать звёзды рано ("Acúmulo de Domínio")
jw-hoarding-help = сделайте её одноразовым `action:` (каким стал Rolo Compressor в GDD) или пусть эффект заканчивается, когда сработал

## Что объявляют `play` и `simulate`: как движок упорядочивает эффекты, которые не упорядочивает ни одно дополнение

jw-played-modifiers = сначала `{ $card }` (сначала установка, затем умножение, затем сложение или вычитание; при равенстве — в порядке колоды)
jw-played-triggers = сначала `{ $card }` (в порядке колоды)
jw-played-values = ни одно не первым (каждое значение берёт другое таким, каким оно было бы без него)
jw-played-priorities = предоставляя тому, кто выбирает карту для сброса, выбрать между ними

## Проверка игрой (`--evidence`)

jw-evidence = проверка игрой ({ $verdict }): { NUMBER($games, useGrouping: "true") } { $games ->
        [one] парная партия
        [few] парные партии
       *[many] парных партий
    } ({ $first } против { $second }, зерно { $seed }), { $arms }: { $difference } [{ $low }, { $high }]
jw-confirmed = подтверждено
jw-contradicted = опровергнуто
jw-unconfirmed = не подтверждено
jw-evidence-gift = игрок, получивший `{ $better }`, выиграл { NUMBER($first, minimumFractionDigits: 1, maximumFractionDigits: 1) } %, получивший `{ $worse }` — { NUMBER($second, minimumFractionDigits: 1, maximumFractionDigits: 1) } %
jw-evidence-hoarding = накопление выиграло { NUMBER($with-it, minimumFractionDigits: 1, maximumFractionDigits: 1) } % партий с условием `{ $card }` и { NUMBER($without, minimumFractionDigits: 1, maximumFractionDigits: 1) } % без него
jw-pp-plus = +{ NUMBER($points, minimumFractionDigits: 1, maximumFractionDigits: 1) } п. п.
jw-pp = { NUMBER($points, minimumFractionDigits: 1, maximumFractionDigits: 1) } п. п.
jw-evidence-not-played = проверка игрой не проведена — { $error }

## Чего стоит эффект по модели игры (`deckdsl explain`)

jw-worth-gain = { $count } { $count ->
        [one] карта
        [few] карты
        [other] карты
       *[many] карт
    } × { $points } { $points ->
        [one] очко
        [few] очка
        [other] очка
       *[many] очков
    } за каждую (полученная карта, измерено)
jw-worth-gain-taken = { $gain }, из владений другого игрока: его потеря ({ $loss } за карту) тоже учитывается
jw-worth-for-opponent = { $reason }, для соперника
jw-worth-gain-stars = { $stars } { $stars ->
        [one] звезда
        [few] звезды
        [other] звезды
       *[many] звёзд
    } × { $points } { $points ->
        [one] очко
        [few] очка
        [other] очка
       *[many] очков
    } (цена звезды)
jw-worth-lose-stars = потеряно звёзд: { $stars } × { $points } { $points ->
        [one] очко
        [few] очка
        [other] очка
       *[many] очков
    }
jw-worth-removal-nobody = карты без владельца уходят из игры: нейтрально
jw-worth-removal-table = карта со стола, которую берёт выбирающий, уходит из игры: немного контроля (0,5)
jw-worth-removal-yours = { $count } { $count ->
        [one] карта
        [few] карты
        [other] карты
       *[many] карт
    } из ваших владений × { $points } { $points ->
        [one] очко
        [few] очка
        [other] очка
       *[many] очков
    } за каждую (потерянная карта, измерено)
jw-worth-removal-theirs = { $count } { $count ->
        [one] карта
        [few] карты
        [other] карты
       *[many] карт
    } из владений соперника × { $points } { $points ->
        [one] очко
        [few] очка
        [other] очка
       *[many] очков
    } за каждую (потерянная карта, измерено)
jw-worth-swap = обмен стоит столько, насколько различаются две карты: считается нейтральным (это измеряет игра)
jw-worth-cancel = отмена действия: ровно 1 очко
jw-worth-optional = необязательно: исполнитель берёт только выгодную сторону
jw-worth-conditional = происходит лишь иногда: половина ценности шага
jw-worth-value-definition = задаёт значение карты (считается как её значение, а не как эффект)
jw-worth-add = +{ $amount }
jw-worth-subtract = -{ $amount }
jw-worth-multiply = ×{ $amount } от карты в { $points } { $points ->
        [one] очко
        [few] очка
        [other] очка
       *[many] очков
    }
jw-worth-set = значение { $amount } вместо { $value }
jw-worth-modifier = { $change } для { $count } { $count ->
        [one] карты
        [few] карт
        [other] карты
       *[many] карт
    }
jw-worth-modifier-yours = { $change } для { $count } { $count ->
        [one] карты
        [few] карт
        [other] карты
       *[many] карт
    }, это ваши карты
jw-worth-modifier-theirs = { $change } для { $count } { $count ->
        [one] карты
        [few] карт
        [other] карты
       *[many] карт
    }, это карты соперника (его потеря — ваш выигрыш)
jw-worth-discard-priority = приоритет сброса защищает или сохраняет карту: ровно 0,5
jw-worth-trigger = каждый раз, когда происходит его событие: сумма его шагов, посчитанная один раз
jw-worth-table = стол: { $figure }
