"""The Cat in the Box rules core: pure Python, no Discord, database or image imports."""
