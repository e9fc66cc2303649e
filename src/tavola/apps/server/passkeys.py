"""Passkeys (WebAuthn, through ``webauthn``, py_webauthn): a signed-in player registers
one, then signs in with it, with no name or password.

Each ceremony (a registration, a sign-in) starts with options that carry a random
challenge: the challenge is kept in the database (``CeremonyRow``, any server of the
database may finish it) under the SHA-256 of a ceremony token the browser sends back,
for ``CEREMONY_LASTS``, and is used once. The relying party is the server's public
address (``Alerts.public_url``, ``--public-url``): its host is the RP id, its scheme,
host and port the one origin accepted. A passkey is discoverable (a resident key), so
signing in names no account: the credential found names it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import (
    BigInteger,
    DateTime,
    Engine,
    ForeignKey,
    LargeBinary,
    String,
    delete,
    func,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column
from webauthn import (
    base64url_to_bytes,
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from tavola.apps.server.accounts import Player
from tavola.apps.server.models import Base, PlayerRow, as_utc, now
from tavola.apps.server.refusals import Refused
from tavola.apps.server.request_language import lazy
from tavola.apps.server.tokens import hash_token, new_token

CEREMONY_LASTS = timedelta(minutes=5)
RP_NAME = "tavola"


class PasskeyRow(Base):
    """A player's passkey: its credential id (base64url), public key and signature count."""

    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CeremonyRow(Base):
    """A ceremony under way: its challenge, for whom (a registration's player), until when."""

    __tablename__ = "ceremonies"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the token's hash_token
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class RelyingParty:
    """Who the passkeys are for: the RP id (a host) and the origin of the pages.

    >>> RelyingParty.of("https://play.example.org/tavola/")
    RelyingParty(id='play.example.org', origin='https://play.example.org')
    >>> RelyingParty.of("http://localhost:8000/")
    RelyingParty(id='localhost', origin='http://localhost:8000')
    """

    id: str
    origin: str

    @classmethod
    def of(cls, public_url: str) -> RelyingParty:
        parts = urlsplit(public_url)
        return cls(parts.hostname or "localhost", f"{parts.scheme}://{parts.netloc}")


def _refused() -> Refused:
    return Refused("bad_passkey", lazy("this passkey was not accepted: try again"))


class Passkeys:
    """The passkey ceremonies; every method is a short synchronous transaction."""

    def __init__(self, engine: Engine, party: RelyingParty) -> None:
        self.engine = engine
        self.party = party

    def _begin(self, session: Session, challenge: bytes, player_id: int | None) -> str:
        at = now()
        session.execute(delete(CeremonyRow).where(CeremonyRow.expires_at <= at))
        token = new_token()
        session.add(
            CeremonyRow(
                id=hash_token(token),
                challenge=challenge,
                player_id=player_id,
                expires_at=at + CEREMONY_LASTS,
            )
        )
        return token

    def _take(self, token: str) -> CeremonyRow | None:
        """The ceremony of ``token``, used up whatever comes of it (``None``: unknown, or
        over)."""
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            row = session.get(CeremonyRow, hash_token(token), with_for_update=True)
            if row is not None:
                session.delete(row)
        return row if row is not None and as_utc(row.expires_at) > now() else None

    def registration_options(self, player: Player) -> dict[str, Any]:
        """``{"ceremony", "publicKey"}``: what ``navigator.credentials.create`` takes."""
        with Session(self.engine) as session, session.begin():
            known = session.scalars(select(PasskeyRow.id).where(PasskeyRow.player_id == player.id))
            options = generate_registration_options(
                rp_id=self.party.id,
                rp_name=RP_NAME,
                user_name=player.name,
                user_id=str(player.id).encode(),
                authenticator_selection=AuthenticatorSelectionCriteria(
                    resident_key=ResidentKeyRequirement.REQUIRED,
                    user_verification=UserVerificationRequirement.PREFERRED,
                ),
                exclude_credentials=[
                    PublicKeyCredentialDescriptor(id=base64url_to_bytes(known_id))
                    for known_id in known
                ],
            )
            token = self._begin(session, options.challenge, player.id)
        return {"ceremony": token, "publicKey": json.loads(options_to_json(options))}

    def register(self, player: Player, token: str, credential: dict[str, Any]) -> str:
        """Keep the passkey ``navigator.credentials.create`` made; its id."""
        ceremony = self._take(token)
        if ceremony is None or ceremony.player_id != player.id:
            raise _refused()
        with Session(self.engine) as session, session.begin():
            try:
                verified = verify_registration_response(
                    credential=credential,
                    expected_challenge=ceremony.challenge,
                    expected_rp_id=self.party.id,
                    expected_origin=self.party.origin,
                )
            except WebAuthnException:
                raise _refused() from None
            passkey_id = bytes_to_base64url(verified.credential_id)
            if session.get(PasskeyRow, passkey_id) is not None:
                raise _refused()
            session.add(
                PasskeyRow(
                    id=passkey_id,
                    player_id=player.id,
                    public_key=verified.credential_public_key,
                    sign_count=verified.sign_count,
                    created_at=now(),
                )
            )
        return passkey_id

    def sign_in_options(self) -> dict[str, Any]:
        """``{"ceremony", "publicKey"}``: what ``navigator.credentials.get`` takes."""
        options = generate_authentication_options(
            rp_id=self.party.id, user_verification=UserVerificationRequirement.PREFERRED
        )
        with Session(self.engine) as session, session.begin():
            token = self._begin(session, options.challenge, None)
        return {"ceremony": token, "publicKey": json.loads(options_to_json(options))}

    def sign_in(self, token: str, credential: dict[str, Any]) -> Player | None:
        """The player whose passkey signed the ceremony's challenge (``None``: none)."""
        ceremony = self._take(token)
        if ceremony is None:
            return None
        with Session(self.engine) as session, session.begin():
            passkey = session.get(PasskeyRow, str(credential.get("id", "")), with_for_update=True)
            if passkey is None:
                return None
            try:
                verified = verify_authentication_response(
                    credential=credential,
                    expected_challenge=ceremony.challenge,
                    expected_rp_id=self.party.id,
                    expected_origin=self.party.origin,
                    credential_public_key=passkey.public_key,
                    credential_current_sign_count=passkey.sign_count,
                )
            except WebAuthnException:
                return None
            passkey.sign_count = verified.new_sign_count
            player = session.get(PlayerRow, passkey.player_id)
            return None if player is None else Player(player.id, player.name)

    def count(self, player: Player) -> int:
        """How many passkeys the player has."""
        with Session(self.engine) as session:
            query = select(func.count()).where(PasskeyRow.player_id == player.id)
            return int(session.scalar(query) or 0)

    def added(self, player: Player) -> list[str]:
        """When each of the player's passkeys was added (ISO 8601), the oldest first."""
        query = (
            select(PasskeyRow.created_at)
            .where(PasskeyRow.player_id == player.id)
            .order_by(PasskeyRow.created_at)
        )
        with Session(self.engine) as session:
            return [as_utc(added).isoformat() for added in session.scalars(query)]
