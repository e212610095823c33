"""The plots under the canvas: the angle and norm plot, the per-epoch plot, the proof curves and
their actions.
"""
