"""Redraw the browser game's screenshots in docs/screenshots (desktop and phone).

    .venv/bin/python docs/web_screenshots.py

Starts ``three-thirteen serve`` on a free loopback port (for the built page) and answers
the table's WebSocket with a scripted round 6 of a game against three computers: the
messages today's server sends (each ``state`` with its view, the solver's ``analysis`` of
the hand, the room, ``can_undo`` and the ``action`` that made it; ``chat_history`` after
``hello``), so the pictures are the same on every run. The table is drawn with the hand in
meld groups (a set, a run with a wild eight, the unmelded cards, the card just drawn
marked) and every other seat's last action (``web-table-*.png``); then the same round
played to its end, the results dialog over round 7 (``web-reveal-*.png``); a speed room of
twelve at call 4 of round 5 (``web-speed-*.png``); and the rules page at its example of
going out (``web-rules-*.png``). Needs the built game (``make web``, or a build named by
``THREE_THIRTEEN_WEB_DIST``) and Chromium; takes about 25 s.
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, sync_playwright

from threethirteen.cards import Card, Rank
from threethirteen.rules import FalseOut, Mode, Rules
from threethirteen.server.analysis import _analyse
from threethirteen.server.protocol import Options
from threethirteen.solver import arrange

HERE = Path(__file__).resolve().parent
OUT = HERE / "screenshots"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
RULES = Rules(players=4, rounds=11)
PLAYERS = ["You", "Left", "Top", "Right"]
RANKS = "A23456789TJQK"
# Round 6 (eights wild), dealt by Top (seat 2): Right plays first.
ROUND, DEALER = 6, 2
UPCARD = "9c"
START_HAND = ["5h", "5s", "5c", "9d", "Td", "8c", "Qd", "Kc"]
# What seat 0 draws from the stock, in order (nobody else's stock draws are known to it).
MY_DRAWS = ["Jh", "3h", "7s"]
ACTIONS = [
    "3: draw stock", "3: discard Kd", "0: draw stock", "0: discard Jh", "1: draw discard",
    "1: discard 2s", "2: draw stock", "2: discard Qh", "3: draw stock", "3: discard 4c",
    "0: draw stock",
]
TABLE_AT = len(ACTIONS)  # the table's picture: seat 0 to discard, the three of hearts drawn
# The rest of the round: Left goes out, the others take their final turns.
ACTIONS += [
    "0: discard Kc", "1: draw stock", "1: discard 6c", "2: draw discard", "2: discard Jc",
    "3: draw stock", "3: discard 9s", "0: draw stock", "0: discard 7s",
]
# Every hand at the round's end (the reveal lays them open in their best arrangement).
FINAL_HANDS = [
    ["5h", "5s", "5c", "9d", "Td", "8c", "Qd", "3h"],
    ["4h", "4d", "4s", "9h", "Th", "Jh", "8d", "Kh"],
    ["2h", "2c", "2d", "6c", "6d", "6h", "Js", "9c"],
    ["7c", "7d", "7h", "Qs", "Ks", "Js", "Ad", "5d"],
]
OUT_SEAT = 1
EARLIER = [[0, 12, 5, 9], [8, 0, 3, 14], [6, 10, 0, 2], [9, 19, 10, 0], [0, 0, 0, 10]]
# Round 7 (nines wild), dealt by Right: seat 0 plays first.
NEXT_HAND = ["2c", "3c", "4c", "9s", "Jd", "Jh", "Js", "6h", "Ad"]
NEXT_UPCARD = "Tc"


def cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes)


def wild_of(number: int) -> str:
    return RANKS[number + 1]


def _result(number: int, points: list[int], hands: list[list[str]] | None = None
            ) -> dict[str, Any]:
    """A round's result as the view writes it; ``hands``: each seat's last hand, laid out
    by the solver (earlier rounds keep only their points)."""
    seats = []
    for seat, p in enumerate(points):
        if hands is None:
            seats.append({"melds": [], "deadwood": [], "points": p})
            continue
        best = arrange(cards(hands[seat]), wild=Rank.parse(wild_of(number)), rules=RULES)
        laid = best.to_json()
        seats.append({"melds": laid["melds"], "deadwood": laid["unmelded"],
                      "points": best.deadwood})
    return {"number": number, "wild": wild_of(number), "dealer": number % 4, "end": "out",
            "out": points.index(0) if hands is None else OUT_SEAT, "playoff": False,
            "result": seats}


def analysis_of(hand: list[str], wild: str, discarding: bool) -> dict[str, Any]:
    """The state's ``analysis``, by the server's own function."""
    return _analyse(cards(hand), Rank.parse(wild), RULES, discarding)


def round_six(count: int) -> tuple[dict[str, Any], list[str]]:
    """The view of seat 0 after the first ``count`` actions of round 6, and its hand."""
    actions = ACTIONS[:count]
    pile, pickups, sizes = [UPCARD], [], [8, 8, 8, 8]
    hand, draws = list(START_HAND), iter(MY_DRAWS)
    stock = RULES.deck_count * 52 - 4 * 8 - 1
    out: int | None = None
    for text in actions:
        seat, verb = int(text[0]), text[3:]
        if verb == "draw discard":
            card = pile.pop()
            pickups.append({"seat": seat, "card": card})
            sizes[seat] += 1
            if seat == 0:
                hand.append(card)
        elif verb == "draw stock":
            sizes[seat] += 1
            stock -= 1
            if seat == 0:
                hand.append(next(draws))
        else:
            card = verb.split()[1]
            pile.append(card)
            sizes[seat] -= 1
            if seat == 0:
                hand.remove(card)
            if seat == OUT_SEAT and out is None and count > TABLE_AT:
                out = seat
    turn_index = count // 2
    order = [(DEALER + 1 + n) % 4 for n in range(4)]
    turn = order[turn_index % 4]
    phase = "draw" if count % 2 == 0 else "discard"
    mine = turn == 0
    legal: list[str] = []
    if mine and phase == "draw":
        legal = ["0: draw stock", "0: draw discard"]
    elif mine:
        legal = [f"0: discard {card}" for card in hand]
    left = 0
    if out is not None:
        played = sum(1 for text in actions[ACTIONS.index("1: discard 6c") + 1:]
                     if "discard" in text)
        left = 3 - played
    return {
        "seat": 0, "rules": RULES.to_json(), "players": PLAYERS, "round": ROUND,
        "playoff": False, "seats": [0, 1, 2, 3], "wild": wild_of(ROUND), "dealer": DEALER,
        "phase": phase, "turn": turn, "hand": hand, "hand_sizes": sizes, "stock_size": stock,
        "discard_pile": pile, "pickups": pickups, "actions": actions, "reshuffled": False,
        "out": out, "final_turns_left": left, "false_outs": [0, 0, 0, 0],
        "totals": totals(EARLIER), "results": [_result(n + 1, p) for n, p in enumerate(EARLIER)],
        "winners": None, "legal": legal,
    }, hand


def totals(points: list[list[int]]) -> list[int]:
    return [sum(p[seat] for p in points) for seat in range(4)]


def round_seven() -> dict[str, Any]:
    """Seat 0's view of round 7's deal, after round 6 ended (its results added)."""
    last = _result(ROUND, [0, 0, 0, 0], FINAL_HANDS)
    points = [*EARLIER, [seat["points"] for seat in last["result"]]]
    results = [*(_result(n + 1, p) for n, p in enumerate(EARLIER)), last]
    return {
        "seat": 0, "rules": RULES.to_json(), "players": PLAYERS, "round": ROUND + 1,
        "playoff": False, "seats": [0, 1, 2, 3], "wild": wild_of(ROUND + 1), "dealer": 3,
        "phase": "draw", "turn": 0, "hand": NEXT_HAND, "hand_sizes": [9, 9, 9, 9],
        "stock_size": RULES.deck_count * 52 - 4 * 9 - 1,
        "discard_pile": [NEXT_UPCARD], "pickups": [], "actions": [], "reshuffled": False,
        "out": None, "final_turns_left": 0, "false_outs": [0, 0, 0, 0],
        "totals": totals(points), "results": results, "winners": None,
        "legal": ["0: draw stock", "0: draw discard"],
    }


ROOM = {"room": "docs", "status": "playing", "host": 0, "seats": [
    {"kind": "human", "name": "You", "connected": True},
    *({"kind": "medium", "name": name, "connected": True} for name in PLAYERS[1:])],
    "options": Options(pace="normal").model_dump(), "rules": RULES.to_json(), "rematch": None}


def state(version: int, view: dict[str, Any], hand: list[str], action: str | None
          ) -> dict[str, Any]:
    discarding = view["turn"] == 0 and view["phase"] == "discard"
    return {"type": "state", "version": version, "view": view,
            "analysis": analysis_of(hand, view["wild"], discarding), "room": ROOM,
            "can_undo": False, "action": action}


SPEED_RULES = Rules(players=12, rounds=11, mode=Mode.SPEED, false_out=FalseOut.REJECT)
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
        "mode": "speed", "seat": 0, "rules": SPEED_RULES.to_json(),
        "players": SPEED_NAMES, "round": 5, "playoff": False, "seats": list(range(12)),
        "wild": "7", "dealer": 4, "phase": "discard", "call": 4, "last_call": False,
        "waiting": waiting, "hand": SPEED_HAND, "drawn": "Qd", "hand_sizes": sizes,
        "stock_size": 71, "piles": piles, "pile_draws": [{"seat": 3, "card": "Qc"}],
        "outs": [], "totals": [14, 22, 9, 31, 18, 5, 27, 12, 20, 16, 11, 25], "results": [],
        "winners": None, "legal": [f"0: discard {card}" for card in SPEED_HAND],
    }


SPEED_ROOM = {"room": "docs", "status": "playing", "host": 0, "seats": [
    {"kind": "human", "name": "You", "connected": True},
    *({"kind": "medium", "name": name, "connected": True} for name in SPEED_NAMES[1:])],
    "options": Options(pace="normal").model_dump(), "rules": SPEED_RULES.to_json(), "rematch": None}


def script_speed_room(page: Page) -> None:
    def handler(ws: WebSocketRoute) -> None:
        def on_message(message: str | bytes) -> None:
            if json.loads(message).get("type") != "hello":
                return
            deadline = int(time.time() * 1000) + 7_600  # "8 seconds to the caller"
            view = speed_view()
            ws.send(json.dumps({"type": "state", "version": 90, "view": view,
                                "analysis": _analyse(cards(SPEED_HAND), Rank.parse("7"),
                                                     SPEED_RULES, True),
                                "call_deadline": deadline, "room": SPEED_ROOM,
                                "can_undo": False, "action": None}))
            ws.send(json.dumps({"type": "chat_history", "messages": []}))
        ws.on_message(on_message)
    page.route_web_socket(re.compile(r"/ws/"), handler)
    seated(page)


def seated(page: Page) -> None:
    """The page holds seat 0 of room ``docs`` and plays the others' moves at once."""
    page.add_init_script(
        "localStorage.setItem('three-thirteen.seat.docs', JSON.stringify({seat: 0, token: 't'}));"
        "localStorage.setItem('three-thirteen.settings', JSON.stringify({pace: 'instant'}))")


