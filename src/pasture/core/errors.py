"""Errors that carry a stable machine code and a sentence a person can read."""

from __future__ import annotations

ErrorParams = dict[str, int | str]
"""An error's structured values by placeholder name (see `PastureError.params`)."""


class PastureError(ValueError):
    """Base of pasture's input errors: `code` is stable, `message` is for people."""

    default_code = "error"

    def __init__(
        self, message: str, code: str | None = None, params: ErrorParams | None = None
    ) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.message = message
        self.params: ErrorParams = params or {}
        """The values the sentence names (seats from 1), for a client to word it in its own
        language from the code; only what the receiver may know."""

    def to_json(self) -> dict[str, str | ErrorParams]:
        out: dict[str, str | ErrorParams] = {"code": self.code, "message": self.message}
        if self.params:
            out["params"] = self.params
        return out

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


class IllegalAction(PastureError):
    """An action that the game does not allow now. The state is left unchanged.

    Codes: `malformed_action`, `unknown_seat`, `not_your_turn`, `illegal_action`,
    `game_over`, `chance_pending`.
    """

    default_code = "illegal_action"


class InvalidOptions(PastureError):
    """Table options or a player count that the game does not accept."""

    default_code = "invalid_options"
