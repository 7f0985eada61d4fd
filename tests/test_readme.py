"""The README's examples are run, so they cannot go stale."""

from __future__ import annotations

import doctest

from tests.conftest import ROOT


def test_python_api_examples_in_the_readme_run() -> None:
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                                       optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 10 and failures == 0
