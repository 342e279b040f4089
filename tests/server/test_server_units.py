"""The server's pieces on their own: the fast view encoder, the analysis, the engine
thread, the static files."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from server.checks import ONLINE_PRESETS
from threethirteen.game import GameState
from threethirteen.rules import Rules
from threethirteen.server import engine, table
from threethirteen.server.analysis import analyse
from threethirteen.server.static import page
from threethirteen.server.store import LogEntry
from threethirteen.server.viewjson import GameText, ViewText, dumps
from threethirteen.solver import arrange, deadwood, go_out_discards
from threethirteen.view import Phase


@pytest.mark.parametrize("preset", ONLINE_PRESETS)
def test_the_fast_encoder_writes_what_view_to_json_writes(preset: str) -> None:
    rng = random.Random(preset)
    game = GameState(Rules.from_json({"preset": preset, "players": 3, "rounds": 4}), seed=9)
    kept = GameText()  # one per game, as a room keeps it: its texts grow version by version
    while True:
        encoder = ViewText(kept)
        for seat in (0, 1, 2, None):
            view = game.view(seat)
            assert encoder.encode(view) == dumps(view.to_json())
        if game.is_over:
            break
        if rng.random() < 0.05:  # a game replayed (after an undo, say): rebuilt texts
            game = table.replay(game.rules, 9, game.names, [
                LogEntry(n, a.seat, "action", str(a), None)
                for n, a in enumerate(game.history, 1)])
        game.apply(rng.choice(game.legal_actions()))
    assert ViewText().encode(game.view(None)) == dumps(game.view(None).to_json())
    assert json.loads(dumps(game.view(0).to_json())) == game.view(0).to_json()


def test_the_analysis_is_the_solver_s() -> None:
    rng = random.Random(4)
    game = GameState(Rules(players=2), seed=21)
    seen_discards = 0
    while not game.is_over:
        for seat in (0, 1):
            view = game.view(seat)
            found = analyse(view)
            assert found is not None and view.hand is not None
            assert found["deadwood"] == arrange(view.hand, wild=view.wild,
                                                rules=view.rules).deadwood
            assert found["go_out_discards"] == [str(card) for card in go_out_discards(
                view.hand, wild=view.wild, rules=view.rules)]
            melded = [card for meld in found["melds"] for card in meld] + found["unmelded"]
            best = arrange(view.hand, wild=view.wild, rules=view.rules)
            assert found["kinds"] == [meld.kind.value for meld in best.melds]
            assert sorted(melded) == sorted(str(card) for card in view.hand)
            if view.my_turn and view.phase is Phase.DISCARD:
                seen_discards += 1
                options = found["discards"]
                assert {o["card"] for o in options} == {str(card) for card in view.hand}
                keys = [(not o["out"], o["deadwood"]) for o in options]
                assert keys == sorted(keys)
                for option in options:
                    rest = [card for card in view.hand]
                    rest.remove(next(c for c in rest if str(c) == option["card"]))
                    assert option["deadwood"] == deadwood(rest, wild=view.wild,
                                                          rules=view.rules)
            else:
                assert "discards" not in found
        game.apply(rng.choice(game.legal_actions()))
    assert seen_discards > 50
    assert analyse(game.view(None)) is None


def test_every_engine_call_runs_on_one_thread() -> None:
    async def run() -> set[int]:
        idents = await asyncio.gather(*(engine.run(threading.get_ident) for _ in range(50)))
        return set(idents)

    threads = asyncio.run(run())
    assert len(threads) == 1 and threading.get_ident() not in threads


def test_a_finished_game_gives_each_person_a_line() -> None:
    rng = random.Random(3)
    game = GameState(Rules(players=3, rounds=2), seed=5, names=["Ann", "Left", "Bob"])
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    finish = table.finish(game, [(0, "Ann"), (2, "Bob")])
    assert finish.record["players"] == ["Ann", "Left", "Bob"]
    names = [line[0] for line in finish.people]
    assert names == ["Ann", "Bob"]
    for (_name, total, won, rounds, outs), seat in zip(finish.people, (0, 2), strict=True):
        assert total == game.totals[seat] and rounds == 2 and 0 <= outs <= 2
        assert won == (seat in (game.winners or ()))


def test_static_files_and_the_page_fallback(tmp_path: Path) -> None:
    assert b"make web" in page("", tmp_path / "missing").body
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<html>app</html>")
    (dist / "assets" / "app.js").write_text("console.log(1)")
    (tmp_path / "secret.txt").write_text("secret")
    assert Path(page("assets/app.js", dist).path).name == "app.js"  # type: ignore[attr-defined]
    for path in ("", "play", "r/abc", "score", "stats/Ann"):
        assert Path(page(path, dist).path).name == "index.html"  # type: ignore[attr-defined]
    assert page("assets/../../secret.txt", dist).status_code == 404
    assert page("assets/nothing.js", dist).status_code == 404


class _FailingBot:
    name = "failing"

    def choose(self, view: object, rng: random.Random) -> object:
        raise RuntimeError("Ks Qs Js")  # a message that could hold cards


class _CheatingBot:
    name = "cheating"

    def choose(self, view: object, rng: random.Random) -> object:
        return "draw stock"  # not an action object at all


@pytest.mark.parametrize("bot", [_FailingBot(), _CheatingBot()])
def test_a_failing_bot_is_replaced_by_a_legal_move_and_named_without_cards(
        bot: object, caplog: pytest.LogCaptureFixture) -> None:
    game = GameState(Rules(players=2), seed=5)
    seat = game.turn
    assert seat is not None
    move = table.bot_move(game, seat, bot, random.Random(1))
    game.check(move)
    assert bot.name in caplog.text and "Ks" not in caplog.text  # type: ignore[attr-defined]


@pytest.mark.parametrize("speed", [False, True])
def test_a_finished_game_gives_each_person_a_line_for_the_statistics(speed: bool) -> None:
    """Name, total, won, rounds played and rounds gone out (in speed mode several seats
    may go out on one call), for turn and speed records alike."""
    from threethirteen.server import speedtable
    from threethirteen.sim import play_game, play_speed_game

    if speed:
        game: Any = play_speed_game(Rules.preset("speed", players=4, rounds=6, decks=2),
                                    ["greedy"] * 4, seed=5)
        finish = speedtable.finish(game, [(0, "Ann"), (2, "Cy")])
        outs = [list(r["outs"] or ()) for r in finish.record["rounds"]]
    else:
        game = play_game(Rules(players=3, rounds=6), ["greedy"] * 3, seed=5)
        finish = table.finish(game, [(0, "Ann"), (2, "Cy")])
        outs = [[r["out"]] if r["out"] is not None else [] for r in finish.record["rounds"]]
    assert finish.record["totals"] == list(game.totals)
    assert any(outs)
    for (name, total, won, played, went_out), seat in zip(finish.people, (0, 2), strict=True):
        assert (name, total, won, played) == (
            ("Ann", "Cy")[seat // 2], game.totals[seat], seat in (game.winners or ()), 6)
        assert went_out == sum(seat in seats for seats in outs)
