"""Shared test configuration: the hypothesis profiles.

``dev`` (the default) explores new examples on every run and replays failures from the
local example database. ``ci`` is reproducible: derandomized and database-less, so the
same examples run every time. Choose with ``HYPOTHESIS_PROFILE=ci``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_COMMON = settings(
    # The brute force is exponential by design; a slow example is not a failure.
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)

settings.register_profile("dev", _COMMON)
settings.register_profile("ci", _COMMON, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
