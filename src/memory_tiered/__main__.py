"""`python3 -m memory_tiered` run from src/ (the package): the same main() as the shipped file."""

import sys

from .commands import main

sys.exit(main())
