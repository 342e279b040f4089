"""Secrets and ids: a token is shown once and kept only as its hash.

>>> token = new_token()
>>> len(token) >= 40, hash_token(token) == hash_token(token), hash_token(token) != token
(True, True, True)
"""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    """A fresh random secret for one seat."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """What the server keeps of a token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_room_id() -> str:
    """A room's id, short enough for an invite link, too long to guess."""
    return secrets.token_urlsafe(9)
