"""AI players for Cat in the Box (random, greedy, strong), deciding only from a seat's view."""
