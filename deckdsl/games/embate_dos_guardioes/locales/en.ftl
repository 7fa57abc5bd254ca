# The screen of Embate dos Guardiões (deckdsl/games/embate_dos_guardioes/engine.py) for `deckdsl play`, in
# English.  Players are numbered from 1; the places on the table are letters (A, B, …), never confused with
# the menu's numbers.  `em-<kind>` tells a public event of the history.

em-took-place = Player { $seat } took the card at place { $place }.
em-chose-first = Player { $seat } chose the card at place { $place } as first guardian.
em-center-laid = The card at place { $place } goes to the centre of the battle, face down.
em-second-down = Player { $seat } laid the second guardian face down.
em-center-shown = The centre card is turned over: { $card }.
em-played-down = Player { $seat } laid a card face down.
em-pile-built = Player { $seat } built the pile of attack orders.
em-picked = Player { $seat } chose a card from the opponent's hand.
em-swapped = The chosen cards change hands.
em-took-from-hand = Player { $seat } took the { NUMBER($number, type: "ordinal") ->
        [one] { $number }st
        [two] { $number }nd
        [few] { $number }rd
       *[other] { $number }th
    } card of the opponent's hand.
em-clash = Central clash: Player 1 turns over { $first }, Player 2 turns over { $second }; Player { $high } takes the centre card.
em-duel = Duel: Player 1 turns over { $first }, Player 2 turns over { $second }; Player { $high } takes the pair.
em-sums = Sums: Player 1 { $one }, Player 2 { $two }; Player { $attacker } attacks.
em-all-taken = Player { $attacker } takes all the opponent's cards and wins.
em-defends = Player { $defender } defends and turns over the { $which ->
        [second] second
       *[first] first
    } guardian: { $card } (sum { $mine } against { $theirs }).
em-full-defense = Player { $defender } stops the attack with both guardians and wins.
em-counter = Player { $defender } stops the attack and strikes back.
em-end-bluffed = At the end every card is turned over: { $both ->
        [yes] both players bluffed
       *[no] Player { $seat } bluffed
    }.
em-both-bluffed-on = Both players bluffed: the game goes on.
em-both-caught = Both players bluffed and were found out: a draw.
em-caught = Player { $seat } bluffed, was found out and loses the game.

em-describe-draft = take the face-down card at place { $place }
em-describe-first = choose the card at place { $place } as first guardian
em-describe-negotiate = take the { NUMBER($number, type: "ordinal") ->
        [one] { $number }st
        [two] { $number }nd
        [few] { $number }rd
       *[other] { $number }th
    } card of the opponent's hand, without seeing its value
em-describe-second = choose { $card } as second guardian, face down{ $bluff ->
        [yes] {" "}(an improper card: a bluff)
       *[no] {""}
    }
em-describe-clash = play { $card } face down{ $bluff ->
        [yes] {" "}(an improper card: a bluff)
       *[no] {""}
    }
em-describe-order = put { $card } as attack order { $number }
em-nothing = nothing

em-title = Embate dos Guardiões — you are Player { $seat }.
em-parity = Odds or evens: { $won ->
        [yes] you won
       *[no] the opponent won
    }.
em-phase = Phase: { $phase ->
        [draft] preparation: picking the cards
        [guardian1] preparation: choosing the first guardian
        [negotiate] negotiation
        [guardian2] choosing the second guardian
        [clash] clash with the centre card
        [order] duel of attack orders
       *[over] the game is over
    }.
em-result = Result: { $result ->
        [draw] a draw
        [won] you won
       *[lost] you lost
    } ({ $reason ->
        [ataque] attack
        [defesa] defence
        [blefe] a bluff found out
       *[blefe-fim] a bluff found out at the end
    }).
em-your-turn = Your move.
em-their-turn = The opponent's move.
em-table = Table: face-down { $count ->
        [one] card at place
       *[other] cards at places
    } { $places }.
em-center = Centre card: { $shown ->
        [yes] { $card }
       *[no] face down
    }.
em-hand = Your hand: { $cards }.
em-none = none
em-guardian-unchosen = not chosen yet
em-guardian-down = face down
em-guardian-shown = { $card } (turned over)
em-guardian-down-known = { $card } (face down)
em-guardians-mine = Your first guardian: { $first }; your second guardian: { $second }.
em-guardians-theirs = The opponent holds { $count } { $count ->
        [one] card
       *[other] cards
    }; first guardian: { $first }; second guardian: { $second }.
em-took-mine = In the negotiation you took { $card } from the opponent.
em-took-theirs = In the negotiation the opponent took { $card } from you.
em-chose-mine = You chose card { $number } of the opponent's hand.
em-played-mine = You played { $card } face down.
em-their-choice = The opponent has made a choice, face down.
em-pile-item = { $number }. { $card }
em-pile = Your pile: { $cards }.
em-their-pile = The opponent has built the pile of attack orders.
em-dominates = { $who ->
        [you] You hold
       *[opponent] The opponent holds
    }: { $cards } (sum { $total }).
em-history = History:
