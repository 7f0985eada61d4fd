"""``python -m satpuzzles``."""

import sys

from satpuzzles.cli import main

sys.exit(main())
