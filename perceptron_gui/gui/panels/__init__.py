"""The docks and bars beside the canvas: the live panel, the weight image, weight space, the
playback bar and the algorithm picker.
"""
