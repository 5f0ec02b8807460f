"""`python -m shapecheck` runs the `shapecheck` command."""

import sys

from .cli import main

sys.exit(main())
