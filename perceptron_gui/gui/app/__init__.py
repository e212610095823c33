"""The window itself: the application, the main window and what only it composes (menus, actions,
keys, themes, presentation mode, the lesson menu, `show()`). Imports every other wing; no wing
imports it.
"""
