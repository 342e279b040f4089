"""Bots by name. Built-in bots register here; other packages add theirs through the
entry-point group ``threethirteen.bots`` (name = bot name, value = a bot class or a
callable returning a bot).

>>> "random" in bot_names(), make_bot("random").name
(True, 'random')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points

from threethirteen.bots.base import Bot
from threethirteen.bots.easy import EasyBot
from threethirteen.bots.expert import ExpertBot
from threethirteen.bots.futuresbot import FuturesBot
from threethirteen.bots.greedy import GreedyBot
from threethirteen.bots.randombot import RandomBot
from threethirteen.bots.search import MASTER, RACING, SearchBot

ENTRY_POINT_GROUP = "threethirteen.bots"

BotFactory = Callable[[], Bot]



def _medium() -> Bot:
    """The expert's method with less search and no defence or score awareness."""
    return ExpertBot(name="medium", stock_samples=3, candidates=2, defence=0.0,
                     score_aware=False)


def _expert_1() -> Bot:
    """The first expert: the evaluator alone, no search (kept for comparison)."""
    return ExpertBot(name="expert-1")


def _expert_2() -> Bot:
    """The evaluator racing to go out first: a hand's chance of going out on its next
    draw is also worth half the penalty the other seats hold (``ExpertBot``'s ``race``;
    README, "Simulations and tournaments", has what it is measured to gain)."""
    return ExpertBot(name="expert-2", race=0.5)


def _expert() -> Bot:
    """The seat's own hand played on to the round's end, racing the others
    (``bots.futuresbot``); README, "Computer opponents", has what it is measured to gain."""
    return FuturesBot(name="expert")


def _futures() -> Bot:
    """``expert`` under the name its measurements were made with."""
    return FuturesBot(name="futures")


def _master() -> Bot:
    """``expert`` with a larger budget (twice the futures, two turns further, two more
    discards), its futures cut short once 2,000 hands are solved (a hand of wild-rank
    cards under limits on wilds counts more: the slowest hands);
    the judge of ``analyze``."""
    return FuturesBot(name="master", count=64, depth=12, choices=7, work=2000)


def _search() -> Bot:
    """The sampling search (``bots.search``); it does not beat ``expert-1`` heads-up
    (README, "Computer opponents")."""
    return SearchBot(name="search")


def _search_2() -> Bot:
    """The sampling search guided by ``expert-2``'s evaluator (``search.RACING``); README,
    "Computer opponents", has what it is measured to gain."""
    return SearchBot(name="search-2", budget=RACING)


def _search_deep() -> Bot:
    """The sampling search with a larger budget (about 1.5 s a decision at most)."""
    return SearchBot(name="search-deep", budget=MASTER)


_BUILT_IN: dict[str, BotFactory] = {
    "random": RandomBot, "easy": EasyBot, "greedy": GreedyBot, "medium": _medium,
    "expert": _expert, "expert-1": _expert_1, "expert-2": _expert_2, "futures": _futures,
    "master": _master,
    "search": _search,
    "search-2": _search_2, "search-deep": _search_deep,
}
LEVELS = ("easy", "medium", "expert")  # the computer opponents offered to people
_registered: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``factory`` available as ``name`` (replacing an earlier registration)."""
    if not name or any(char.isspace() or char == "," for char in name):
        raise ValueError(f"a bot name has no spaces or commas: {name!r}")
    _registered[name] = factory


def _factories() -> dict[str, BotFactory]:
    found: dict[str, BotFactory] = dict(_BUILT_IN)
    for name, factory in _installed().items():
        found.setdefault(name, factory)
    found.update(_registered)
    return found


@cache
def _installed() -> dict[str, BotFactory]:
    """Bots of installed packages (the entry points are scanned once per process)."""
    return {point.name: _lazy(point.name, point.load)
            for point in entry_points(group=ENTRY_POINT_GROUP)}


def _lazy(name: str, load: Callable[[], object]) -> BotFactory:
    def make() -> Bot:
        factory = load()
        if not callable(factory):
            raise TypeError(f"entry point {name!r} of {ENTRY_POINT_GROUP} is not callable")
        bot = factory()
        if not isinstance(bot, Bot):
            raise TypeError(f"entry point {name!r} made {bot!r}, which is not a bot")
        return bot

    return make


def bot_names() -> list[str]:
    """Every bot name that ``make_bot`` accepts, sorted."""
    return sorted(_factories())


def make_bot(name: str) -> Bot:
    """A new bot of the kind ``name``; ``ValueError`` names the known bots otherwise."""
    factories = _factories()
    if name not in factories:
        raise ValueError(f"unknown bot {name!r}; bots are {', '.join(sorted(factories))}")
    return factories[name]()
