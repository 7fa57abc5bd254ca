# Rules text in English.  How the messages are used, and their variables: docs/print.md, "Rules text in
# your language".  Every message may read $voice (`action`: the card's owner is addressed, "discard a
# card"; `condition`: described, "its owner discards") and $trigger (`yes` inside a trigger's steps).

## The lines of a card

label-cost = Cost
label-action = Action
label-condition = Condition
card-line = { $label }: { $text }.
no-effect = (no effect)
addenda-title = Addenda to the rules
# The titles of a playing-card deck's rules-summary card and reference card.
sheet-summary = Rules summary
sheet-reference = Reference
steps-separator = { ", then " }
clauses-separator = { "; " }
trigger-separator = { " and " }
list-separator = { ", " }
list-last = { " and " }

# $listed: the cards, "A, B and C"; $first: the first; $count: how many; $names: "A, B, C".
addendum-order = When effects of { $listed } apply at the same moment, { $count ->
        [2] { $first }'s come first
       *[other] they come in this order: { $names }
    }.

## Numbers

number = { $value }
number-word = { $count ->
        [1] one
        [2] two
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
        [10] ten
       *[other] { $count }
    }
# $op: add, subtract, multiply, divide
binary-op = { $left } { $op ->
        [add] plus
        [subtract] minus
        [multiply] times
       *[divide] divided by
    } { $right }
negate = minus { $operand }
comparator = { $comparator ->
        [at-least] is at least
        [at-most] is at most
        [equal] is
        [not-equal] is not
        [more] is more than
       *[less] is less than
    }
comparison = { $left } { comparator } { $right }
# $direction: up, down
rounded = { $number }, rounded { $direction }
# $cards: the cards counted (role `counted`)
count = the number of { $cards }
sum = the total value of { $cards }

## Cards

# $zone: domain, discard, stars, table, deck, or other ($place: its name as written)
zone-name = { $zone ->
        [domain] domain
        [discard] discard pile
        [stars] stars
        [table] table
        [deck] deck
       *[other] { $place }
    }
# Where cards are taken from.  $owner: you, opponent; $actor: who acts (none, you, opponent); $use: from,
# in (where cards are, not where they come from).
location = { $zone ->
        [table] { $use } the table
        [deck] { $use } the deck
        [domain] { $owner ->
            [opponent] { $actor ->
                [opponent] of theirs
               *[other] of the opponent
            }
           *[you] { $voice ->
                [action] { $use } your domain
               *[condition] of its owner
            }
        }
       *[other] { $owner ->
            [opponent] { $use } the opponent's { zone-name }
           *[you] { $voice ->
                [action] { $use } your { zone-name }
               *[condition] { $use } its owner's { zone-name }
            }
        }
    }
# $count: a number or `all`; $other, $up-to: yes or no; $role: object, subject, counted, owner,
# swapped-for (what the cards are in the sentence).
cards = { $count ->
        [all] { $role ->
            [counted] {""}
           *[other] all
        } { $other ->
            [yes] other
           *[no] {""}
        } cards
        [1] { $other ->
            [yes] another card
           *[no] { $role ->
                [counted] card
               *[other] a card
            }
        }
       *[other] { $up-to ->
            [yes] up to
           *[no] {""}
        } { number-word } { $other ->
            [yes] other
           *[no] {""}
        } cards
    }
# $cards: the `cards` phrase; $own: yes when the cards are in the domain of the player who acts, the
# opponent; $filters, $values: what they must be; $location; $chooser: random, you, opponent, or none
# (not said).
selection = { $own ->
        [yes] { $count ->
            [all] { $role ->
                [counted] {""}
               *[other] all
            } their { $other ->
                [yes] other
               *[no] {""}
            } cards { $filters }
           *[other] { $cards } { $filters } { $location }
        }
       *[no] { $cards } { $filters } { $location }
    } { $values } { $chooser ->
        [random] at random
        [you] chosen by you
        [opponent] chosen by the opponent
       *[none] {""}
    }
zone = { $zone ->
        [domain] { $owner ->
            [opponent] the opponent's cards
           *[you] { $voice ->
                [action] your cards
               *[condition] its owner's cards
            }
        }
       *[other] the cards { $location }
    }