def scripted(upto: int, after: bool) -> Callable[[Page], None]:
    """The table's script: round 6's states up to ``upto`` actions, then (``after``) round
    7's deal with round 6's results."""
    def script(page: Page) -> None:
        def handler(ws: WebSocketRoute) -> None:
            def on_message(message: str | bytes) -> None:
                if json.loads(message).get("type") != "hello":
                    return
                first, _ = round_six(0)
                ws.send(json.dumps(state(60, first, START_HAND, None)))
                ws.send(json.dumps({"type": "chat_history", "messages": []}))
                for count in range(1, upto + 1):
                    view, hand = round_six(count)
                    if after and count == upto:  # the round's last discard deals round 7
                        view, hand = round_seven(), NEXT_HAND
                    ws.send(json.dumps(state(60 + count, view, hand, ACTIONS[count - 1])))
            ws.on_message(on_message)
        page.route_web_socket(re.compile(r"/ws/"), handler)
        seated(page)
    return script


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


def shown(name: str) -> Callable[[Page], None]:
    """Wait for the hand's card named ``name`` (none is chosen: a chosen card rises over
    its group's label)."""
    return lambda page: page.get_by_role("button", name=re.compile("^" + name)).first.wait_for()


def results_open(page: Page) -> None:
    page.get_by_role("heading", name=f"Round {ROUND} results").wait_for()


def shoot(base: str) -> None:
    OUT.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)
        tables: tuple[tuple[str, Callable[[Page], None], Callable[[Page], None]], ...] = (
            ("table", scripted(TABLE_AT, after=False), shown("3 of hearts")),
            ("reveal", scripted(len(ACTIONS), after=True), results_open),
            ("speed", script_speed_room, shown("Queen of diamonds")))
        for name, options in SIZES.items():
            for table, script, then in tables:
                context = browser.new_context(reduced_motion="reduce", **options)
                page = context.new_page()
                script(page)
                page.goto(f"{base}/r/docs")
                then(page)
                page.wait_for_timeout(400)
                path = OUT / f"web-{table}-{name}.png"
                page.screenshot(path=str(path))
                print(f"wrote {path}")
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
