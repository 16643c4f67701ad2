"""Development tools that stand in for Discord: the REST stand-in, the interaction driver, the local
table and the benches built on them. The bot package never imports this except to start the local table."""
