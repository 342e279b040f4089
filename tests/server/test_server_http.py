"""Rooms over HTTP (INTERFACES.md §5): answers, refusals with a reason, no secrets."""

from __future__ import annotations

import asyncio

import httpx

from server.client import Socket, create, join
from server.serverproc import ServerProcess


def test_creating_joining_and_reading_rooms(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.base, timeout=10)
    made = http.post("/api/rooms", json={"name": "Ann", "rules": {"preset": "natural"},
                                         "seats": ["human", "expert", "human", "medium"]})
    assert made.status_code == 201
    body = made.json()
    assert body["seat"] == 0 and body["invite"] == f"/r/{body['room']}"
    room, token = body["room"], body["token"]
    summary = http.get(f"/api/rooms/{room}")
    assert token not in summary.text
    data = summary.json()
    assert data["status"] == "waiting" and data["host"] == 0
    assert [s["kind"] for s in data["seats"]] == ["human", "expert", "human", "medium"]
    # a room of several people: bot names that do not depend on where one sits
    assert [s["name"] for s in data["seats"]] == ["Ann", "Ada", None, "Cleo"]
    assert "muted" not in data["seats"][0] and data["rules"]["all_wild_melds"] is False
    mine = http.get(f"/api/rooms/{room}", headers={"Authorization": f"Bearer {token}"}).json()
    assert mine["seats"][1]["muted"] is False
    assert http.get(f"/api/rooms/{room}/record").json()["reason"] == "not-over"
    joined = http.post(f"/api/rooms/{room}/join", json={"name": "Bob"})
    assert joined.status_code == 200 and joined.json()["seat"] == 2
    full = http.post(f"/api/rooms/{room}/join", json={"name": "Cy"})
    assert full.status_code == 409 and full.json()["reason"] == "room-full"
    assert http.get(f"/api/rooms/{room}").json()["status"] == "playing"


def test_refusals_carry_a_reason(server: ServerProcess) -> None:
    http = httpx.Client(base_url=server.base, timeout=10)

    def refused(path: str, body: object, status: int, reason: str) -> None:
        answer = http.post(path, content=body if isinstance(body, bytes) else None,
                           json=None if isinstance(body, bytes) else body)
        assert answer.status_code == status, answer.text
        assert answer.json()["reason"] == reason, answer.text
        assert answer.json()["message"]

    refused("/api/rooms", b"{not json", 400, "bad-message")
    refused("/api/rooms", b"[]", 400, "bad-message")
    refused("/api/rooms", b"x" * 100_000, 400, "bad-message")
    refused("/api/rooms", {"name": "A", "seats": ["expert", "human"]}, 400, "bad-seats")
    refused("/api/rooms", {"name": "A", "seats": ["human", "grandmaster"]}, 400, "bad-seats")
    refused("/api/rooms", {"name": "A", "seats": ["human"]}, 400, "bad-message")
    refused("/api/rooms", {"name": "A", "seats": ["human"] * 9}, 400, "bad-message")
    refused("/api/rooms", {"name": "A", "seats": ["human", "easy"], "rules": {"players": 3}},
            400, "bad-rules")
    refused("/api/rooms", {"name": "A", "seats": ["human", "easy"], "rules": {"aces": 1}},
            400, "bad-rules")
    refused("/api/rooms", {"name": "A", "seats": ["human", "easy"], "rules": {"preset": "speed"},
                           "options": {"turn_seconds": 30}}, 400, "bad-options")  # the caller's
    refused("/api/rooms", {"name": "", "seats": ["human", "easy"]}, 400, "bad-name")
    refused("/api/rooms", {"name": "A\x1b[2J", "seats": ["human", "easy"]}, 400, "bad-name")
    refused("/api/rooms", {"name": "A", "seats": ["human", "easy"], "extra": 1}, 400,
            "bad-message")
    refused("/api/rooms", {"name": "A", "seats": ["human", "easy"],
                           "options": {"turn_seconds": 5}}, 400, "bad-message")
    refused("/api/rooms/nosuchroom/join", {"name": "Bob"}, 404, "no-such-room")
    assert http.get("/api/rooms/nosuchroom").json()["reason"] == "no-such-room"
    assert http.get("/api/rooms/" + "x" * 500).status_code == 404
    assert http.get("/api/stats/nobody-at-all").json()["reason"] == "no-such-player"
    assert http.get("/api/nothing").json()["reason"] == "not-found"
    assert http.delete("/api/rooms").json()["reason"] == "not-found"
    assert http.post("/healthz").json()["reason"] == "method-not-allowed"
    assert http.get("/healthz").json() == {"ok": True}


def test_pages_of_the_browser_game(server: ServerProcess) -> None:
    for path in ("/", "/play", "/r/abc", "/score", "/replay/x", "/stats/Ann"):
        answer = httpx.get(server.base + path, timeout=10)
        assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
    for path in ("/assets/../../pyproject.toml", "/assets/%2e%2e/%2e%2e/%2e%2e/pyproject.toml",
                 "/assets/nothing.js"):
        answer = httpx.get(server.base + path, timeout=10)
        assert "[project]" not in answer.text
    assert httpx.get(server.base + "/assets/nothing.js").status_code == 404


def test_a_waiting_room_tells_its_sockets_then_starts_early(server: ServerProcess) -> None:
    async def run() -> None:
        ann = await create(server.base, ["human", "human", "human"], rules={"rounds": 1})
        host = await Socket.open(server.ws, ann.room, ann.token)
        assert (await host.until("room"))["room"]["status"] == "waiting"
        bob = await join(server.base, ann.room, "Bob")
        guest = await Socket.open(server.ws, ann.room, bob.token)
        await guest.until("room")
        await guest.send({"type": "start"})
        assert (await guest.until("error"))["reason"] == "not-host"
        await host.send({"type": "start"})
        state = await host.until("state")
        assert state["room"]["status"] == "playing"
        seats = state["room"]["seats"]
        assert seats[2]["kind"] == "medium" and seats[2]["name"] == "Bela"
        assert state["view"]["players"] == ["Ann", "Bob", "Bela"]
        await host.send({"type": "start"})
        assert (await host.until("error"))["reason"] == "not-waiting"
        late = httpx.post(f"{server.base}/api/rooms/{ann.room}/join", json={"name": "Cy"})
        assert late.status_code == 409 and late.json()["reason"] == "room-full"

    asyncio.run(run())
