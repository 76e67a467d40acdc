"""The information model's oracles: for each game, the cards a seat may see at a position,
stated from its text apart from the game's own ``view`` (``seen_<game>.py``)."""