counted-zone = { $zone ->
        [domain] { counted-owner } cards
        [stars] { counted-owner } stars
        [table] cards on the table
        [deck] cards in the deck
       *[other] cards in { counted-owner } { zone-name }
    }
counted-owner = { $owner ->
        [opponent] the opponent's
       *[you] its owner's
    }
this-card = this card
event-card = it
deck-top = { $count ->
        [1] the top card of the deck
       *[other] the top { number-word } cards of the deck
    }
type-filter = of type { $type }
name-filter = named { $name }
value-filter = whose value { comparator } { $amount }

## Steps

# The verb of a step.  $verb: gain, discard, lose, put, swap, cancel; $player: who does it (you,
# opponent); $mood: default, infinitive (after "may"), future (in an event: "whenever you gain").
verb = { $mood ->
        [infinitive] { verb-plain }
       *[other] { $player ->
            [opponent] the opponent { verb-third }
           *[you] { $mood ->
                [future] you { verb-plain }
               *[default] { $voice ->
                    [action] { verb-plain }
                   *[condition] its owner { verb-third }
                }
            }
        }
    }
verb-plain = { $verb }
verb-third = { $verb ->
        [gain] gains
        [discard] discards
        [lose] loses
        [put] puts
        [swap] swaps
       *[cancel] cancels
    }
# $also: yes when an action's owner gains besides winning the dispute ("also gain").
gain = { $also ->
        [yes] also { verb }
       *[no] { verb }
    } { $cards }
# $count: a number or `expr` (then $amount is the formula)
stars = { $count ->
        [1] a star
        [expr] { $amount } stars
       *[other] { number-word } stars
    }
gain-stars = { verb } { $stars }
lose-stars = { verb } { $stars }
discard = { verb } { $cards }
# A discard someone else chooses the cards of.  $chooser: you, opponent; $actor: who discards.
discard-chosen = { $chooser ->
        [you] choose
       *[opponent] the opponent chooses
    } { $cards } for { $actor ->
        [opponent] them
       *[you] you
    } to discard
# $passive: yes for "this card must be swapped with …", an action's own card.
swap = { $passive ->
        [yes] must be swapped with { $second }
       *[no] { verb } { $first } with { $second }
    }
put-on-bottom = { verb } { $cards } on the bottom of the deck
# $whose: it (the card's own action, or the card an event names), cards ($cards).
cancel-action = { verb } { $whose ->
        [it] its action
       *[cards] the action of { $cards }
    }
# $actor: who may; $step: the step, in the infinitive.
optional = { $actor ->
        [opponent] the opponent may
       *[you] { $voice ->
            [action] you may
           *[condition] its owner may
        }
    } { $step }
conditional = if { $test }, { $step }

## Conditions

value-definition = its value is { $expr }
# $op: add, subtract, multiply, set; $count: the amount as a number, or `expr` ($amount: as written);
# $one: yes when one chosen card changes (the verb agrees).
value-change = { $one ->
        [yes] is
       *[no] are
    } worth { $op ->
        [add] { value-points } more
        [subtract] { value-points } less
        [multiply] { $count ->
            [2] double
           *[other] { $amount } times as much
        }
       *[set] { value-points }
    }
value-points = { $amount } { $count ->
        [1] point
       *[other] points
    }
value-modifier = { $cards } { $change }
# Cards chosen when the card enters its owner's domain.  $chooser: you, opponent, random.
value-modifier-chosen = when this card enters your domain, { $chooser ->
        [random] { $cards } { $one ->
            [yes] is
           *[no] are
        } chosen at random
        [opponent] the opponent chooses { $cards }
       *[you] choose { $cards }
    }: { $one ->
        [yes] it
       *[no] they
    } { $change }
# $order: first, last
discard-priority = must be discarded { $order ->
        [first] before
       *[last] after
    } its owner's other cards
trigger = whenever { $event }, { $steps }
gain-event = { verb } { $cards }
discard-event = { verb } { $cards }
# $player: you, opponent; $outcome: win, lose; $throw: the type thrown, or none.
dispute-event = { $player ->
        [opponent] the opponent { $outcome ->
            [win] wins
           *[lose] loses
        }
       *[you] you { $outcome }
    } a dispute { $throw ->
        [none] {""}
       *[other] with { $throw }
    }
