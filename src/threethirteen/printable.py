"""Text from outside made safe to print: no terminal escape codes, no control characters.

A name read from a record, a save or the network may hold ``ESC [2J`` and the like; printed
raw, a terminal would obey it. ``printable`` shows such characters as ``\\x1b``-style
escapes instead, and keeps every other character as it is.

>>> printable("Ann")
'Ann'
>>> printable("Bob\\x1b[2J\\t")
'Bob\\\\x1b[2J\\\\x09'
"""

from __future__ import annotations

import unicodedata


def printable(text: str) -> str:
    """``text`` with control, format and unassigned characters written as escapes."""
    if text.isprintable():
        return text
    return "".join(char if char == " " or char.isprintable() else _escape(char)
                   for char in text)


def _escape(char: str) -> str:
    if unicodedata.category(char) == "Zs":
        return " "
    code = ord(char)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
