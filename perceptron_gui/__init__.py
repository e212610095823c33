"""perceptron_gui — a desktop application for teaching the perceptron."""
__version__ = "0.1.0"
