"""``python -m satpuzzles``."""

import sys

from satpuzzles.cli.app import main

sys.exit(main())
