"""An independent referee for game records, written from RULES.md.

It shares no logic with ``threethirteen.game``: it re-deals nothing and trusts nothing,
replaying each record card by card on its own table. It uses only the card notation,
``classify_meld`` and the solver (for the true minimum deadwood and "melds completely").
``referee(record)`` returns the list of fouls; an honest game has none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from threethirteen.cards import Card
from threethirteen.melds import classify_meld
from threethirteen.rules import Rules
from threethirteen.solver import deadwood as least_deadwood
from threethirteen.solver import melds_completely

OPTIONS = {
    "players", "decks", "jokers", "rounds", "upcard", "first_turn_out", "final_turns",
    "stock_empty", "false_out", "false_out_penalty", "ace", "face_values", "wild_penalty",
    "joker_penalty", "all_wild_melds", "max_wilds_per_meld", "out_bonus", "ties",
    "pack", "mode", "speed_seconds",
}
RANKS = "A23456789TJQK"


def full_pack(decks: int, jokers: int, kind: str = "standard") -> Counter[str]:
    """Every card of the pack, by its text: standard decks, or five-suit decks (stars
    ``x`` added, ranks 3 to K)."""
    ranks, suits = (RANKS[2:], "cdhsx") if kind == "five-suit" else (RANKS, "cdhs")
    cards = Counter({f"{rank}{suit}": decks for rank in ranks for suit in suits})
    if jokers:
        cards["*"] = jokers
    return cards


def round_of(number: int, playoff: bool) -> tuple[int, str | None]:
    """Cards dealt and wild rank of a round (RULES.md, ``rounds``): round k deals k + 2
    and makes rank k + 2 wild, round 12 deals 14 with no wild rank; a playoff deals 13,
    kings wild."""
    if playoff:
        return 13, "K"
    return number + 2, (RANKS[number + 1] if number <= 11 else None)


def points(card: str, wild: str | None, opts: Mapping[str, Any]) -> int:
    """RULES.md's penalty table, read directly."""
    if card == "*":
        return int(opts["joker_penalty"])
    rank = card[0]
    if rank == wild and opts["wild_penalty"] is not None:
        return int(opts["wild_penalty"])
    if rank == "A":
        return 1 if opts["ace"] == "low" else 15
    if rank in "JQK":
        return 11 + "JQK".index(rank) if opts["face_values"] == "rank" else 10
    return 10 if rank == "T" else int(rank)


