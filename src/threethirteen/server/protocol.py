"""The messages of the protocol (docs/protocol.md) as pydantic models, read within limits.

Everything a client sends is parsed here first: too large, not JSON, nested, of an unknown
type or with a field of the wrong type, it is a ``BadMessage`` and changes nothing.

>>> parse_client('{"type": "action", "id": "a1", "version": 3, "action": "draw stock"}')
ActionMessage(type='action', id='a1', version=3, action='draw stock')
>>> parse_client('{"type": "chat", "text": 5}')
Traceback (most recent call last):
...
threethirteen.server.protocol.BadMessage: a chat message needs "text": a string
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from threethirteen.errors import InputError, ThreeThirteenError
from threethirteen.jsontext import read_json

MAX_MESSAGE_BYTES = 4 * 1024  # one WebSocket message
MAX_BODY_BYTES = 16 * 1024  # one HTTP body
MAX_CHAT = 500
MAX_ID = 64
MAX_NAME = 40
MAX_SEATS = 16  # a speed room's; a room played in turns has at most MAX_TURN_SEATS
MAX_TURN_SEATS = 8
# A browser's player id: random hex, kept by the browser; the server keeps it with the
# seats it takes and never sends it to anyone (its statistics are asked for by it)
PLAYER_ID = r"^[0-9a-f]{8,64}$"


class BadMessage(ThreeThirteenError):
    """A message that is not one of the protocol's; the text says what is wrong."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(_Message):
    type: Literal["hello"]
    token: StrictStr | None = Field(default=None, max_length=200)


class ActionMessage(_Message):
    type: Literal["action"]
    id: StrictStr = Field(min_length=1, max_length=MAX_ID)
    version: StrictInt = Field(ge=0, le=10**9)
    action: StrictStr = Field(max_length=64)


class Chat(_Message):
    type: Literal["chat"]
    text: StrictStr = Field(min_length=1, max_length=MAX_CHAT)


class Start(_Message):
    type: Literal["start"]


class HintRequest(_Message):
    type: Literal["hint"]
    id: StrictStr = Field(min_length=1, max_length=MAX_ID)


class UndoRequest(_Message):
    type: Literal["undo"]
    id: StrictStr = Field(min_length=1, max_length=MAX_ID)


class Next(_Message):
    type: Literal["next"]


class Rematch(_Message):
    type: Literal["rematch"]


class Kick(_Message):
    type: Literal["kick"]
    seat: StrictInt = Field(ge=0, le=MAX_SEATS)


class Mute(_Message):
    type: Literal["mute"]
    seat: StrictInt = Field(ge=0, le=MAX_SEATS)
    muted: StrictBool


Pace = Literal["slow", "normal", "fast", "instant"]  # how long the bots wait per action


class PaceRequest(_Message):
    """The room's one person sets how long its bots wait (``driver.PACES``)."""

    type: Literal["pace"]
    pace: Pace


ClientMessage = Annotated[
    Hello | ActionMessage | Chat | Start | HintRequest | UndoRequest | Next | Rematch | Kick
    | Mute | PaceRequest,
    Field(discriminator="type"),
]
_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
_TYPES = ("hello", "action", "chat", "start", "hint", "undo", "next", "rematch", "kick", "mute",
          "pace")


def parse_client(text: str | bytes) -> ClientMessage:
    """The message in ``text``; ``BadMessage`` says why it is not one."""
    if _size(text) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"a message holds at most {MAX_MESSAGE_BYTES} bytes")
    data = _json(text, "message", MAX_MESSAGE_BYTES)
    if not isinstance(data, dict):
        raise BadMessage("a message is a JSON object")
    kind = data.get("type")
    if kind not in _TYPES:
        raise BadMessage(f"a message's \"type\" is one of {', '.join(_TYPES)}")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as error:
        raise BadMessage(_explain(str(kind), error)) from None


def _size(text: str | bytes) -> int:
    """The message's size in UTF-8 bytes (a character may take up to four).

    >>> _size("é" * 3), _size(b"abc")
    (6, 3)
    """
    if isinstance(text, bytes) or len(text) > MAX_MESSAGE_BYTES:
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def _json(text: str | bytes, what: str, limit: int) -> Any:
    try:
        return read_json(text, what=what, max_bytes=limit)
    except InputError as error:
        raise BadMessage(str(error)) from None


def _explain(kind: str, error: ValidationError, tagged: bool = True) -> str:
    """Which field is wrong, without echoing the value (it may be huge or hostile); a
    message's place starts with its ``type`` tag (``tagged``), a body's does not."""
    problem = error.errors()[0]
    field = ".".join(str(part) for part in problem["loc"][1 if tagged else 0:]) or "message"
    if problem["type"] == "extra_forbidden":
        return f"a {kind} message has no field {field[:40]!r}"
    expected = {
        "string_type": "a string", "int_type": "an integer", "bool_type": "true or false",
        "missing": "present", "string_too_long": "shorter", "string_too_short": "not empty",
        "greater_than_equal": "not negative", "less_than_equal": "smaller",
        "string_pattern_mismatch": "8 to 64 hexadecimal digits (0-9, a-f)",
    }.get(problem["type"], "valid")
    if problem["type"] == "literal_error":  # the words allowed are ours, not the sender's
        expected = f"one of {problem.get('ctx', {}).get('expected', 'its words')}"
    return f'a {kind} message needs "{field}": {expected}'


# -- HTTP bodies -------------------------------------------------------------------------


class Options(_Message):
    """A room's options."""

    spectators: StrictBool = True
    turn_seconds: StrictInt | None = Field(default=None, ge=10, le=600)
    round_pause_seconds: StrictInt | None = Field(default=None, ge=0, le=120)
    bot_delay_ms: StrictInt | None = Field(default=None, ge=0, le=5000)
    pace: Pace | None = None  # None: as "instant"; ``bot_delay_ms``, when set, wins


class CreateRoom(_Message):
    name: StrictStr
    rules: dict[str, Any] = Field(default_factory=dict)
    seats: list[StrictStr] = Field(min_length=2)  # at most MAX_SEATS: the lobby says
    options: Options = Field(default_factory=Options)
    seed: StrictInt | None = Field(default=None, ge=0, le=2**63 - 1)  # one person only
    player: StrictStr | None = Field(default=None, pattern=PLAYER_ID)  # the creator's id


class JoinRoom(_Message):
    name: StrictStr
    player: StrictStr | None = Field(default=None, pattern=PLAYER_ID)  # the joiner's id


class PlayerQuery(_Message):
    """The body of ``POST /api/players/stats``: whose statistics."""

    player: StrictStr = Field(pattern=PLAYER_ID)


def parse_body(text: bytes, model: type[CreateRoom] | type[JoinRoom] | type[PlayerQuery]
               ) -> Any:
    """An HTTP body read as ``model``; ``BadMessage`` otherwise."""
    if len(text) > MAX_BODY_BYTES:
        raise BadMessage(f"a request body holds at most {MAX_BODY_BYTES} bytes")
    data = _json(text, "body", MAX_BODY_BYTES)
    if not isinstance(data, dict):
        raise BadMessage("the body is a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise BadMessage(_explain("request", error, tagged=False)) from None


def clean_name(name: str) -> str:
    """A person's name, trimmed; ``ValueError`` if empty, too long or with control codes."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ValueError(f"a name has 1 to {MAX_NAME} characters")
    if any(not char.isprintable() for char in name):
        raise ValueError("a name has no control characters")
    return name
