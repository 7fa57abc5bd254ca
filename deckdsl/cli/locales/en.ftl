# The words of the command line's own tables and summaries (deckdsl/cli/), in English.

show-name = name
show-copies = copies
show-value = value
show-cost = cost
show-action = action
show-condition = condition
show-yes = yes
show-total = total

