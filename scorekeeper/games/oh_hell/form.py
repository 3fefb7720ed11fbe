"""Oh Hell's round form: each player's bid, then the tricks taken, as every game of exact bids enters them."""

from ...forms import exact_bids

read = exact_bids.read_round
fields = exact_bids.round_fields
