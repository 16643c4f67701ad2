"""Cat in the Box (Deluxe Edition, 2022 base rules): rules core, game records, AI and a bench."""
