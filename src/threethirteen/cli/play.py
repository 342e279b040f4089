"""``three-thirteen play``: a person against computer opponents, in the terminal.

The full-screen table needs Textual; ``--plain`` plays line by line with ``print`` and
``input`` only, for screen readers and braille displays.
"""

from __future__ import annotations

from typing import Annotated

import typer

from threethirteen.cli.common import fail
from threethirteen.errors import ThreeThirteenError
from threethirteen.rules import PRESETS, Mode
from threethirteen.tui import leaving, store
from threethirteen.tui.cardwords import LONG, SHORT, CardWords
from threethirteen.tui.hand import SortOrder
from threethirteen.tui.session import Session
from threethirteen.tui.setup import Setup, parse_levels, play_rules
from threethirteen.tui.speedsession import SpeedSession


def register(app: typer.Typer) -> None:
    """Add ``play`` to ``app``."""

    @app.command()
    def play(
        opponents: Annotated[
            int | None, typer.Option(
                help="Computer opponents, 1 to 7 (default 3; up to 15 in speed mode)")] = None,
        level: Annotated[str | None, typer.Option(
            help="Every opponent's level: easy, medium (default) or expert")] = None,
        levels: Annotated[str | None, typer.Option(
            help="Each opponent's level, clockwise from your left: easy,medium,expert")] = None,
        preset: Annotated[str | None, typer.Option(
            help=f"Rules preset: {', '.join(PRESETS)} (five-suit: the stars suit ★ "
                 "added, ranks 3 to K; deuces-arent-wild: 3 players, a 12th round of 14 cards "
                 "with only jokers wild; speed: everyone at once, in calls with a countdown, "
                 "against 3 computers unless --opponents says)")] = None,
        rules: Annotated[str | None, typer.Option(
            help='Rules options as JSON, e.g. \'{"rounds": 5, "ace": "high"}\'; in the game,'
            ' ? (or rules in --plain) lists every option and what it means')] = None,
        seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: random)")
                        ] = None,
        plain: Annotated[bool, typer.Option(
            "--plain", metavar="",
            help="Line by line with typed commands, no screen redraws")] = False,
        pace: Annotated[float | None, typer.Option(
            help="Seconds each computer move stays before the next (0: no pause; default: "
            "the pace you last chose, else 0.8); kept for the next game")] = None,
        sort: Annotated[SortOrder | None, typer.Option(
            help="How your hand is ordered (default: the order you last chose, else suit)")
                        ] = None,
        name: Annotated[str, typer.Option(help="Your name at the table")] = "You",
        new: Annotated[bool, typer.Option(
            "--new", metavar="", help="Start a new game even if one is saved (the saved one is "
            "discarded when this one is saved)")] = False,
        resume: Annotated[bool, typer.Option(
            "--resume", metavar="", help="Resume the saved game without asking")] = False,
        long_names: Annotated[bool, typer.Option(
            "--long-names", metavar="", help="Name cards in words (ten of spades) instead of faces "
            "(10♠); a saved game keeps the names it was played with unless this is given"
            )] = False,
    ) -> None:
        """Play Three-Thirteen against computer opponents (Left, Top and Right)."""
        if new and resume:
            fail("give --new or --resume, not both")
        if pace is not None and not 0 <= pace <= 10:
            fail(f"--pace must be 0 to 10 seconds, not {pace}")
        try:
            table_rules = play_rules(preset, rules, opponents)
            chosen = parse_levels(level, levels, table_rules.players - 1)
            setup = Setup.new(table_rules, chosen, seed=seed, person=name)
        except (ThreeThirteenError, ValueError) as error:
            fail(str(error))
        keeper = store.Keeper()
        kept = keeper.preferences()  # the pace and sort order chosen last time
        if pace is not None:
            keeper.remember(pace=pace)
        pace = pace if pace is not None else _kept_pace(kept.get("pace"))
        if sort is not None:
            keeper.remember(sort=sort.value)
        order = sort if sort is not None else _kept_sort(kept.get("sort"))
        given = [option for option, value in (
            ("--opponents", opponents), ("--level", level), ("--levels", levels),
            ("--preset", preset), ("--rules", rules), ("--seed", seed)) if value is not None]
        keeper.tidy()
        saved, problem = keeper.load()  # also records a finished game left behind
        if problem:
            print(problem)
        if new:
            saved = None  # not offered; it is replaced when this game is first saved
        if resume and saved is None:
            fail(f"there is no saved game in {store.data_dir()}")
        words = LONG if long_names else None
        ignored = (f"The saved game goes on with its own opponents and rules: "
                   f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for a new game "
                   "(three-thirteen play --new).") if given and saved is not None else ""
        if plain:
            _play_plain(setup, saved, keeper, resume=resume, pace=pace, order=order,
                        words=words, ignored=ignored)
            return
        _play_table(setup, saved, keeper, resume=resume, pace=pace, order=order, words=words,
                    ignored=ignored)


