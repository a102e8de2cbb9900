"""`python -m concierge.cli`: how `concierge serve --workers N` starts its worker processes."""

import sys

from concierge.cli import main

sys.exit(main())
