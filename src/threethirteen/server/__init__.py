"""The authoritative game server: rooms over HTTP, play over a WebSocket, a database that
keeps every acknowledged action. It is an adapter: every rule is the engine's.

Modules: ``protocol`` (messages), ``tokens`` (secrets and ids), ``limits`` (rate limits),
``engine`` (the one thread that runs the engine, solver and bots), ``analysis``,
``room`` (one room's state and play), ``lobby`` (all rooms), ``tables``/``store``
(persistence), ``stats``, ``static`` (the browser build), ``app`` (HTTP and WebSocket).
"""
