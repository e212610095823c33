from perceptron_gui.cli import entry

entry()  # as the perceptron-gui console script: a closed pipe ends quietly, a command skips the teardown
