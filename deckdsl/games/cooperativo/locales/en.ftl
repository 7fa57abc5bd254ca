# The screen of the cooperative sequence game (deckdsl/games/cooperativo/screen.py) for `deckdsl play`, in
# English.  Players are numbered from 1.  Cards are written short (`5♥`).

co-title = You are Player { $seat } of { $count }. Turn { $turn } of { $limit }.
co-success = The end: the check went round every player: the group reached the goal!
co-failure = The end: the group gave up (the turn limit): the goal was not reached.
co-deciding = Player { $player } decides whether to show their cards (then Player { $next } plays).
co-turn = Player { $player }'s turn.
co-reserve = "Reserve": { $count } face-down { $count ->
        [one] card
       *[other] cards
    }{ $known ->
        [yes] {" "}(in order, from the top: { $cards })
       *[no] {""}
    }.
co-recycle = "Recycling" (bottom to top): { $cards }.
co-empty = empty
co-own-hand = You (Player { $seat }): { $cards } ({ $count } cards, which you do not see).
co-other-hand = Player { $seat }: { $cards } ({ $count } cards).
co-check-item = Player { $seat } showed { $cards } ({ $passed ->
        [yes] passed
       *[no] failed
    })
co-last-check = Last check: { $items }.
co-bater = show your cards (start the check)
co-pass = do not show
co-buy-recycle = draw a card from the "reserve" and recycle it
co-buy-give = draw a card from the "reserve" and give it to { $whom }
co-recycle-card = take { $card } and recycle it
co-give = take { $card } and give it to { $whom }
co-whom = { $you ->
        [yes] you
       *[no] Player { $seat }
    }
co-card-other = Player { $seat }'s { $card }
co-card-own-seen = your card no. { $number } ({ $card })
co-card-own-unseen = your card no. { $number } (unseen)

# Another player's move as the one watching sees it (not the cards of their own hand).
co-did-bater = showed their cards (the check)
co-did-pass = did not show
co-did-buy-recycle = drew a card from the "reserve" and recycled it
co-did-buy-give = drew a card from the "reserve" and gave it { $whom }
co-did-recycle-card = took { $card } and recycled it
co-did-give = took { $card } and gave it { $whom }
co-to-you = to you
co-to-player = to Player { $seat }
co-to-self = to themselves
co-one-of-yours = one of your cards
co-own-card = { $card } from their own hand

# A person's menu (`menu`): a line per card taken, each under a letter, then where it goes.
co-take = take { $card }
co-draw = draw a card from the "reserve"
co-option-give = to { $whom }
co-option-recycle = recycle
