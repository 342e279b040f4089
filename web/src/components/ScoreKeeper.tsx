/** The scorekeeper for games played with real cards (`/score`, `/score/<id>`): the sheets
 * of this device, a new sheet, and a sheet kept (with its keeper's token) or watched by its
 * read-only live link. Every figure comes from the server, which scores entries with the
 * solver; this page sends what was typed or tapped, in the terminal keeper's notation. */
import { useEffect, useRef, useState } from "preact/hooks";
import { navigate } from "../route";
import type { Rules } from "../protocol";
import {
  createSheet, csvUrl, currentRound, deckCount, enterEntry, entryText, entryWithFalseOuts,
  follow, forgetSheet, getSheet, jsonUrl, keepSheet, keptSheets, keptToken, newSheet,
  roundTitle, standingText, tokenFromHash, undoEntry,
} from "../scoresheet";
import type { KeptSheet, SheetData, SheetState } from "../scoresheet";
import { RulesForm, rulesFor } from "./RulesForm";
import { CardGrid, chosenCount, chosenText } from "./ScoreKeeperGrid";
import type { Chosen } from "./ScoreKeeperGrid";
import { SheetTable } from "./ScoreKeeperTable";
import "../scorekeeper.css";

const MIN_PLAYERS = 2;
const MAX_PLAYERS = 16;

function go(path: string) {
  return (event: Event) => { event.preventDefault(); navigate(path); };
}

// -- /score ------------------------------------------------------------------------------

