"""Files from the window: open, save in the background, autosave, changed-on-disk checks, test
sets, run exports.
"""
