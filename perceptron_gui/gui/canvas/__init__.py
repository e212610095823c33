"""The canvas: points, the hyperplane and its overlays, the drag tools and handles, the raster of
many points, the feature picker.
"""
