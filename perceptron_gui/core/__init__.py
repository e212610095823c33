"""Qt-free core: data sets, the six perceptrons, run records, theory and file formats."""
