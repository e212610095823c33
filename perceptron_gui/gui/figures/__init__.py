"""The figures painted by Qt: PNG, SVG and PDF of the canvas and the plots, GIF and MP4 of a run.

Each figure is an offscreen copy of a window view (the canvas is built with the slide's
:class:`~perceptron_gui.gui.canvas.overlay.OverlayLook`, so it paints the same
:class:`~perceptron_gui.render.picture.Picture` as the screen and the TikZ writer) over a frozen
:class:`~perceptron_gui.export.source.ExportSession`. Everything that needs no Qt (TikZ, LaTeX,
the encoders, the export options) lives in :mod:`perceptron_gui.export`, below the window.
"""