export function ScoreHomePage() {
  const [kept, setKept] = useState<KeptSheet[]>(keptSheets());
  return (
    <main class="keeper-page" id="main">
      <h1>Score sheet</h1>
      <p class="muted">Playing with real cards? Keep the score here: type or tap the cards
        left in a hand and the solver finds the least it can score.</p>
      <section class="card-panel" aria-labelledby="kept-title">
        <h2 id="kept-title">Sheets on this device</h2>
        {kept.length === 0 ? <p class="muted">No sheets yet.</p> : (
          <ul class="kept-list">
            {kept.map((item) => (
              <li key={item.id}>
                <a href={`/score/${item.id}`} onClick={go(`/score/${item.id}`)}>{item.names.join(", ")}</a>
                <span class="muted">{` ${item.token ? "(keeper)" : "(watching)"} ${item.summary}`}</span>
                <button type="button" class="small" aria-label={`Forget the sheet of ${item.names.join(", ")}`}
                  onClick={() => { forgetSheet(item.id); setKept(keptSheets()); }}>Forget</button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewSheetForm />
      <ImportForm />
      <a class="button" href="/" onClick={go("/")}>Back to the lobby</a>
    </main>
  );
}

function NewSheetForm() {
  const [names, setNames] = useState<string[]>(["", "", "", ""]);
  const [dealer, setDealer] = useState(0);
  const [preset, setPreset] = useState("standard");
  const [changes, setChanges] = useState<Rules>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = names.map((name, seat) => name.trim() || `Player ${seat + 1}`);
  async function start(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const rules = rulesFor(preset, changes, names.length);
      const made = await createSheet(newSheet(shown, rules, Math.min(dealer, names.length - 1)));
      keepSheet(made, made.token ?? null);
      navigate(`/score/${made.sheet}`);
    } catch (problem) {
      setError((problem as Error).message);
      setBusy(false);
    }
  }
  return (
    <form class="card-panel" onSubmit={start} aria-labelledby="new-sheet-title">
      <h2 id="new-sheet-title">New sheet</h2>
      <p class="muted">The players clockwise from the first dealer's left, or in any seat order.</p>
      {names.map((name, seat) => (
        <label key={seat}>{`Player ${seat + 1}`}
          <input value={name} maxLength={40} autoComplete="off" placeholder={`Player ${seat + 1}`}
            onInput={(e) => setNames(names.map((old, i) => (i === seat ? (e.target as HTMLInputElement).value : old)))} />
        </label>
      ))}
      <div class="row">
        <button type="button" disabled={names.length >= MAX_PLAYERS}
          onClick={() => setNames([...names, ""])}>Add a player</button>
        <button type="button" disabled={names.length <= MIN_PLAYERS}
          onClick={() => setNames(names.slice(0, -1))}>Remove the last player</button>
      </div>
      <label>Who deals first
        <select value={String(Math.min(dealer, names.length - 1))}
          onChange={(e) => setDealer(Number((e.target as HTMLSelectElement).value))}>
          {shown.map((name, seat) => <option key={seat} value={String(seat)}>{name}</option>)}
        </select>
      </label>
      <RulesForm preset={preset} changes={changes} idPrefix="sheet-rules" speed
        onPreset={(value) => { setPreset(value); setChanges({}); }} onChange={setChanges} />
      {error && <p class="error-line" role="alert">{error}</p>}
      <button type="submit" class="primary" disabled={busy}>Start the sheet</button>
    </form>
  );
}

function ImportForm() {
  const [error, setError] = useState<string | null>(null);
  async function read(event: Event) {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      const data = JSON.parse(await file.text()) as SheetData;
      const made = await createSheet(data);
      keepSheet(made, made.token ?? null);
      navigate(`/score/${made.sheet}`);
    } catch (problem) {
      setError(problem instanceof SyntaxError ? `${file.name} is not JSON` : (problem as Error).message);
    }
  }
  return (
    <section class="card-panel" aria-labelledby="import-title">
      <h2 id="import-title">Import a sheet</h2>
      <label>A sheet's JSON file (from this page or from <code>three-thirteen score --json</code>)
        <input type="file" accept="application/json,.json" onChange={read} />
      </label>
      {error && <p class="error-line" role="alert">{error}</p>}
    </section>
  );
}

// -- /score/<id> ---------------------------------------------------------------------------

export function ScoreSheetPage({ id }: { id: string }) {
  const [state, setState] = useState<SheetState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const latest = useRef(0);

  function seen(next: SheetState) {
    if (next.version < latest.current) return;
    latest.current = next.version;
    setState(next);
  }

  useEffect(() => {
    const fromLink = tokenFromHash(location.hash);
    if (fromLink) history.replaceState(null, "", `/score/${encodeURIComponent(id)}`);
    const mine = fromLink ?? keptToken(id);
    setToken(mine);
    const stop = new AbortController();
    getSheet(id).then((first) => {
      seen(first);
      keepSheet(first, mine);
      void follow(id, first.version, (next) => { seen(next); keepSheet(next, null); }, stop.signal);
    }).catch((problem: unknown) => setError((problem as Error).message));
    return () => stop.abort();
  }, [id]);

  if (state === null) {
    return (
      <main class="keeper-page" id="main">
        <h1>Score sheet</h1>
        {error ? <p class="error-line" role="alert">{error}</p> : <p>Loading...</p>}
        <a class="button" href="/score" onClick={go("/score")}>All sheets</a>
      </main>
    );
  }
  return <SheetScreen state={state} token={token} onState={(next) => { seen(next); keepSheet(next, token); }} />;
}

function SheetScreen({ state, token, onState }: {
  state: SheetState; token: string | null; onState: (state: SheetState) => void;
}) {
  const view = state.view;
  const [selected, setSelected] = useState<number | null>(null);
  const [said, setSaid] = useState("");
  const [error, setError] = useState<string | null>(null);
  const number = selected ?? currentRound(view);
  const round = view.rounds.find((item) => item.number === number) ?? view.rounds[0]!;
  const keeper = token !== null;
  const live = `${location.origin}/score/${state.sheet}`;

  async function undo() {
    if (!token) return;
    setError(null);
    try {
      onState(await undoEntry(state.sheet, token));
      setSaid("The last entry is taken back.");
    } catch (problem) {
      setError((problem as Error).message);
    }
  }

  return (
    <main class="keeper-page" id="main">
      <h1>{keeper ? "Score sheet" : "Score sheet (live)"}</h1>
      <p class="muted">{`${view.names.join(", ")}. `}{keeper ? "You keep this sheet."
        : "Read-only: it updates as the keeper enters rounds."}</p>
      <p class="standing" role="status" aria-live="polite">{standingText(view)}</p>
      <section class="card-panel round-panel" aria-labelledby="round-title">
        <h2 id="round-title">{round.playoff ? "Playoff round" : `Round ${round.number}`}
          {selected !== null && " (editing)"}</h2>
        <p class="round-line">{roundTitle(view, round)}</p>
        {round.order.map((seat) => (
          <EntryRow key={`${round.number}-${seat}`} state={state} round={round.number} seat={seat}
            token={token} onState={onState} onSaid={setSaid} onError={setError} />
        ))}
        {selected !== null && (
          <button type="button" onClick={() => setSelected(null)}>Done editing</button>
        )}
        <p class="visually-hidden" aria-live="polite">{said}</p>
        {error && <p class="error-line" role="alert">{error}</p>}
      </section>
      <section aria-labelledby="table-title">
        <h2 id="table-title">The sheet</h2>
        <SheetTable view={view} selected={number}
          onEdit={keeper ? (value) => { setSelected(value); setError(null); } : undefined} />
      </section>
      <div class="row">
        {keeper && <button type="button" onClick={undo} disabled={view.entries_made === 0}>Undo last entry</button>}
        <a class="button" href={csvUrl(state.sheet)} download={`scoresheet-${state.sheet}.csv`}>Download CSV</a>
        <a class="button" href={jsonUrl(state.sheet)} download={`scoresheet-${state.sheet}.json`}>Download JSON</a>
      </div>
      <section class="card-panel" aria-labelledby="links-title">
        <h2 id="links-title">Share</h2>
        <label>Live link (read-only, for everyone at the table)
          <input readOnly value={live} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        </label>
        {keeper && (
          <details>
            <summary>Keep this sheet on another device</summary>
            <p class="muted">This link lets its holder change the sheet: keep it to yourself.</p>
            <label>Keeper link
              <input readOnly value={`${live}#key=${token}`} onFocus={(e) => (e.target as HTMLInputElement).select()} />
            </label>
          </details>
        )}
      </section>
      <a class="button" href="/score" onClick={go("/score")}>All sheets</a>
    </main>
  );
}

function EntryRow({ state, round: number, seat, token, onState, onSaid, onError }: {
  state: SheetState; round: number; seat: number; token: string | null;
  onState: (state: SheetState) => void; onSaid: (text: string) => void; onError: (text: string | null) => void;
}) {
  const view = state.view;
  const round = view.rounds.find((item) => item.number === number)!;
  const name = view.names[seat]!;
  const cell = round.entries[seat] ?? null;
  const penalty = Number(view.rules["false_out_penalty"] ?? 0);
  const [typed, setTyped] = useState("");
  const [falseOuts, setFalseOuts] = useState(0);
  const [grid, setGrid] = useState(false);
  const [chosen, setChosen] = useState<Chosen>({});
  const [busy, setBusy] = useState(false);
  const missing = cell !== null && "missing" in cell;

  async function send(text: string) {
    if (!token) return;
    setBusy(true);
    onError(null);
    try {
      const next = await enterEntry(state.sheet, token, number, seat, entryWithFalseOuts(text, falseOuts));
      onState(next);
      const now = next.view.rounds.find((item) => item.number === number)?.entries[seat] ?? null;
      onSaid(`${name}: ${entryText(now, round.wild, penalty)}.`);
      setTyped("");
      setFalseOuts(0);
      setChosen({});
      setGrid(false);
    } catch (problem) {
      onError(`Not entered for ${name}: ${(problem as Error).message}. Nothing changed.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class={missing ? "entry-row missing" : "entry-row"} role="group" aria-label={name} data-seat={seat}>
      <p class="entry-now">
        <strong>{name}</strong>{seat === round.dealer ? " (deals)" : ""}: <span class="entry-text">{entryText(cell, round.wild, penalty)}</span>
      </p>
      {token && (
        <>
          <div class="entry-buttons">
            <button type="button" aria-label={`${name} went out`} disabled={busy} onClick={() => void send("out")}>Out (0)</button>
            <button type="button" aria-label={`Tap ${name}'s cards`} aria-expanded={grid ? "true" : "false"}
              onClick={() => setGrid(!grid)}>Cards</button>
            <button type="button" aria-label={`False out for ${name}`} aria-pressed={falseOuts > 0 ? "true" : "false"}
              onClick={() => setFalseOuts(falseOuts >= 9 ? 0 : falseOuts + 1)}>
              {falseOuts ? `False out ×${falseOuts}` : "False out"}</button>
          </div>
          <form class="entry-typed" onSubmit={(e) => { e.preventDefault(); if (typed.trim()) void send(typed); }}>
            <label class="visually-hidden" for={`entry-${number}-${seat}`}>{`${name}'s entry`}</label>
            <input id={`entry-${number}-${seat}`} value={typed} autoComplete="off" autoCapitalize="off"
              spellcheck={false} placeholder="points, or cards: 7h 8h Kd" maxLength={200}
              onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />
            <button type="submit" aria-label={`Enter for ${name}`} disabled={busy || !typed.trim()}>Enter</button>
          </form>
          {falseOuts > 0 && <p class="muted">{`${falseOuts === 1 ? "A false out" : `${falseOuts} false outs`} `
            + `(${penalty} points each) go with ${name}'s next entry.`}</p>}
          {grid && (
            <CardGrid who={name} wild={round.wild} deal={round.cards}
              decks={deckCount(view.rules, view.names.length)} jokers={Number(view.rules["jokers"] ?? 0)}
              fiveSuit={view.rules["pack"] === "five-suit"}
              chosen={chosen} onChange={setChosen} onClose={() => setGrid(false)}
              onEnter={() => { if (chosenCount(chosen) > 0) void send(chosenText(chosen)); }} />
          )}
        </>
      )}
    </div>
  );
}

