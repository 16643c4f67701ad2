"""The shared render kit: fonts, the pen, cards and panels, the palette, PNG encoding, colour-vision checks."""
