"""The dialogs: export, figure, animation, Beamer, compare and order-study windows.
"""
