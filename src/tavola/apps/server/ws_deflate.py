"""permessage-deflate as the server speaks it: short messages go uncompressed.

RFC 7692 lets the sender choose per message (a compressed message has its RSV1 bit set):
an ``ack`` of 25 bytes or a short patch costs the compressor's call and a flush for a
saving of a few bytes, so messages under ``SMALL`` bytes are sent as they are. The
compressor's state is untouched by them, as is the client's decompressor, which never
sees them: the stream stays valid with context takeover. The handshake is the standard
one (uvicorn's own parameters: a window of 2**12 bytes, ``memLevel`` 5), compressing at
level 1 (docs/server.md, "the sixth pass") with zlib-ng, whose level 1 is faster still ("the
eleventh pass"). A client that does not offer the extension gets plain text as before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter
from zlib_ng import zlib_ng

SMALL = 256  # bytes of a message's payload under which it is sent uncompressed
LEVEL = 1  # the fastest: zlib-ng's level 1 (its "quick" method) is about a fifth larger than 2


class SmallUncompressed(PerMessageDeflate):
    """permessage-deflate that leaves a whole message under ``SMALL`` bytes as it is, and
    compresses with zlib-ng (the same deflate stream, in 25 us instead of zlib's 68 for a
    Carcassonne state, 2.4 KiB instead of 2.0: docs/server.md, "the eleventh pass")."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        if not self.local_no_context_takeover:  # else a new zlib one for each message
            # zlib-ng's compressor has zlib's methods (compress, flush): typed apart only
            self.encoder = zlib_ng.compressobj(  # type: ignore[assignment]
                wbits=-self.local_max_window_bits, **self.compress_settings
            )

    def encode(self, frame: Frame) -> Frame:
        whole = frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY)
        if whole and len(frame.data) < SMALL:
            return frame
        return super().encode(frame)


class SmallUncompressedFactory(ServerPerMessageDeflateFactory):
    """The standard negotiation; the extension it agrees to is ``SmallUncompressed``."""

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, agreed = super().process_request_params(params, accepted_extensions)
        extension = SmallUncompressed(
            agreed.remote_no_context_takeover,
            agreed.local_no_context_takeover,
            agreed.remote_max_window_bits,
            agreed.local_max_window_bits,
            agreed.compress_settings,
        )
        return response, extension


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (its sans-I/O one), with ``SmallUncompressedFactory``
    in place of its permessage-deflate (same parameters)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            self.conn.available_extensions = [
                SmallUncompressedFactory(
                    server_max_window_bits=12,
                    client_max_window_bits=12,
                    compress_settings={"memLevel": 5, "level": LEVEL},
                )
            ]
