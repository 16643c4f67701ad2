"""``python -m calico_bot.score RECORD.json``: replay a game record and print its scores as JSON."""
