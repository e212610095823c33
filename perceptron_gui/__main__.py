from perceptron_gui.cli import main

raise SystemExit(main())
