"""What every wing shares and nothing of a wing: event wiring, the window's thread, user text, the
message strip, plot setup, PNG of a widget, background jobs.
"""
