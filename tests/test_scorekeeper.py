"""The score sheet: entries checked against the rules' pack, scored by the engine's own
functions, edits, undo, totals, winners under every ``ties``, and its files."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scorekeeping import (
    play_speed_game,
    random_entry,
    random_hand,
    sheet_of_game,
    sheet_of_speed_game,
)

from threethirteen.cards import Hand
from threethirteen.cli.solve import solve_json
from threethirteen.errors import NotationError, RecordError, RulesError, ThreeThirteenError
from threethirteen.record import load_record, replay_record
from threethirteen.rules import PRESETS, Mode, Rules
from threethirteen.scorekeeper import (
    FORMAT,
    Entry,
    EntryKind,
    Sheet,
    SheetError,
    read_sheet,
    sheet_csv,
    sheet_json,
    sheet_text,
    sheet_view,
)
from threethirteen.scorekeeper.plan import plan_round
from threethirteen.scoring import round_wild
from threethirteen.sim import play_game

GOLDEN = Path(__file__).parent / "golden"
THREE = ["Ann", "Bob", "Cy"]


def refused(reason: str, call: object, *args: object, **options: object) -> SheetError:
    with pytest.raises(SheetError) as caught:
        call(*args, **options)  # type: ignore[operator]
    assert caught.value.reason == reason, caught.value
    return caught.value


# -- a played game, written onto a sheet, scores exactly as the engine did ---------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_played_game_typed_card_by_card_scores_as_the_engine(preset: str, seed: int) -> None:
    rules = Rules.preset(preset, players=3, rounds=5, false_out="penalty")
    if rules.mode is Mode.SPEED:
        game = play_speed_game(rules, seed)
        sheet = sheet_of_speed_game(game)
        assert (sheet.totals, sheet.winners, sheet.missing()) == (game.totals, game.winners, [])
        played_rounds = game.rounds() if callable(game.rounds) else game.rounds
        for played, plan in zip(played_rounds, sheet.rounds(), strict=True):
            assert (plan.number, plan.wild, plan.dealer, plan.playoff, plan.seats) == (
                played.number, played.wild, played.dealer, played.playoff, played.seats)
        return
    state = play_game(rules, ["random", "greedy", "random"], seed=seed)
    sheet = sheet_of_game(state)
    assert sheet.totals == state.totals
    assert sheet.winners == state.winners and sheet.is_over
    assert sheet.missing() == []
    for log, plan in zip(state.round_logs(), sheet.rounds(), strict=True):
        assert (plan.number, plan.wild, plan.dealer, plan.first, plan.playoff) == (
            log.number, log.wild, log.dealer, log.turns[0].seat, log.playoff)
        assert plan.seats == log.seats and plan.deal == len(log.deal.hands[log.seats[0]])
        assert log.result is not None
        assert sheet.round_points(plan.number) == tuple(
            seat.points if index in log.seats else None
            for index, seat in enumerate(log.result.seats))


@pytest.mark.parametrize("name", sorted(path.name for path in GOLDEN.glob("*.json")))
def test_every_golden_game_typed_onto_a_sheet_gives_its_totals_and_winners(name: str) -> None:
    state = replay_record(load_record(GOLDEN / name))
    sheet = sheet_of_game(state)
    assert (sheet.totals, sheet.winners) == (state.totals, state.winners)
    assert [plan.playoff for plan in sheet.rounds()] == [log.playoff
                                                        for log in state.round_logs()]


@given(st.integers(2, 8), st.integers(0, 7), st.integers(1, 12))
def test_round_plans_follow_the_engine(players: int, first: int, number: int) -> None:
    first %= players
    rules = Rules(players=players, rounds=number, decks=3)
    plan = plan_round(players=players, first_dealer=first, number=number)
    assert plan.dealer == (first + plan.number - 1) % players
    assert plan.first == (plan.dealer + 1) % players
    assert plan.deal == plan.number + 2
    assert plan.wild == (None if number == 12 else plan.deal) == round_wild(number)
    assert sorted(plan.order) == list(range(players)) and rules.players == players


# -- the variants: the five-suit pack, round 12 with no wild rank, speed ---------------

def test_a_five_suit_sheet_takes_stars_and_refuses_what_the_pack_lacks() -> None:
    sheet = Sheet.start(THREE, Rules.preset("five-suit", players=3))
    sheet = sheet.enter(3, 0, Entry.parse("7x 8★ 9x 5c 5d"))
    scored = sheet.entry(3, 0)
    assert scored is not None and scored.points == 0  # a run of stars, the wild 5s a set
    sheet = sheet.enter(3, 1, Entry.parse("Kx Qx 3c 4d 6h"))
    assert sheet.round_points(3)[1] == 13 + 12 + 3 + 4 + 6  # face_values rank
    for text in ("Ah 4c 3c", "2h 4c 3c"):
        assert "run 3 to K" in str(refused("not-in-pack", sheet.enter, 1, 0, Entry.parse(text)))
    assert "3 times 7x" in str(refused("too-many-copies", sheet.enter, 1, 2,
                                       Entry.parse("7x 7x 7x")))
    standard = Sheet.start(THREE, Rules(players=3))
    assert "five-suit pack" in str(refused("not-in-pack", standard.enter, 1, 0,
                                           Entry.parse("7x 7h 7s")))
    melds = sheet_view(sheet)["rounds"][2]["entries"][0]["arrangement"]["melds"]
    assert melds[0][:3] == ["7x", "8x", "9x"]
    assert read_sheet(sheet_text(sheet), what="s.json") == sheet


def test_the_twelfth_round_has_no_wild_rank_only_jokers() -> None:
    from threethirteen.scorekeeper.text import entry_text, round_title

    sheet = Sheet.start(THREE, Rules.preset("deuces-arent-wild"))
    plan = sheet.plan(12)
    assert (plan.deal, plan.wild, plan.wild_text) == (14, None, "none")
    assert "14 cards, no wild rank, jokers wild" in round_title(sheet, plan)
    hand = "Ah 2h 3h 4h Kc Kd Ks 5s 6s * 2c 2d 2s 9d"
    sheet = sheet.enter(12, 0, Entry.parse(hand))
    assert sheet.round_points(12)[0] == 9  # the 2s are a natural set, not wild
    assert entry_text(sheet, 12, 0).endswith("unmelded 9♦.")
    assert "(wild)" not in entry_text(sheet, 12, 0).replace("joker (wild)", "")
    assert sheet_view(sheet)["rounds"][11]["wild"] is None
    assert sheet_csv(sheet).splitlines()[12].startswith("12,14,none,")
    assert "at most 280" in str(refused("points-out-of-range", sheet.enter, 12, 1,
                                        Entry.of_points(281)))
    assert read_sheet(sheet_text(sheet), what="s.json") == sheet


def test_in_speed_mode_several_players_go_out_in_a_round() -> None:
    rules = Rules.preset("speed")
    names = [f"P{seat}" for seat in range(12)]
    sheet = Sheet.start(names, rules)
    assert sheet.rules.deck_count == 4 and sheet.plan(11).deal == 13
    sheet = sheet.enter(1, 0, Entry.went_out()).enter(1, 5, Entry.went_out())
    assert sheet.round_points(1)[0] == sheet.round_points(1)[5] == 0
    five = Sheet.start(THREE, Rules.preset("speed", decks="auto"))
    assert five.rules.deck_count == 1
    turns = Sheet.start(THREE, Rules(players=3)).enter(1, 0, Entry.went_out())
    refused("already-out", turns.enter, 1, 1, Entry.went_out())


# -- every computed round is what ``three-thirteen solve`` says -------------------------

@settings(max_examples=150)
@given(st.sampled_from(sorted(PRESETS)), st.integers(1, 12), st.randoms(use_true_random=False))
def test_every_computed_hand_equals_the_solver(preset: str, number: int,
                                               rng: random.Random) -> None:
    rules = Rules.preset(preset, players=3, rounds=12)
    sheet = Sheet.start(THREE, rules)
    plan = sheet.plan(number)
    hand = random_hand(rng, sheet.rules, plan.deal)
    scored = sheet.enter(number, 1, Entry.of_cards(hand)).entry(number, 1)
    assert scored is not None
    solved = solve_json(Hand(hand), plan.wild, sheet.rules)
    assert scored.points == scored.deadwood == solved["deadwood"]
    assert [[str(card) for card in meld] for meld in scored.melds] == solved["melds"]
    assert [str(card) for card in scored.unmelded] == solved["unmelded"]


def test_computed_rounds_equal_the_solve_command() -> None:
    command = Path(sys.executable).parent / "three-thirteen"
    rules = Rules.preset("jokers", players=4)
    rng = random.Random(7)
    sheet = Sheet.start(["A", "B", "C", "D"], rules)
    for number in (1, 5, 11):
        hand = random_hand(rng, sheet.rules, number + 2)
        sheet = sheet.enter(number, 0, Entry.of_cards(hand))
        scored = sheet.entry(number, 0)
        assert scored is not None
        output = subprocess.run(
            [str(command), "solve", *(str(card) for card in hand), "--round", str(number),
             "--rules", json.dumps(rules.to_json())],
            capture_output=True, text=True, check=True, timeout=60).stdout
        solved = json.loads(output)
        assert scored.points == solved["deadwood"]
        assert [str(card) for card in scored.unmelded] == solved["unmelded"]


# -- entries: what counts, and what is refused -----------------------------------------

def test_out_scores_the_out_bonus_and_false_outs_the_penalty() -> None:
    rules = Rules(players=3, out_bonus=-5, false_out="penalty", false_out_penalty=25)
    sheet = Sheet.start(THREE, rules)
    sheet = sheet.enter(1, 0, Entry.parse("out")).enter(1, 1, Entry.parse("false out 7h 8h Kd"))
    sheet = sheet.enter(1, 2, Entry.parse("false out false out 4"))
    assert sheet.round_points(1) == (-5, 25 + 25, 4 + 50)
    assert sheet.entry(1, 1).deadwood == 25  # type: ignore[union-attr]
    assert sheet.enter(1, 0, Entry.parse("false out out")).round_points(1)[0] == 20


def test_entries_read_as_typed() -> None:
    assert Entry.parse("0") == Entry.of_points(0)
    assert Entry.parse(" OUT ").kind is EntryKind.OUT
    assert Entry.parse("False-Out 12") == Entry.of_points(12, false_outs=1)
    assert Entry.parse("10h, Jk 7♠").cards == Hand.parse("Th * 7s").cards
    assert str(Entry.parse("false out 7h 8h")) == "false out 7h 8h"
    for text in ("", "   ", "false out"):
        refused("empty-entry", Entry.parse, text)
    refused("negative-points", Entry.parse, "-1")
    refused("points-out-of-range", Entry.parse, "123456789")
    with pytest.raises(NotationError):
        Entry.parse("7h 8z")
    assert Entry.parse("+4") == Entry.of_points(4)


def test_bad_cards_are_refused_with_the_reason() -> None:
    sheet = Sheet.start(THREE, Rules(players=3, decks=1))
    assert "no jokers" in str(refused("not-in-pack", sheet.enter, 1, 0, Entry.parse("* 7h 8h")))
    message = str(refused("too-many-copies", sheet.enter, 1, 0, Entry.parse("7h 7h 8h")))
    assert "2 times 7h" in message and "holds 1 7h" in message
    assert "round 2 deals 4" in str(refused("hand-size", sheet.enter, 2, 0,
                                            Entry.parse("7h 8h 9h")))
    two_decks = Sheet.start(THREE, Rules(players=3, decks=2, jokers=2))
    assert two_decks.enter(1, 0, Entry.parse("* * 7h")).entry(1, 0).points == 0  # type: ignore[union-attr]
    refused("too-many-copies", two_decks.enter, 1, 0, Entry.parse("7h 7h 7h"))
    first = two_decks.enter(1, 0, Entry.parse("* * 7h"))
    assert "entered 3 times" in str(refused("too-many-copies", first.enter, 1, 1,
                                            Entry.parse("* 7h 7h")))


def test_points_out_of_range_and_two_outs_are_refused() -> None:
    sheet = Sheet.start(THREE, Rules(players=3))
    assert sheet.enter(1, 0, Entry.of_points(30)).round_points(1)[0] == 30
    assert "at most 30" in str(refused("points-out-of-range", sheet.enter, 1, 0,
                                       Entry.of_points(31)))
    out = sheet.enter(1, 0, Entry.went_out())
    assert "Ann already went out" in str(refused("already-out", out.enter, 1, 2,
                                                 Entry.went_out()))
    assert out.enter(1, 0, Entry.went_out()).round_points(1)[0] == 0  # the same player again
    refused("false-out-refused", sheet.enter, 1, 0, Entry.of_points(3, false_outs=1))


def test_rounds_players_and_names_are_checked() -> None:
    sheet = Sheet.start(THREE, Rules(rounds=3))
    assert sheet.rules.players == 3
    refused("no-such-round", sheet.enter, 4, 0, Entry.of_points(1))
    refused("no-such-round", sheet.enter, 0, 0, Entry.of_points(1))
    refused("no-such-player", sheet.enter, 1, 3, Entry.of_points(1))
    refused("no-such-player", Sheet.start, THREE, None, first_dealer=3)
    refused("bad-names", Sheet.start, ["Ann"])
    refused("bad-names", Sheet.start, ["Ann", " ann "])
    refused("bad-names", Sheet.start, ["Ann", ""])
    refused("bad-names", Sheet.start, "Ann,Bob")
    refused("too-many-players", Sheet.start, [f"P{n}" for n in range(9)])
    big = Sheet.start([f"P{n}" for n in range(9)], Rules(decks=5))
    assert big.rules.players == 9 and big.plan(11).deal == 13
    with pytest.raises(RulesError):
        Sheet.start([f"P{n}" for n in range(16)], Rules(decks=1))
    assert Sheet.start(["  Ann   Lee ", "Bob"]).names == ("Ann Lee", "Bob")


# -- ties, the playoff, edits and undo ------------------------------------------------

def full_round(sheet: Sheet, number: int, points: list[int]) -> Sheet:
    for seat, value in enumerate(points):
        sheet = sheet.enter(number, seat, Entry.of_points(value))
    return sheet


def test_winners_under_each_ties_option() -> None:
    for ties, winners in (("share", (0, 2)), ("none", ())):
        sheet = full_round(Sheet.start(THREE, Rules(rounds=1, ties=ties)), 1, [4, 9, 4])
        assert sheet.winners == winners and sheet.is_over
        assert sheet.playoff_seats is None
    sheet = full_round(Sheet.start(THREE, Rules(rounds=1, ties="share")), 1, [4, 9, 3])
    assert sheet.winners == (2,) and sheet.leaders == (2,)


def test_a_tie_brings_a_playoff_round_and_edits_can_take_it_away() -> None:
    sheet = Sheet.start(THREE, Rules(rounds=2, ties="playoff"), first_dealer=1)
    sheet = full_round(full_round(sheet, 1, [4, 9, 4]), 2, [6, 2, 6])
    assert sheet.playoff_seats == (0, 2) and sheet.winners is None
    playoff = sheet.plan(3)
    assert (playoff.playoff, playoff.deal, str(playoff.wild), playoff.dealer) == (
        True, 13, "K", 0)
    assert playoff.first == 2 and sheet.missing() == [(3, 2), (3, 0)]
    refused("not-playing", sheet.enter, 3, 1, Entry.of_points(1))
    played = sheet.enter(3, 2, Entry.of_points(12))
    assert played.winners is None
    played = played.enter(3, 0, Entry.parse("Ks Kd Kh 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"))
    assert played.round_points(3) == (0, None, 12) and played.winners == (0,)
    assert played.totals == (10, 11, 10)  # a playoff is not added
    edited = played.enter(2, 1, Entry.of_points(20))  # the same tie: the playoff stays
    assert edited.totals == (10, 29, 10) and edited.playoff_seats == (0, 2)
    assert edited.round_points(3) == (0, None, 12)
    broken = played.enter(2, 0, Entry.of_points(5))
    assert broken.playoff_seats is None and broken.winners == (0,)
    assert [plan.number for plan in broken.rounds()] == [1, 2]
    refused("no-such-round", broken.entry, 3, 0)
    assert broken.undo() == played and broken.undo().round_points(3) == (0, None, 12)
    again = broken.enter(2, 0, Entry.of_points(6))  # tied again: the playoff starts afresh
    assert again.playoff_seats == (0, 2) and again.round_points(3) == (None, None, None)


def test_undo_takes_back_exactly_the_last_entry() -> None:
    sheet = Sheet.start(THREE, Rules(rounds=2))
    refused("nothing-to-undo", sheet.undo)
    first = sheet.enter(1, 0, Entry.of_points(5))
    edited = first.enter(1, 0, Entry.of_points(8))
    assert edited.undo() == first and edited.undo().round_points(1)[0] == 5
    replayed = Sheet.replay(THREE, Rules(rounds=2), 0, edited.changes)
    assert replayed == edited and replayed.undo() == first and replayed.undo().undo() == sheet


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.sampled_from(sorted(PRESETS)),
       st.integers(2, 5), st.sampled_from(["share", "none", "playoff"]))
def test_random_sessions_keep_their_sums_undo_and_files(
        rng: random.Random, preset: str, players: int, ties: str) -> None:
    options = {"rounds": rng.randint(1, 4), "ties": ties, "players": players,
               "false_out": rng.choice(["reject", "penalty"])}
    if PRESETS[preset].get("decks") == 1 and players > 3:  # deuces-arent-wild: 2 or 3
        options["decks"] = "auto"
    rules = Rules.preset(preset, **options)
    names = [f"P{seat}" for seat in range(players)]
    sheet = Sheet.start(names, rules, first_dealer=rng.randrange(players))
    history = [sheet]
    for _ in range(rng.randint(1, 40)):
        if rng.random() < 0.15 and sheet.changes:
            undone = sheet.undo()
            assert undone == history[-2]
            assert sheet_text(undone) == sheet_text(history[-2])
            history.pop()
            sheet = undone
            continue
        rounds = sheet.rounds()
        plan = rng.choice(rounds[-2:]) if rng.random() < 0.3 else (
            sheet.plan(sheet.next_missing()[0]) if sheet.next_missing() else rng.choice(rounds))
        seat = rng.choice(plan.order)
        entry = random_entry(rng, sheet, plan.number, seat)
        before = sheet.totals
        old = sheet.row(plan.number)[seat]
        try:
            sheet = sheet.enter(plan.number, seat, entry)
        except ThreeThirteenError:
            assert sheet.totals == before
            continue
        history.append(sheet)
        new = sheet.row(plan.number)[seat]
        assert new is not None and new.entry == entry
        if not plan.playoff:  # an edit: the total moves by the difference
            change = new.points - (old.points if old else 0)
            assert sheet.totals[seat] == before[seat] + change
    sums = [sum(sheet.round_points(number)[seat] or 0 for number in range(1, rules.rounds + 1))
            for seat in range(players)]
    assert list(sheet.totals) == sums
    assert sheet.running_totals()[-1] == sheet.totals
    again = read_sheet(sheet_text(sheet), what="sheet")
    assert again == sheet and sheet_json(again) == sheet_json(sheet)
    assert [again.row(plan.number) for plan in again.rounds()] == [
        sheet.row(plan.number) for plan in sheet.rounds()]
    assert again.winners == sheet.winners and sheet_csv(again) == sheet_csv(sheet)
    shown = json.loads(json.dumps(sheet_view(sheet)))
    assert shown["totals"] == list(sheet.totals) and len(shown["rounds"]) == len(sheet.rounds())
    assert len(shown["missing"]) == len(sheet.missing()) == sum(
        1 for row in shown["rounds"] for entry in row["entries"] if entry and "missing" in entry)
    assert shown["rounds"][rules.rounds - 1]["totals"] == shown["totals"]


# -- layers ------------------------------------------------------------------------

def test_the_scorekeeper_stands_on_the_core_alone() -> None:
    """Pure: the core and the standard library, no front end, no server, no I/O library."""
    from test_layers import OUTER, PACKAGE, imports

    for path in (PACKAGE / "scorekeeper").glob("*.py"):
        for name in imports(path):
            top = name.split(".")[0]
            assert top == "threethirteen" or top in sys.stdlib_module_names, (path, name)
            assert not name.startswith(OUTER) or name.startswith("threethirteen.scorekeeper"), (
                path, name)


# -- files ---------------------------------------------------------------------------

def test_the_json_form_and_the_csv_export() -> None:
    sheet = Sheet.start(["Ann", "=cmd()", "Cy"], Rules(rounds=2, out_bonus=-5), first_dealer=2)
    sheet = sheet.enter(1, 0, Entry.parse("7h 8h 3c")).enter(1, 1, Entry.parse("out"))
    sheet = sheet.enter(1, 2, Entry.parse("12")).enter(2, 0, Entry.parse("4"))
    data = json.loads(sheet_text(sheet))
    assert data["format"] == FORMAT == "three-thirteen-scoresheet/1"
    assert data["names"] == ["Ann", "=cmd()", "Cy"] and data["first_dealer"] == 2
    assert data["rules"]["out_bonus"] == -5 and data["rules"]["players"] == 3
    assert data["entries"][:2] == [{"round": 1, "player": 0, "cards": "7h 8h 3c"},
                                  {"round": 1, "player": 1, "out": True}]
    lines = sheet_csv(sheet).splitlines()
    assert lines[0] == "Round,Cards,Wild,Dealer,Ann,'=cmd(),Cy,Ann total,'=cmd() total,Cy total"
    assert lines[1] == "1,3,3,Cy,0,-5,12,0,-5,12"
    assert lines[2] == "2,4,4,Ann,4,,,4,,"  # a total is left empty from a missing entry on


@pytest.mark.parametrize(("change", "where", "words"), [
    (lambda d: d.update(format="three-thirteen-scoresheet/2"), "format", "newer version"),
    (lambda d: d.update(extra=1), "s.json", "unknown field 'extra'"),
    (lambda d: d.pop("entries"), "s.json", "missing field 'entries'"),
    (lambda d: d["rules"].update(players=5), "rules", "players is 5"),
    (lambda d: d["rules"].update(ace="sideways"), "rules", "ace must be"),
    (lambda d: d.update(first_dealer=7), "first_dealer", "first dealer"),
    (lambda d: d["entries"][1].update(cards="7h 7h 7h"), "entries[1]", "3 times 7h"),
    (lambda d: d["entries"][1].update(cards="7h 8h 9w"), "entries[1]", "'9w'"),
    (lambda d: d["entries"][1].update(cards="7h 8h 9x"), "entries[1]", "has no stars"),
    (lambda d: d["entries"][0].update(points=-2), "entries[0]", "negative"),
    (lambda d: d["entries"][0].update(round=True), "entries[0]", "round must be"),
    (lambda d: d["entries"].append({"round": 1, "player": 0, "out": True}), "entries[3]",
     "Cy already went out"),
    (lambda d: d["entries"][0].update(out=True), "entries[0]", "exactly one of"),
    (lambda d: d["entries"].append([]), "entries[3]", "JSON object"),
])
def test_import_names_the_place_of_a_fault(change: object, where: str, words: str) -> None:
    sheet = Sheet.start(THREE, Rules(rounds=2)).enter(1, 0, Entry.of_points(3))
    sheet = sheet.enter(1, 1, Entry.parse("7h 8h 9h")).enter(1, 2, Entry.went_out())
    data = sheet_json(sheet)
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError) as caught:
        read_sheet(json.dumps(data), what="s.json")
    assert where in caught.value.where and words in str(caught.value), caught.value


def test_import_refuses_what_is_not_json() -> None:
    for text in (b"\xff\xfe", "[" * 200, "{", "[]", '"sheet"', "1e999999"):
        with pytest.raises(ThreeThirteenError):
            read_sheet(text, what="x.json")


def test_the_line_mode_says_when_the_sheet_cannot_be_written() -> None:
    from threethirteen.scorekeeper.lines import ScoreLines

    written: list[str] = []
    saved: list[Sheet] = []
    fail = [True]

    def save(sheet: Sheet) -> None:
        if fail[0]:
            raise OSError(28, "No space left on device")
        saved.append(sheet)

    typed = iter(["4", "help", "quit"])
    keeper = ScoreLines(Sheet.start(THREE, Rules(rounds=1)), save=save,
                        read=lambda prompt: (written.append(prompt), next(typed))[1],
                        write=written.append)
    keeper.command("3", keeper.sheet.next_missing())
    assert any("could not be written (No space left on device)" in line for line in written)
    fail[0] = False
    keeper.run()
    assert saved and saved[-1] == keeper.sheet and keeper.sheet.round_points(1) == (None, 3, 4)
