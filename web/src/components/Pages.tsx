/** The pages behind the addresses of §6: a quick game, a room, and its waiting room. */
import { useEffect, useMemo, useState } from "preact/hooks";
import { ApiError, createRoom, getRoom, joinRoom } from "../api";
import { openTable } from "../connect";
import { quickGame } from "../play";
import type { RoomInfo } from "../protocol";
import { navigate } from "../route";
import { loadSeat, saveSeat } from "../session";
import { pace, playerName } from "../settings";
import { soundCues } from "../sound";
import type { TableStore } from "../store";
import { LeaveGuard } from "./LeaveGuard";
import { Chat, ConnectionState } from "./Panels";
import { SpeedTable } from "./SpeedTable";
import { Table } from "./Table";

/** `/play?...`: make a room against the computer, then sit at it. */
export function PlayPage({ params }: { params: URLSearchParams }) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let game;
    try {
      game = quickGame(params);
    } catch (problem) {
      setError((problem as Error).message);
      return;
    }
    // The computers play at the person's pace (a speed game has no turns to pace).
    const speedGame = game.rules["preset"] === "speed" || game.rules["mode"] === "speed";
    createRoom(playerName.value.trim() || "You", game.rules, game.seats,
      speedGame ? undefined : { pace: pace.value }, game.seed)
      .then((answer) => {
        saveSeat(answer.room, answer.seat, answer.token);
        navigate(`/r/${encodeURIComponent(answer.room)}`, true);
      })
      .catch((problem: unknown) => setError(problem instanceof Error ? problem.message : String(problem)));
  }, []);
  return (
    <main class="message-page" id="main">
      <h1>Three-Thirteen</h1>
      {error ? <><p class="error-line" role="alert">The game could not start: {error}</p>
        <a class="button" href="/">Back to the lobby</a></> : <p>Shuffling...</p>}
    </main>
  );
}

/** `/r/<id>`: take one's seat (by the token kept for this room), join a free seat, or watch. */
export function RoomPage({ room }: { room: string }) {
  const [seat, setSeat] = useState(() => loadSeat(room));
  const [watching, setWatching] = useState(false);
  const [info, setInfo] = useState<RoomInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (seat) return;
    getRoom(room).then(setInfo).catch((problem: unknown) => {
      setError(problem instanceof ApiError && problem.status === 404
        ? "There is no such room. Check the link." : String((problem as Error).message));
    });
  }, [room, seat]);

  if (seat || watching) return <Seated key={`${room}-${seat?.token ?? "watch"}`} room={room} token={seat?.token ?? null} />;
  if (error) {
    return (
      <main class="message-page" id="main"><h1>Three-Thirteen</h1>
        <p class="error-line" role="alert">{error}</p><a class="button" href="/">Back to the lobby</a></main>
    );
  }
  if (!info) return <main class="message-page" id="main"><h1>Three-Thirteen</h1><p>Looking for the room...</p></main>;
  const free = info.status === "waiting" && info.seats.some((s) => s.kind === "human" && s.name === null);
  return (
    <main class="message-page" id="main">
      <h1>Join the game</h1>
      <RoomSeats info={info} />
      {free ? (
        <form class="row" onSubmit={async (event) => {
          event.preventDefault();
          try {
            const answer = await joinRoom(room, playerName.value.trim() || "Guest");
            saveSeat(room, answer.seat, answer.token);
            setSeat({ seat: answer.seat, token: answer.token });
          } catch (problem) {
            setError((problem as Error).message);
          }
        }}>
          <label>Your name
            <input value={playerName.value} maxLength={40}
              onInput={(e) => { playerName.value = (e.target as HTMLInputElement).value; }} />
          </label>
          <button type="submit" class="primary">Take a seat</button>
        </form>
      ) : <p>{info.status === "over" ? "This game is over."
        : info.status === "abandoned" ? "This game was abandoned: nobody played it for a long time."
        : "Every seat is taken."}</p>}
      {info.options?.["spectators"] !== false && (
        <button type="button" onClick={() => setWatching(true)}>Watch as a spectator</button>)}
      {info.status === "over" && <a class="button" href={`/replay/${encodeURIComponent(room)}`}>Watch the replay</a>}
    </main>
  );
}

function RoomSeats({ info }: { info: RoomInfo }) {
  return (
    <ol class="seat-list">
      {info.seats.map((seat, index) => (
        <li key={index}>
          <strong>{seat.name ?? (seat.kind === "human" ? "Open seat" : seat.kind)}</strong>
          {" "}<span class="muted">{seat.kind === "human" ? "person" : `computer, ${seat.kind}`}
            {seat.kind === "human" && seat.name !== null && (seat.connected ? ", here" : ", away")}</span>
        </li>
      ))}
    </ol>
  );
}

function Seated({ room, token }: { room: string; token: string | null }) {
  const table = useMemo(() => openTable(room, token), [room, token]);
  useEffect(() => soundCues(table.store.view), [table]); // the cues follow the view shown
  useEffect(() => () => table.close(), [table]);
  const { store } = table;
  const rematch = store.rematch.value;
  const asked = store.rematchAsked.value;
  useEffect(() => {
    // The seat in the new room is kept at once; the person goes there when they asked for
    // the rematch, or when they accept it (the Game over dialog offers it).
    if (rematch) saveSeat(rematch.room, rematch.seat, rematch.token);
    if (rematch && asked) navigate(`/r/${encodeURIComponent(rematch.room)}`);
  }, [rematch, asked]);
  if (store.kicked.value) {
    return <main class="message-page" id="main"><h1>Removed from the room</h1>
      <p>The host gave your seat to the computer.</p><a class="button" href="/">Back to the lobby</a></main>;
  }
  const info = store.room.value;
  const humans = info ? info.seats.filter((seat) => seat.kind === "human").length : 1;
  if (store.view.value === null && store.speed.value === null && info && info.status === "waiting") {
    return <WaitingRoom store={store} info={info} room={room} host={token !== null && loadSeat(room)?.seat === (info.host ?? 0)} />;
  }
  const online = humans > 1 || token === null;
  // a seat in a game still being played: leaving it asks first (the lobby continues it)
  const playing = token !== null && info?.status === "playing"
    && (store.speed.value ?? store.view.value)?.phase !== "over";
  return (
    <>
      {store.speed.value !== null
        ? <SpeedTable store={store} room={room} online={online} />
        : <Table store={store} room={room} online={online} />}
      <LeaveGuard active={playing} />
    </>
  );
}

function WaitingRoom({ store, info, room, host }: { store: TableStore; info: RoomInfo; room: string; host: boolean }) {
  const [copied, setCopied] = useState(false);
  const link = `${location.origin}/r/${encodeURIComponent(room)}`;
  return (
    <main class="message-page waiting" id="main">
      <h1>Waiting for players</h1>
      <ConnectionState status={store.status.value} />
      <p>Send this link to your friends; the game starts when every seat for a person is taken.</p>
      <div class="row">
        <label for="invite">Invite link</label>
        <input id="invite" readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button type="button" onClick={async () => {
          try {
            await navigator.clipboard.writeText(link);
            setCopied(true);
          } catch {
            (document.getElementById("invite") as HTMLInputElement | null)?.select();
          }
        }}>{copied ? "Copied" : "Copy invite link"}</button>
      </div>
      <RoomSeats info={info} />
      {host && <button type="button" class="primary" onClick={() => store.start()}>Start now (computers take the open seats)</button>}
      <Chat lines={store.chat.value} onSay={(text) => store.say(text)} disabled={store.status.value !== "open"} />
    </main>
  );
}
