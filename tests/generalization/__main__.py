"""`python -m tests.generalization [shape ...]`: run the generalization suite and print its table."""

import sys

from tests.generalization.suite import main

sys.exit(main())
