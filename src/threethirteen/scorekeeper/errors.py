"""The scorekeeper's one error kind: an entry or a change the sheet refuses."""

from __future__ import annotations

from threethirteen.errors import ThreeThirteenError


class SheetError(ThreeThirteenError, ValueError):
    """A sheet or an entry the scorekeeper refuses; ``reason`` is machine-readable
    (``negative-points``, ``not-in-pack``, ``hand-size``, ...)."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
