"""Redraw the browser game's screenshots in docs/screenshots (desktop and phone).

    .venv/bin/python docs/web_screenshots.py

Starts ``three-thirteen serve`` on a free loopback port (for the built page) and answers
the table's WebSocket with a scripted round 6 (the same states the server sends), so the
pictures are the same on every run; then a speed room of twelve at call 4 of round 5
(``web-speed-*.png``), and the rules page at its example of going out (``web-rules-*.png``).
Needs the built game (``make web``) and Chromium.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, sync_playwright

HERE = Path(__file__).resolve().parent
OUT = HERE / "screenshots"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PLAYERS = ["You", "Left", "Top", "Right"]
ACTIONS = [
    "3: draw stock", "3: discard Kc", "0: draw stock", "0: discard Jd", "1: draw discard",
    "1: discard 2s", "2: draw stock", "2: discard Qh", "3: draw stock", "3: discard 4c",
    "0: draw stock",
]
HAND = ["5h", "6h", "7h", "8s", "Ts", "Js", "Qs", "3d", "Kd"]
POINTS = [[0, 12, 5, 9], [8, 0, 3, 14], [6, 10, 0, 2], [9, 19, 10, 0], [0, 0, 0, 10]]


def _result(number: int, points: list[int]) -> dict[str, Any]:
    out = points.index(0)
    return {"number": number, "wild": "A23456789TJQK"[number + 1], "dealer": (number - 1) % 4,
            "end": "out", "out": out, "playoff": False,
            "result": [{"melds": [], "deadwood": [], "points": p} for p in points]}


def view_after(count: int) -> dict[str, Any]:
    """The view of seat 0 after the first ``count`` actions of round 6."""
    actions = ACTIONS[:count]
    pile, pickups, sizes = ["9c"], [], [8, 8, 8, 8]
    for text in actions:
        seat, verb = int(text[0]), text[3:]
        if verb == "draw discard":
            pickups.append({"seat": seat, "card": pile.pop()})
            sizes[seat] += 1
        elif verb == "draw stock":
            sizes[seat] += 1
        else:
            pile.append(verb.split()[1])
            sizes[seat] -= 1
    mine = count == len(ACTIONS)
    turn = [3, 0, 1, 2][(count // 2) % 4] if not mine else 0
    results = [_result(n + 1, p) for n, p in enumerate(POINTS)]
    totals = [sum(p[i] for p in POINTS) for i in range(4)]
    return {
        "seat": 0, "rules": {"rounds": 11, "players": 4}, "players": PLAYERS, "round": 6,
        "playoff": False, "seats": [0, 1, 2, 3], "wild": "8", "dealer": 2,
        "phase": "discard" if mine else "draw", "turn": turn,
        "hand": HAND if mine else HAND[:8], "hand_sizes": sizes,
        "stock_size": 52 * 2 - 33 - count // 2, "discard_pile": pile, "pickups": pickups,
        "actions": actions, "reshuffled": False, "out": None, "final_turns_left": 0,
        "false_outs": [0, 0, 0, 0], "totals": totals, "results": results, "winners": None,
        "legal": [f"0: discard {c}" for c in HAND] if mine else [],
    }


ANALYSIS = {
    "deadwood": 13, "melds": [["5h", "6h", "7h", "8s"], ["Ts", "Js", "Qs"]],
    "unmelded": ["3d", "Kd"], "go_out_discards": [],
    "discards": [{"card": "Kd", "deadwood": 3, "out": False},
                 {"card": "3d", "deadwood": 10, "out": False}],
}
ROOM = {"room": "docs", "status": "playing", "host": 0, "seats": [
    {"kind": "human", "name": "You", "connected": True},
    {"kind": "expert", "name": "Left", "connected": True},
    {"kind": "expert", "name": "Top", "connected": True},
    {"kind": "expert", "name": "Right", "connected": True}]}


SPEED_NAMES = ["You", "Left", *(f"Seat {seat}" for seat in range(2, 11)), "Right"]
SPEED_HAND = ["4c", "5c", "6c", "9d", "9h", "9s", "7h", "Js", "Qd"]
SPEED_PILES = ["Kd", "3h", "8c", "Ts", "2d", "7s", "As", "Qh", "6d", "Jc", "4h", "8h"]


def speed_view() -> dict[str, Any]:
    """Seat 0 of a speed room of twelve, call 4 of round 5 (sevens wild), to discard; five
    seats have discarded."""
    waiting = [0, 2, 3, 5, 7, 8, 11]
    sizes = [9 if seat in waiting else 8 for seat in range(12)]
    piles = [["5s", card] for card in SPEED_PILES]
    return {
        "mode": "speed", "seat": 0, "rules": {"rounds": 11, "players": 12, "mode": "speed",
                                              "speed_seconds": 10, "false_out": "reject"},
        "players": SPEED_NAMES, "round": 5, "playoff": False, "seats": list(range(12)),
        "wild": "7", "dealer": 4, "phase": "discard", "call": 4, "last_call": False,
        "waiting": waiting, "hand": SPEED_HAND, "drawn": "Qd", "hand_sizes": sizes,
        "stock_size": 71, "piles": piles, "pile_draws": [{"seat": 3, "card": "Qc"}],
        "outs": [], "totals": [14, 22, 9, 31, 18, 5, 27, 12, 20, 16, 11, 25], "results": [],
        "winners": None, "legal": [f"0: discard {card}" for card in SPEED_HAND],
    }


SPEED_ROOM = {"room": "docs", "status": "playing", "host": 0, "seats": [
    {"kind": "human", "name": "You", "connected": True},
    *({"kind": "expert", "name": name, "connected": True} for name in SPEED_NAMES[1:])]}


def script_speed_room(page: Page) -> None:
    def handler(ws: WebSocketRoute) -> None:
        def on_message(message: str | bytes) -> None:
            if json.loads(message).get("type") != "hello":
                return
            deadline = int(time.time() * 1000) + 7_600  # "8 seconds to the caller"
            ws.send(json.dumps({"type": "state", "version": 90, "view": speed_view(),
                                "call_deadline": deadline, "room": SPEED_ROOM}))
        ws.on_message(on_message)
    page.route_web_socket(re.compile(r"/ws/"), handler)
    page.add_init_script(
        "localStorage.setItem('three-thirteen.seat.docs', JSON.stringify({seat: 0, token: 't'}))")


def script_room(page: Page) -> None:
    def handler(ws: WebSocketRoute) -> None:
        def on_message(message: str | bytes) -> None:
            if json.loads(message).get("type") != "hello":
                return
            for count in range(1, len(ACTIONS) + 1):
                ws.send(json.dumps({"type": "state", "version": 60 + count,
                                    "view": view_after(count), "analysis": ANALYSIS,
                                    "room": ROOM, "can_undo": False}))
        ws.on_message(on_message)
    page.route_web_socket(re.compile(r"/ws/"), handler)
    page.add_init_script(
        "localStorage.setItem('three-thirteen.seat.docs', JSON.stringify({seat: 0, token: 't'}))")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "THREE_THIRTEEN_HOME": home}
        server = subprocess.Popen(
            [sys.executable, "-c", "from threethirteen.cli import main; main()", "serve",
             "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            shoot(base)
            shoot_rules(base)
        finally:
            server.terminate()
            server.wait(timeout=10)


SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2},
}


def shoot_rules(base: str) -> None:
    """The rules page (/rules) at its example of a hand that goes out."""
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)
        for name, options in SIZES.items():
            context = browser.new_context(reduced_motion="reduce", **options)
            page = context.new_page()
            page.goto(f"{base}/rules#going-out")
            page.get_by_role("heading", name="Going out").wait_for()
            page.wait_for_timeout(300)
            path = OUT / f"web-rules-{name}.png"
            page.screenshot(path=str(path))
            print(f"wrote {path}")
            context.close()
        browser.close()


def shoot(base: str) -> None:
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)
        tables = (("table", script_room, "King of diamonds"),
                  ("speed", script_speed_room, "Jack of spades"))
        for name, options in SIZES.items():
            for table, script, chosen in tables:
                context = browser.new_context(reduced_motion="reduce", **options)
                page = context.new_page()
                script(page)
                page.goto(f"{base}/r/docs")
                page.get_by_role("button", name=chosen, exact=True).click()
                page.wait_for_timeout(300)
                path = OUT / f"web-{table}-{name}.png"
                page.screenshot(path=str(path))
                print(f"wrote {path}")
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
