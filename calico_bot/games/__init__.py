"""Game plug-ins that live in their own folders (rules core, AI and, later, their Discord side)."""
