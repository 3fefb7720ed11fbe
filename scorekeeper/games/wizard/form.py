"""Wizard's round form: the trump turned up and each player's bid, then the tricks taken, as every game of exact
bids enters them (the trump chips come with the suits the rules' entry offers)."""

from ...forms import exact_bids

read = exact_bids.read_round
fields = exact_bids.round_fields
