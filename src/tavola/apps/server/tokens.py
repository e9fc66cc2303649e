"""Seat tokens: capabilities in invite links, stored only as hashes.

>>> token = new_token()
>>> len(token) >= 32, token_matches(token, hash_token(token)), token_matches("x", hash_token(token))
(True, True, False)
>>> seat_token_of(token) == seat_token_of(token) != seat_token_of(new_token())
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from base64 import urlsafe_b64encode

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


def seat_token_of(key: str) -> str:
    """The seat token a secret ``key`` (a ``new_token``) stands for: a seek's id, a
    challenge's key. Its owner shows the key; the server, which keeps only both hashes,
    gives the seat's token back without ever storing it."""
    digest = hmac.new(key.encode(), b"tavola seat token", hashlib.sha256).digest()
    return urlsafe_b64encode(digest).decode()[:32]  # 192 bits, a new_token's shape
