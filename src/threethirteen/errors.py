"""Errors by kind: each names the input it refuses."""

from __future__ import annotations


class ThreeThirteenError(Exception):
    """Base of every error this package raises on purpose."""


class NotationError(ThreeThirteenError, ValueError):
    """Card, rank or hand text that cannot be read; ``token`` is the offending piece."""

    def __init__(self, message: str, token: str) -> None:
        super().__init__(message)
        self.token = token


class RulesError(ThreeThirteenError, ValueError):
    """A rules option with an unknown name or a bad value; ``key`` names it."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key