class Referee:
    """Checks one record; ``fouls`` collects every breach found."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.record = record
        self.fouls: list[str] = []

    def foul(self, where: str, message: str) -> None:
        self.fouls.append(f"{where}: {message}")

    def run(self) -> list[str]:
        record = self.record
        if record.get("format") != "three-thirteen-record/1":
            self.foul("record", "wrong format")
        opts = record["rules"]
        if set(opts) != OPTIONS:
            self.foul("rules", f"options are not exactly RULES.md's: {sorted(set(opts) ^ OPTIONS)}")
            return self.fouls
        if not isinstance(opts["decks"], int):
            self.foul("rules", "decks is not resolved to a number")
            return self.fouls
        if opts["mode"] not in ("turns", "speed"):
            self.foul("rules", f"mode {opts['mode']!r} is not turns or speed")
            return self.fouls
        self.opts = opts
        self.rules = Rules.from_json(opts)
        self.n = opts["players"]
        if len(record["players"]) != self.n:
            self.foul("record", "one name per seat")
        rounds = record["rounds"]
        regular = [r for r in rounds if not r.get("playoff")]
        playoffs = [r for r in rounds if r.get("playoff")]
        if len(regular) != opts["rounds"] or rounds[: len(regular)] != regular:
            self.foul("record", f"{len(regular)} regular rounds, not {opts['rounds']} first")
        first = rounds[0]["dealer"]
        if not 0 <= first < self.n:
            self.foul("round 1", "the first dealer is not a seat")
        totals = [0] * self.n
        for index, data in enumerate(rounds):
            where = f"round {index + 1}"
            if data["dealer"] != (first + index) % self.n:
                self.foul(where, "the deal did not pass to the left")
            seats = sorted(data["seats"]) if data.get("playoff") else list(range(self.n))
            play = self.speed_round if opts["mode"] == "speed" else self.round
            scores = play(data, index + 1, seats, where)
            if not data.get("playoff"):
                totals = [t + s for t, s in zip(totals, scores, strict=True)]
            if index + 1 == len(regular):
                self.winners(totals, playoffs)
        if record["totals"] != totals:
            self.foul("record", f"totals {record['totals']} are not the sum {totals}")
        return self.fouls

    def winners(self, totals: list[int], playoffs: list[Mapping[str, Any]]) -> None:
        best = min(totals)
        tied = [seat for seat, total in enumerate(totals) if total == best]
        ties, winners = self.opts["ties"], self.record["winners"]
        if ties == "playoff" and len(tied) > 1:
            if len(playoffs) != 1 or sorted(playoffs[0]["seats"]) != tied:
                self.foul("record", f"seats {tied} tie, so they (only) play one playoff round")
                return
            play = [r["points"] for r in playoffs[0]["result"]]
            low = min(play[seat] for seat in tied)
            expected = [seat for seat in tied if play[seat] == low]
        else:
            if playoffs:
                self.foul("record", "a playoff round without a tie under ties=playoff")
            expected = [] if ties == "none" and len(tied) > 1 else tied
        if winners != expected:
            self.foul("record", f"winners {winners}, but the rules give {expected}")

    def dealt(
        self, data: Mapping[str, Any], number: int, seats: list[int], where: str
    ) -> tuple[int, Any, Mapping[str, Any], list[Counter[str]]]:
        """A round's number, wild rank and dealt hand sizes: its size, wild, deal, hands."""
        size, wild = round_of(number, bool(data.get("playoff")))
        if data["number"] != number or data["wild"] != wild:
            self.foul(where, f"round {data['number']} with wild {data['wild']}, "
                             f"not {number} with {wild}")
        deal = data["deal"]
        hands = [Counter(hand) for hand in deal["hands"]]
        for seat in range(self.n):
            want = size if seat in seats else 0
            if len(deal["hands"][seat]) != want:
                self.foul(where, f"seat {seat} is dealt {len(deal['hands'][seat])}, not {want}")
        return size, wild, deal, hands

    def round(
        self, data: Mapping[str, Any], number: int, seats: list[int], where: str
    ) -> list[int]:
        opts, n = self.opts, self.n
        size, wild, deal, hands = self.dealt(data, number, seats, where)
        if (deal["upcard"] is not None) != opts["upcard"]:
            self.foul(where, "upcard does not follow the rules")
        everything = sum(hands, Counter()) + Counter(deal["stock"])
        if deal["upcard"] is not None:
            everything[deal["upcard"]] += 1
        if everything != full_pack(opts["decks"], opts["jokers"], opts["pack"]):
            self.foul(where, "the deal is not exactly the pack")
        stock = list(deal["stock"])
        pile = [] if deal["upcard"] is None else [deal["upcard"]]
        order = sorted(seats, key=lambda seat: (seat - data["dealer"] - 1) % n)
        out, owed, reshuffled, pending, ended = None, 0, False, False, None
        played: Counter[int] = Counter()
        false_outs: Counter[int] = Counter()
        for count, turn in enumerate(data["turns"], start=1):
            at = f"{where}, turn {count}"
            if ended:
                self.foul(at, "a turn after the round ended")
                break
            seat = order[(count - 1) % len(order)]
            if turn["seat"] != seat:
                self.foul(at, f"seat {turn['seat']} plays, but it is seat {seat}'s turn")
                return [0] * n
            if "reshuffle" in turn:
                if not pending:
                    self.foul(at, "a reshuffle nobody needed")
                if Counter(turn["reshuffle"]) != Counter(pile[:-1]):
                    self.foul(at, "the new stock is not the pile under its top card")
                stock, pile, pending = list(turn["reshuffle"]), pile[-1:], False
            elif pending:
                self.foul(at, "the stock was not rebuilt")
                return [0] * n
            source = stock if turn["draw"] == "stock" else pile
            if not source:
                self.foul(at, f"draw from an empty {turn['draw']}")
                return [0] * n
            top = source.pop(0) if source is stock else source.pop()
            if turn["card"] != top:
                self.foul(at, f"drew {turn['card']}, but the top card was {top}")
            hands[seat][top] += 1
            if hands[seat][turn["discard"]] <= 0:
                self.foul(at, f"discarded {turn['discard']}, which is not in hand")
                return [0] * n
            hands[seat][turn["discard"]] -= 1
            pile.append(turn["discard"])
            cards = [Card.parse(card) for card in hands[seat].elements()]
            complete = melds_completely(cards, wild=wild, rules=self.rules)
            announced = turn["out"] or turn.get("false_out", False)
            if announced and out is not None:
                self.foul(at, "a second player announces going out")
            if announced and played[seat] == 0 and not opts["first_turn_out"]:
                self.foul(at, "going out on the first turn is forbidden")
            if turn["out"] and (not complete or turn.get("false_out")):
                self.foul(at, "went out with a hand that does not meld")
            if turn.get("false_out"):
                if opts["false_out"] != "penalty" or complete:
                    self.foul(at, "a false announcement where there cannot be one")
                false_outs[seat] += 1
            played[seat] += 1
            if turn["out"] and out is None:
                out, owed = seat, (len(seats) - 1 if opts["final_turns"] else 0)
            elif out is not None:
                owed -= 1
            if out is not None and owed == 0:
                ended = "out"
            elif not stock:
                if opts["stock_empty"] == "reshuffle" and not reshuffled and len(pile) >= 2:
                    pending = reshuffled = True
                else:
                    ended = "out" if out is not None else "stock_empty"
        if ended is None:
            self.foul(where, "the round stops before it is over")
        if data["end"] != ended or data["out"] != out:
            self.foul(where, f"ends {data['end']}/{data['out']}, but the play gives {ended}/{out}")
        return self.score(data, hands, seats, {out}, false_outs, wild, where)

    def speed_round(
        self, data: Mapping[str, Any], number: int, seats: list[int], where: str
    ) -> list[int]:
        """RULES.md, "Speed": own piles, calls of simultaneous draws then discards."""
        opts, n = self.opts, self.n
        size, wild, deal, hands = self.dealt(data, number, seats, where)
        for seat in range(n):
            if (deal["piles"][seat] is not None) != (seat in seats):
                self.foul(where, f"seat {seat}'s pile is not started exactly when it plays")
        if deal["upcard"] is not None:
            self.foul(where, "speed mode has no shared upcard")
        piles = {seat: [deal["piles"][seat]] for seat in seats}
        everything = sum(hands, Counter()) + Counter(deal["stock"])
        everything += Counter(card for card in deal["piles"] if card is not None)
        if everything != full_pack(opts["decks"], opts["jokers"], opts["pack"]):
            self.foul(where, "the deal is not exactly the pack")
        stock = list(deal["stock"])
        right = {seat: seats[index - 1] for index, seat in enumerate(seats)}
        outs: list[int] = []
        false_outs: Counter[int] = Counter()
        ended = None
        for count, call in enumerate(data["calls"], start=1):
            at = f"{where}, call {count}"
            if ended:
                self.foul(at, "a call after the round ended")
                break
            last = len(stock) < len(seats)  # the stock cannot serve every draw
            if [d["seat"] for d in call["draws"]] != seats:
                self.foul(at, "every playing seat draws once, listed in seat order")
                return [0] * n
            for draw in call["draws"]:
                seat = draw["seat"]
                if draw["draw"] == "stock":
                    if not stock:
                        self.foul(at, f"seat {seat} draws from an empty stock")
                        return [0] * n
                    top = stock.pop(0)
                else:
                    wanted_stock = draw.get("timeout")
                    if wanted_stock and stock:
                        self.foul(at, f"seat {seat}'s timeout draw skipped the stock")
                    pile = piles[right[seat]]
                    if not pile:
                        self.foul(at, f"seat {seat} draws from an empty pile")
                        return [0] * n
                    top = pile.pop()
                if draw["card"] != top:
                    self.foul(at, f"seat {seat} drew {draw['card']}, but the top was {top}")
                hands[seat][top] += 1
            if [d["seat"] for d in call["discards"]] != seats:
                self.foul(at, "every playing seat discards once, listed in seat order")
                return [0] * n
            drawn = {d["seat"]: d["card"] for d in call["draws"]}
            for discard in call["discards"]:
                seat, card = discard["seat"], discard["discard"]
                if hands[seat][card] <= 0:
                    self.foul(at, f"seat {seat} discarded {card}, which is not in hand")
                    return [0] * n
                if discard.get("timeout") and card != drawn[seat]:
                    self.foul(at, f"seat {seat}'s timeout threw {card}, not the card drawn")
                hands[seat][card] -= 1
                piles[seat].append(card)
                rest = [Card.parse(c) for c in hands[seat].elements()]
                complete = melds_completely(rest, wild=wild, rules=self.rules)
                announced = discard["out"] or discard.get("false_out", False)
                if announced and count == 1 and not opts["first_turn_out"]:
                    self.foul(at, "going out on the first call is forbidden")
                if discard["out"] and (not complete or discard.get("false_out")):
                    self.foul(at, f"seat {seat} went out with a hand that does not meld")
                if discard.get("false_out"):
                    if opts["false_out"] != "penalty" or complete:
                        self.foul(at, "a false announcement where there cannot be one")
                    false_outs[seat] += 1
                if discard["out"]:
                    outs.append(seat)
            if outs:
                ended = "out"
            elif last:
                ended = "stock_empty"
        if ended is None:
            self.foul(where, "the round stops before it is over")
        first = min(outs, default=None)
        if data["end"] != ended or data["out"] != first or data["outs"] != outs:
            self.foul(where, f"ends {data['end']}/{data['outs']}, but the play gives "
                             f"{ended}/{outs}")
        return self.score(data, hands, seats, set(outs), false_outs, wild, where)

    def score(self, data: Mapping[str, Any], hands: list[Counter[str]], seats: list[int],
              outs: set[int | None], false_outs: Counter[int], wild: str | None, where: str
              ) -> list[int]:
        scores = []
        for seat, result in enumerate(data["result"]):
            at = f"{where}, seat {seat}"
            shown = Counter(card for meld in result["melds"] for card in meld)
            shown += Counter(result["deadwood"])
            if shown != +hands[seat]:
                self.foul(at, "melds and deadwood are not the final hand")
            for meld in result["melds"]:
                cards = [Card.parse(card) for card in meld]
                rank = None if wild is None else RANKS.index(wild) + 1
                if classify_meld(cards, rank, self.rules) is None:
                    self.foul(at, f"{meld} is not a meld")
            cost = sum(points(card, wild, self.opts) for card in result["deadwood"])
            hand = [Card.parse(card) for card in hands[seat].elements()]
            least = least_deadwood(hand, wild=wild, rules=self.rules) if hand else 0
            if cost != least:
                self.foul(at, f"deadwood {cost} is not the least possible, {least}")
            expected = (self.opts["out_bonus"] if seat in outs else least)
            expected += false_outs[seat] * self.opts["false_out_penalty"]
            if seat not in seats:
                expected = 0
            if result["points"] != expected:
                self.foul(at, f"scores {result['points']}, but the rules give {expected}")
            scores.append(result["points"])
        return scores


def referee(record: Mapping[str, Any]) -> list[str]:
    """Every foul in ``record`` (empty for a game played by the rules)."""
    return Referee(record).run()
