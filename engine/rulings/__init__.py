"""The rulings, one use case a module: the revoke (Laws 61-64), an incorrect number of cards
(Laws 13, 14), a claim or concession (Laws 68-71). Each takes the facts, applies engine.laws,
replays through engine.dd and scores through engine.scoring."""
