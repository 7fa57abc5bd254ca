# The screen of Queens vs Kings (deckdsl/games/queens_vs_kings/engine.py) for `deckdsl play`, in English.
# Players are numbered from 1, as on the table's screen (deckdsl/games/locales/en.ftl).

qvk-play = play { $card }
qvk-discard = discard { $card }
qvk-pass = pass
qvk-you = You play { $colour ->
        [red] red
       *[black] black
    } (player { $seat }).
qvk-skirmish = Skirmish { $number } of { $of }. { $phase ->
        [discard-extra] Discarding from the extra deck
        [discard-main] Discarding from the main deck
        [play] Playing
       *[over] The game is over
    }.
qvk-hand = Your hand: { $cards }.
qvk-discarded = Your discards: { $cards }.
qvk-piles = Your decks: main { $main }, extra { $extra }; the opponent's { $omain } and { $oextra }.
qvk-opponent = The opponent holds { $count } { $count ->
        [one] card
       *[other] cards
    }{ $extra ->
        [0] {""}
       *[other] {" "}({ $extra } from the extra deck)
    }, { $discarded } discarded.
qvk-table = Table: { $cards }.
qvk-mine = { $card } [yours]
qvk-theirs = { $card } [the opponent's]
qvk-top = { $card } (on top)
qvk-won = Taken: you — { $mine } (mana { $m }); the opponent — { $theirs } (mana { $t }).
qvk-turn-mine = Your move.
qvk-turn-theirs = The opponent's move.
qvk-none = nothing
qvk-result = Result: mana { $m } against { $t }.
qvk-passed = The opponent passed.

# A move of the other player, as this one sees it (a discard is face down).
qvk-did-play = played { $card }
qvk-did-discard = discarded a card
qvk-did-pass = passed
