/** The lobby: the unfinished games this browser holds a seat in, a game against the
 * computer, an online room, joining by link, your statistics. */
import { useEffect, useState } from "preact/hooks";
import { ApiError, createRoom, getRoom } from "../api";
import { LEVELS, playPath } from "../play";
import type { RoomInfo, Rules } from "../protocol";
import { navigate } from "../route";
import { forgetSeat, heldSeats, saveSeat } from "../session";
import { playerName } from "../settings";
import "../styles/wayback.css";
import { MAX_SEATS, RulesForm, fieldNames, focusRuleField, isSpeed, presetPlayers, rulesFor } from "./RulesForm";
import { SettingsForm } from "./Settings";

const LEVEL_TEXT: Record<string, string> = {
  random: "random (plays any legal move)",
  easy: "easy",
  greedy: "greedy (best hand now)",
  medium: "medium",
  expert: "expert (the strongest)",
};

function NameField({ id }: { id: string }) {
  return (
    <label for={id}>Your name
      <input id={id} value={playerName.value} maxLength={40} autoComplete="nickname" placeholder="You"
        onInput={(e) => { playerName.value = (e.target as HTMLInputElement).value; }} />
    </label>
  );
}

/** The opponents' names by position, as the server names its bots (threethirteen.seats). */
const OPPONENT_NAMES: Record<number, string[]> = {
  1: ["Top"], 2: ["Left", "Right"], 3: ["Left", "Top", "Right"],
  4: ["Left", "Top-left", "Top-right", "Right"], 5: ["Left", "Top-left", "Top", "Top-right", "Right"],
  6: ["Lower-left", "Left", "Top-left", "Top-right", "Right", "Lower-right"],
  7: ["Lower-left", "Left", "Top-left", "Top", "Top-right", "Right", "Lower-right"],
};

/** The opponents' names; past 7 (a speed table) Left, Seat 2, Seat 3, ..., Right. */
function opponentNames(count: number): string[] {
  return OPPONENT_NAMES[count]
    ?? ["Left", ...Array.from({ length: count - 2 }, (_, i) => `Seat ${i + 2}`), "Right"];
}

/** The seats a preset is for, as many as a table of its mode takes (speed: 12 of 16). */
function presetSeats(preset: string): number | null {
  const players = presetPlayers(preset);
  const most = isSpeed(preset, {}) ? MAX_SEATS.speed : MAX_SEATS.turns;
  return players !== null && players >= 2 && players <= most ? players : null;
}

/** Why the form's button waits: a rules field shows an error. */
function RulesBlocked({ id, errors }: { id: string; errors: Record<string, string> }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <p class="error-line rules-blocked" id={id}>
      The rule {count === 1 ? "option" : "options"} {fieldNames(errors)} {count === 1 ? "needs" : "need"} fixing
      before the game can start.
    </p>
  );
}

/** What Play starts, in words: "3 opponents (medium), standard rules, 11 rounds". */
function startLine(count: number, level: string | null, preset: string, changes: Rules): string {
  const who = `${count} ${count === 1 ? "opponent" : "opponents"}${level ? ` (${level})` : " (a level each)"}`;
  const rounds = typeof changes["rounds"] === "number" ? `, ${changes["rounds"]} ${changes["rounds"] === 1 ? "round" : "rounds"}` : "";
  const edited = Object.keys(changes).some((key) => key !== "rounds") ? ", rules as set" : "";
  return `Play starts: ${who}, ${preset} rules${rounds}${edited}.`;
}

