"""Calico as a game plug-in. Its rules core still lives in ``calico_bot.games.calico.engine`` and its AI in
``calico_bot.games.calico.ai``; this package is where they meet the game contract (``plugin``)."""
