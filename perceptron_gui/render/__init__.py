"""The picture layer (no Qt): what a frame looks like, for every painter.

``projection`` maps data to the view plane, ``geometry`` clips lines and polygons to the view
(the one clipping library), ``theme`` holds the colours and strokes, ``formatting`` the look of
numbers, and ``picture`` turns a :class:`~perceptron_gui.session.frame.Frame` and a view
rectangle into the items the canvas, the figure exporter and the TikZ writer all draw.
"""