def _kept_pace(value: object) -> float:
    """The pace kept in the settings, when it is one; else the default 0.8 seconds."""
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 10:
        return float(value)
    return 0.8


def _kept_sort(value: object) -> SortOrder:
    """The sort order kept in the settings, when it is one; else by suit."""
    try:
        return SortOrder(value) if isinstance(value, str) else SortOrder.SUIT
    except ValueError:
        return SortOrder.SUIT


def _play_table(setup: Setup, saved: store.AnySession | None, keeper: store.Keeper, *,
                resume: bool, pace: float, order: SortOrder, words: CardWords | None,
                ignored: str = "") -> None:
    """The full-screen table: the speed table for a speed game (the one resumed, or else
    the one asked for), the standard table otherwise. A saved game of the other kind that
    the person chooses to resume is played at its own table next."""
    from threethirteen.tui.app import TableApp
    from threethirteen.tui.speedapp import SpeedApp

    speed = (isinstance(saved, SpeedSession) if saved is not None and resume
             else setup.rules.mode is Mode.SPEED)
    app: TableApp | SpeedApp = (SpeedApp if speed else TableApp)(
        setup, saved=saved, resume=resume, pace=pace, order=order, keeper=keeper, words=words)
    app.ignored = ignored  # said when the saved game is resumed
    message = app.run()
    if app.other is not None:  # the saved game is of the other kind: resumed at its table
        other = app.other
        app = (SpeedApp if isinstance(other, SpeedSession) else TableApp)(
            other.setup, saved=other, resume=True, pace=pace, order=order, keeper=keeper,
            words=words)
        app.ignored = ignored
        message = app.run()
    if message:
        print(message)
    for behind, session in app.unrecorded:  # finished games whose record is not written
        leaving.leave(behind, session)
    if app.keeper is not None and app.started:
        leaving.leave(app.keeper, app.session)


def _play_plain(setup: Setup, saved: store.AnySession | None, keeper: store.Keeper, *,
                resume: bool, pace: float, order: SortOrder, words: CardWords | None,
                ignored: str = "") -> None:
    from threethirteen.tui.plain import PlainGame

    session: store.AnySession = (SpeedSession(setup, words=words or SHORT)
                                 if setup.rules.mode is Mode.SPEED
                                 else Session(setup, words=words or SHORT))
    if saved is not None:
        if not resume:
            print(f"A saved game is waiting: {store.describe_saved(saved)}.")
            answer = leaving.ask_yes_no("Resume it? Type yes, or no to start a new game "
                                        "(the saved one is then discarded): ")
            if answer is None:
                print("Nothing was changed: the saved game is still there.")
                return
            resume = answer
        if resume:
            session = saved if words is None else saved.with_words(words)
            order = saved.order  # the order the game was last shown in
            print("Resuming the saved game.")
            if ignored:
                print(ignored)
        elif not keeper.forget():
            return
    if isinstance(session, SpeedSession):
        from threethirteen.tui.speedplain import SpeedPlain

        SpeedPlain(session, keeper=keeper, resumed=resume and saved is not None).run()
    else:
        PlainGame(session, pace=pace, order=order, keeper=keeper).run()
    leaving.leave(keeper, session)
