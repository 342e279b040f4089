"""A room served by the test instead of the server: the page's WebSocket is answered with
views the test writes, and every message the page sends is kept. For what needs an exact
hand or moment (a 14-card hand, a hand that can go out, the turn arriving)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

NO_ANALYSIS = {"deadwood": 5, "melds": [], "unmelded": [], "go_out_discards": [], "discards": []}


def view_json(
    hand: list[str], round_number: int = 11, wild: str | None = "K", **changes: Any,
) -> dict[str, Any]:
    """A view of seat 0, to discard, in round 11 (13 dealt, one drawn)."""
    view: dict[str, Any] = {
        "seat": 0, "rules": {"rounds": 11, "players": 4},
        "players": ["You", "Left", "Top", "Right"], "round": round_number, "playoff": False,
        "seats": [0, 1, 2, 3], "wild": wild, "dealer": 3,
        "phase": "discard", "turn": 0, "hand": hand,
        "hand_sizes": [len(hand), len(hand) - 1, len(hand) - 1, len(hand) - 1],
        "stock_size": 40, "discard_pile": ["9s"], "pickups": [], "actions": ["0: draw stock"],
        "reshuffled": False, "out": None, "final_turns_left": 0, "false_outs": [0, 0, 0, 0],
        "totals": [12, 30, 7, 22], "results": [], "winners": None,
        "legal": [f"0: discard {card}" for card in hand],
    }
    view.update(changes)
    return view


class FakeRoom:
    """Room `fake`, seat 0: answers `hello` with ``view``; ``send`` pushes more states."""

    def __init__(self, page: Page, view: dict[str, Any], *, analysis: dict[str, Any] | None = None,
                 room: dict[str, Any] | None = None) -> None:
        self.received: list[dict[str, Any]] = []
        self.version = 40
        self._socket: WebSocketRoute | None = None
        self._first = {"view": view, "analysis": analysis or NO_ANALYSIS, "room": room}
        page.route_web_socket(re.compile(r"/ws/"), self._handle)
        page.add_init_script("localStorage.setItem('three-thirteen.seat.fake',"
                             " JSON.stringify({seat: 0, token: 't'}))")

    def _handle(self, socket: WebSocketRoute) -> None:
        self._socket = socket

        def on_message(message: str | bytes) -> None:
            data = json.loads(message)
            self.received.append(data)
            if data.get("type") == "hello":
                self.send(**self._first)
        socket.on_message(on_message)

    def send(self, view: dict[str, Any], analysis: dict[str, Any] | None = None,
             room: dict[str, Any] | None = None) -> None:
        assert self._socket is not None, "the page has not connected"
        self.version += 1
        message: dict[str, Any] = {"type": "state", "version": self.version, "view": view,
                                   "can_undo": False, "analysis": analysis or NO_ANALYSIS}
        if room is not None:
            message["room"] = room
        self._socket.send(json.dumps(message))

    def send_message(self, message: dict[str, Any]) -> None:
        """Push any other server message (an error, a chat line, a hint)."""
        assert self._socket is not None, "the page has not connected"
        self._socket.send(json.dumps(message))

    def actions(self) -> list[str]:
        """The actions the page sent, in order."""
        return [m["action"] for m in self.received if m.get("type") == "action"]

    def wait_for_actions(self, page: Page, expected: list[str], timeout: float = 10.0) -> None:
        """Wait until the page has sent exactly ``expected`` (messages arrive while
        Playwright is called)."""
        deadline = time.monotonic() + timeout
        while self.actions() != expected and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        assert self.actions() == expected

    def wait_for_message(self, page: Page, message: dict[str, Any], timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while message not in self.received and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        assert message in self.received, self.received
