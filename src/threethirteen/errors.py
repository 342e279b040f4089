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


class IllegalAction(ThreeThirteenError, ValueError):
    """An action the game refuses; ``reason`` is machine-readable (``not-your-turn``, ...)."""

    def __init__(self, message: str, reason: str, action: object = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.action = action


class RecordError(ThreeThirteenError, ValueError):
    """A game record that is malformed or does not replay; ``where`` locates the fault."""

    def __init__(self, message: str, where: str = "record") -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


class InputError(ThreeThirteenError, ValueError):
    """Outside input (a file, a line, a message) that cannot be read; ``where`` names it."""

    def __init__(self, message: str, where: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
