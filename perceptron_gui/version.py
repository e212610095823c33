"""The version, in a module that imports nothing: every layer may ask it, no layer imports the root for it."""
__version__ = "0.1.0"
