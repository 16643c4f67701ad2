"""Discord-facing application layer of the Calico bot (cogs, views, wiring) and its local stand-ins."""
