"""Seat tokens: capabilities in invite links, stored only as hashes.

>>> token = new_token()
>>> len(token) >= 32, token_matches(token, hash_token(token)), token_matches("x", hash_token(token))
(True, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_match_id() -> str:
    return secrets.token_urlsafe(9)  # 72 bits: unguessable enough to list nothing by accident


def hash_token(token: str) -> str:
    """A seat's token as stored: its SHA-256 (a token has 192 random bits; no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(hash_token(token), stored)
