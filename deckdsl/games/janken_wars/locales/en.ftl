# The screen of Janken Wars (deckdsl/games/janken_wars/screen.py) for `deckdsl play`, in English.  $who is
# `you` (the person) or `bot`; card names and rules text are the deck's own.

jw-take = { $who ->
        [you] you take
       *[bot] the bot takes
    } { $card }
jw-got-brinde = { $who ->
        [you] you gain
       *[bot] the bot gains
    } a Brinde (1 point)
jw-put-back = { $who ->
        [you] you put
       *[bot] the bot puts
    } { $card } on the bottom of the deck
jw-exchanged = { $who ->
        [you] you exchange
       *[bot] the bot exchanges
    } { $count } { $count ->
        [one] card
       *[other] cards
    } worth { $points } { $points ->
        [one] point
       *[other] points
    } for { $stars } { $stars ->
        [one] star
       *[other] stars
    }
jw-discarded = { $who ->
        [you] you discard
       *[bot] the bot discards
    } the whole domain, { $count } { $count ->
        [one] card
       *[other] cards
    } worth { $points } { $points ->
        [one] point
       *[other] points
    }, for no star
jw-yes = yes
jw-no = no
jw-keep = no, keep the domain
jw-exchange = yes, exchange it
jw-discard = yes, discard it
jw-component = component
jw-zone = { $zone ->
        [deck] the deck
        [table] the table
        [supply] the supply
        [hand] { $who ->
            [you] your hand
           *[bot] the bot's hand
        }
        [domain] { $who ->
            [you] your domain
           *[bot] the bot's domain
        }
        [discard] { $who ->
            [you] your discard pile
           *[bot] the bot's discard pile
        }
       *[stars] { $who ->
            [you] your stars
           *[bot] the bot's stars
        }
    }
jw-throw-name = { $throw } ({ $native })
jw-throw-question = your throw
jw-take-question = you won — which card do you take?
jw-no-type = you won, but the table has no card of your type
jw-brinde = take a Brinde (a generic 1-point card)
jw-bottom = put { $card } on the bottom of the deck
jw-what = what do you do?
jw-from = { $card } from { $zone }
jw-choose = { $source }: choose a card { $verb ->
        [discard] to discard
        [gain] to gain
        [swap] to swap
        [bottom] to put on the bottom
        [cancel] to cancel
       *[modify] for its effect
    } ({ $number } of { $count })
jw-may = { $source }: do you want to do it?
jw-exchange-question = exchange your whole domain ({ $points } { $points ->
        [one] point
       *[other] points
    }) for { $stars } { $stars ->
        [one] star
       *[other] stars
    }?
jw-discard-question = discard your whole domain ({ $points } { $points ->
        [one] point
       *[other] points
    }) for no star?
jw-round = ── round { $round } · deck { $deck } { $deck ->
        [one] card
       *[other] cards
    } ──
jw-table = table: { $cards }
jw-empty = empty
jw-state = { $who ->
        [you] you
       *[bot] the bot
    }: { $stars } { $stars ->
        [one] star
       *[other] stars
    } · domain { $points } { $points ->
        [one] point
       *[other] points
    } [{ $cards }] · { $discarded } discarded
jw-tie = a tie: throw again
jw-won = you win
jw-lost = the bot wins
jw-throws = you throw { $mine }, the bot throws { $theirs }: { $verdict }
jw-swap = { $first } and { $second } swap places
jw-triggers = { $name } triggers
jw-impossible = { $name }: the { $kind ->
        [cost] cost
       *[action] action
    } cannot happen, it is disregarded
jw-why = { $reason ->
        [stars] with the stars to win
        [deck-stars] the deck ran out; more stars
        [deck-domain] the deck ran out; stars tied, greater domain value
        [deck-dispute] the deck ran out; everything tied, the last dispute decided
        [stars-stars] more stars
        [stars-domain] stars tied, greater domain value
        [stars-dispute] everything tied, the last dispute decided
       *[round-limit] the round limit cut the game
    }
jw-draw = draw ({ $why })
jw-you-won = YOU WIN ({ $why }), round { $round }
jw-bot-won = the bot wins ({ $why }), round { $round }
jw-goal = first to { $stars } { $stars ->
        [one] star
       *[other] stars
    }; a star costs { $cost } points
jw-choice = { $first } — { $then }

jw-confirm-discard = really discard your whole domain, { $count } { $count ->
        [one] card
       *[other] cards
    } worth { $points } { $points ->
        [one] point
       *[other] points
    }, for no star?
