"""Computer opponents. A bot sees only its seat's view, never the full state."""

from threethirteen.bots.base import Bot
from threethirteen.bots.randombot import RandomBot
from threethirteen.bots.registry import ENTRY_POINT_GROUP, bot_names, make_bot, register_bot

__all__ = ["ENTRY_POINT_GROUP", "Bot", "RandomBot", "bot_names", "make_bot", "register_bot"]
