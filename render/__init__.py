"""Pillow renderers: ``kit`` holds the house style every game shares, and each game has its own
subpackage (``render.calico``) that draws from a view of the game, never from its full state."""
