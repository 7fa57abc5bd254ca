"""Ordering hazards: effects of different cards whose order changes the game, and the addenda that order
them.  `analysis` finds them by playing both orders (`world`, the reference semantics); `order` reads
the deck's `order:` lines; `describe` tells a witness in words."""
