"""All Fours: its rules, form reader, board, score sheet and words, all in this folder."""