function ComputerGame() {
  const [opponents, setOpponents] = useState(3);
  const [level, setLevel] = useState("medium");
  const [mixed, setMixed] = useState(false);
  const [levels, setLevels] = useState<string[]>(["easy", "medium", "expert", ...Array<string>(12).fill("medium")]);
  const [preset, setPreset] = useState("standard");
  const [changes, setChanges] = useState<Rules>({});
  const [ruleErrors, setRuleErrors] = useState<Record<string, string>>({});
  const most = (isSpeed(preset, changes) ? MAX_SEATS.speed : MAX_SEATS.turns) - 1;
  const count = Math.min(opponents, most);
  const names = opponentNames(count);
  function play(event: Event) {
    event.preventDefault();
    const wrong = Object.keys(ruleErrors)[0];
    if (wrong !== undefined) { // a rules field shows an error: Play waits for it
      focusRuleField("solo", wrong);
      return;
    }
    const rules: Rules = { ...changes };
    if (preset !== "standard") rules["preset"] = preset;
    navigate(playPath(count, mixed ? levels.slice(0, count).join(",") : level, rules));
  }
  return (
    <form class="card-panel" onSubmit={play} aria-labelledby="computer-title">
      <h2 id="computer-title">Play against the computer</h2>
      <p class="muted">You sit at the bottom; Left, Top and Right play as soon as you start.</p>
      <div class="row">
        <NameField id="solo-name" />
        <label>Opponents
          <select value={count} onChange={(e) => setOpponents(Number((e.target as HTMLSelectElement).value))}>
            {Array.from({ length: most }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        {!mixed && (
          <label>Level
            <select value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
              {LEVELS.map((name) => <option key={name} value={name}>{LEVEL_TEXT[name]}</option>)}
            </select>
          </label>
        )}
      </div>
      <label class="check">
        <input type="checkbox" checked={mixed} onChange={(e) => setMixed((e.target as HTMLInputElement).checked)} />
        A level for each opponent
      </label>
      {mixed && (
        <div class="row">
          {names.map((name, index) => (
            <label key={name}>{name}
              <select value={levels[index]} onChange={(e) => {
                const next = [...levels];
                next[index] = (e.target as HTMLSelectElement).value;
                setLevels(next);
              }}>
                {LEVELS.map((choice) => <option key={choice} value={choice}>{choice}</option>)}
              </select>
            </label>
          ))}
        </div>
      )}
      <RulesForm idPrefix="solo" preset={preset} changes={changes} onChange={setChanges} onErrors={setRuleErrors} onPreset={(name) => {
        setPreset(name);
        const players = presetSeats(name); // deuces-arent-wild is for 3: two opponents
        if (players !== null) setOpponents(players - 1);
      }} />
      <RulesBlocked id="solo-blocked" errors={ruleErrors} />
      <p class="lobby-start-line" id="solo-start">{startLine(count, mixed ? null : level, preset, changes)}</p>
      <button type="submit" class="primary big"
        aria-describedby={Object.keys(ruleErrors).length ? "solo-blocked solo-start" : "solo-start"}>Play</button>
    </form>
  );
}

function OnlineRoom() {
  const [seats, setSeats] = useState<string[]>(["human", "human", "medium", "medium"]);
  const [preset, setPreset] = useState("standard");
  const [changes, setChanges] = useState<Rules>({});
  const [ruleErrors, setRuleErrors] = useState<Record<string, string>>({});
  const [spectators, setSpectators] = useState(true);
  const [timer, setTimer] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const speed = isSpeed(preset, changes);
  const most = speed ? MAX_SEATS.speed : MAX_SEATS.turns;
  async function create(event: Event) {
    event.preventDefault();
    const wrong = Object.keys(ruleErrors)[0];
    if (wrong !== undefined) { // a rules field shows an error: the room waits for it
      focusRuleField("online", wrong);
      return;
    }
    if (seats.length > most) {
      setError(`A table of turns takes at most ${most} seats: remove ${seats.length - most}, or play speed.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const turn = timer && !speed ? Number(timer) : null; // a speed room has the caller instead
      const answer = await createRoom(playerName.value.trim() || "Host", rulesFor(preset, changes, seats.length),
        seats, { spectators, turn_seconds: turn });
      saveSeat(answer.room, answer.seat, answer.token);
      navigate(`/r/${encodeURIComponent(answer.room)}`);
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : String(problem));
      setBusy(false);
    }
  }
  return (
    <form class="card-panel" onSubmit={create} aria-labelledby="online-title">
      <h2 id="online-title">Play online with friends</h2>
      <p class="muted">Create a room, send the link, and the game starts when every seat for a person is taken.</p>
      <NameField id="online-name" />
      <fieldset>
        <legend>Seats, clockwise from you</legend>
        <ol class="seat-list">
          <li>Seat 1: you</li>
          {seats.slice(1).map((kind, index) => (
            <li key={index}>
              <label>Seat {index + 2}
                <select value={kind} onChange={(e) => {
                  const next = [...seats];
                  next[index + 1] = (e.target as HTMLSelectElement).value;
                  setSeats(next);
                }}>
                  <option value="human">A person</option>
                  {LEVELS.map((name) => <option key={name} value={name}>Computer: {name}</option>)}
                </select>
              </label>
            </li>
          ))}
        </ol>
        <div class="row">
          <button type="button" class="small" disabled={seats.length >= most} onClick={() => setSeats([...seats, "human"])}>Add a seat</button>
          <button type="button" class="small" disabled={seats.length <= 2} onClick={() => setSeats(seats.slice(0, -1))}>Remove a seat</button>
        </div>
      </fieldset>
      <RulesForm idPrefix="online" preset={preset} changes={changes} onChange={setChanges} onErrors={setRuleErrors} onPreset={(name) => {
        setPreset(name);
        const players = presetSeats(name) // the seats the preset is for; a table of turns takes 8
          ?? (isSpeed(name, changes) ? null : Math.min(seats.length, MAX_SEATS.turns));
        if (players !== null) {
          setSeats([...seats.slice(0, players), ...Array<string>(Math.max(0, players - seats.length)).fill("medium")]);
        }
      }} />
      <div class="row">
        <label class="check"><input type="checkbox" checked={spectators}
          onChange={(e) => setSpectators((e.target as HTMLInputElement).checked)} /> Others may watch</label>
        {speed ? <p class="muted">The caller plays for anyone too slow: see Speed seconds in the rule options.</p> : (
          <label>Turn timer
            <select value={timer} onChange={(e) => setTimer((e.target as HTMLSelectElement).value)}>
              <option value="">None</option>
              {[30, 60, 120, 300].map((s) => <option key={s} value={String(s)}>{s} seconds</option>)}
            </select>
          </label>
        )}
      </div>
      {error && <p class="error-line" role="alert">{error}</p>}
      <RulesBlocked id="online-blocked" errors={ruleErrors} />
      <button type="submit" class="primary big" disabled={busy}
        aria-describedby={Object.keys(ruleErrors).length ? "online-blocked" : undefined}>Create room</button>
    </form>
  );
}

/** An unfinished game this browser holds a seat in, as the server tells it. */
interface Unfinished {
  room: string;
  seat: number;
  info: RoomInfo;
}

/** The names of a list in words: "Left, Top and Right". */
function listed(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]!}`;
}

/** The unfinished games of this browser (its kept seats), newest first; a finished,
 * abandoned or vanished room, or a seat taken back, is forgotten. */
async function unfinishedGames(): Promise<Unfinished[]> {
  const held = heldSeats().slice(0, 20);
  const found = await Promise.all(held.map(async ({ room, seat, token }) => {
    try {
      const info = await getRoom(room, token);
      if (info.status === "over" || info.status === "abandoned" || info.you === null) {
        forgetSeat(room);
        return null;
      }
      return { room, seat: info.you ?? seat, info };
    } catch (problem) {
      if (problem instanceof ApiError && problem.status === 404) forgetSeat(room);
      return null; // the server is unreachable: kept for the next visit
    }
  }));
  return found.filter((game): game is Unfinished => game !== null);
}

function ContinueEntry({ game }: { game: Unfinished }) {
  const { info, seat } = game;
  const name = (n: number) => n === seat ? "you" : info.seats[n]?.name ?? `Seat ${n + 1}`;
  const others = info.seats.map((_, n) => n).filter((n) => n !== seat).map(name);
  const href = `/r/${encodeURIComponent(game.room)}`;
  let what: string;
  let scores: string | null = null;
  if (info.status === "waiting" || info.round === undefined) {
    const people = info.seats.filter((s) => s.kind === "human");
    const taken = people.filter((s) => s.name !== null).length;
    what = `waiting for players: ${taken} of ${people.length} seats for people taken`;
  } else {
    const online = info.seats.filter((s) => s.kind === "human").length > 1;
    what = `round ${info.round} of ${info.rounds ?? "?"} against ${listed(others)}${online ? " (online)" : ""}`
      + (info.turn === seat ? ", your turn" : "");
    const totals = info.totals ?? [];
    const best = Math.min(...totals);
    const leads = totals.some((total) => total > best); // nobody leads while all are equal
    scores = "Scores: " + totals.map((total, n) => {
      const who = n === seat ? "You" : info.seats[n]?.name ?? `Seat ${n + 1}`;
      return `${who} ${total}${leads && total === best ? " (leads)" : ""}`;
    }).join(", ");
  }
  return (
    <li>
      <a class="continue-link" href={href} onClick={(e) => { e.preventDefault(); navigate(href); }}>
        <strong>Continue</strong> <span>{what}{scores ? "." : ""}</span>
        {scores && <>{" "}<span class="scores">{scores}</span></>}
      </a>
    </li>
  );
}

/** "Your unfinished games": each one continues in one click (at its seat). */
function YourGames() {
  const [games, setGames] = useState<Unfinished[] | null>(null);
  useEffect(() => {
    let live = true;
    void unfinishedGames().then((found) => { if (live) setGames(found); });
    return () => { live = false; };
  }, []);
  if (!games || games.length === 0) return null;
  return (
    <section class="card-panel your-games" aria-labelledby="your-games-title">
      <h2 id="your-games-title">Your unfinished games</h2>
      <ul>{games.map((game) => <ContinueEntry key={game.room} game={game} />)}</ul>
    </section>
  );
}

/** The room id in a pasted link ("https://host/r/abc", "/r/abc") or a bare id. */
export function roomFromLink(text: string): string | null {
  const trimmed = text.trim();
  const match = /\/r\/([A-Za-z0-9_-]+)/.exec(trimmed);
  if (match) return match[1]!;
  return /^[A-Za-z0-9_-]{1,64}$/.test(trimmed) ? trimmed : null;
}

function JoinAndStats() {
  const [link, setLink] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div class="card-panel" aria-labelledby="join-title">
      <h2 id="join-title">Join or watch a game</h2>
      <form class="row" onSubmit={(e) => {
        e.preventDefault();
        const room = roomFromLink(link);
        if (room) navigate(`/r/${encodeURIComponent(room)}`);
        else setProblem("Paste an invite link like /r/abc123, or the room's code.");
      }}>
        <label>Invite link or room code
          <input value={link} onInput={(e) => setLink((e.target as HTMLInputElement).value)} placeholder="https://.../r/..." />
        </label>
        <button type="submit">Open</button>
      </form>
      {problem && <p class="error-line" role="alert">{problem}</p>}
      <SettingsForm />
    </div>
  );
}

export function Lobby() {
  return (
    <div class="lobby">
      <header class="lobby-head">
        <h1>Three-Thirteen</h1>
        <p>The rummy game of eleven rounds: three cards in the first, thirteen in the last, and the wild rank changes every round.</p>
        <a class="button" href="/stats" onClick={(e) => { e.preventDefault(); navigate("/stats"); }}>Your statistics</a>
        <a class="button" href="/rules" onClick={(e) => { e.preventDefault(); navigate("/rules"); }}>How to play</a>
        <a class="button" href="/score" onClick={(e) => { e.preventDefault(); navigate("/score"); }}>Keep score of a game with real cards</a>
      </header>
      <main id="main" class="lobby-grid">
        <YourGames />
        <ComputerGame />
        <OnlineRoom />
        <JoinAndStats />
      </main>
    </div>
  );
}
