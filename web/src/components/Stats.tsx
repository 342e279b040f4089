/** Statistics: "Your statistics" (this browser's player id: its finished games, by level,
 * each with its replay), and the older page of a display name's numbers. */
import { useEffect, useState } from "preact/hooks";
import type { PlayedGame, PlayerNumbers, PlayerStats, Stats } from "../api";
import { getPlayerStats, getStats } from "../api";
import { navigate } from "../route";
import { playerId } from "../settings";
import "../styles/wayback.css";

function percent(part: number, whole: number): string {
  return whole ? ` (${Math.round((100 * part) / whole)}%)` : "";
}

const PLACES = ["1st", "2nd", "3rd"];

function placeText(place: number): string {
  return PLACES[place - 1] ?? `${place}th`;
}

function dateText(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString(undefined,
    { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

function levelText(level: string): string {
  return level === "people" ? "people only" : level === "mixed" ? "mixed levels" : level;
}

function Numbers({ numbers }: { numbers: PlayerNumbers }) {
  return (
    <dl class="stats">
      <dt>Games finished</dt><dd>{numbers.games}</dd>
      <dt>Wins</dt><dd>{numbers.wins}{percent(numbers.wins, numbers.games)}</dd>
      <dt>Best game (lowest total)</dt><dd>{numbers.best_total ?? "-"}</dd>
      <dt>Average total</dt><dd>{numbers.average_total?.toFixed(1) ?? "-"}</dd>
      <dt>Average points per round</dt><dd>{numbers.average_points_per_round?.toFixed(1) ?? "-"}</dd>
      <dt>Times gone out</dt><dd>{numbers.go_outs}</dd>
    </dl>
  );
}

function GameRow({ game }: { game: PlayedGame }) {
  const others = game.players.filter((_, seat) => seat !== game.seat);
  const replay = `/replay/${encodeURIComponent(game.room)}`;
  const when = dateText(game.finished);
  return (
    <tr>
      <td data-label="Finished">{when}</td>
      <td data-label="Against" class="who">{others.join(", ")} <span class="muted">({levelText(game.level)})</span></td>
      <td data-label="Place">{placeText(game.place)} of {game.players.length}</td>
      <td data-label="Your total" class="number">{game.total}</td>
      <td data-label="Rules">{game.rules}</td>
      <td class="replay-cell"><a href={replay} onClick={(e) => { e.preventDefault(); navigate(replay); }}
        aria-label={`Replay of the game of ${when}`}>Replay</a></td>
    </tr>
  );
}

/** `/stats`: the statistics of this browser's player (not of the name "You"). */
export function YourStatsPage() {
  const [stats, setStats] = useState<PlayerStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getPlayerStats(playerId.value).then(setStats).catch((problem: unknown) => setError((problem as Error).message));
  }, []);
  return (
    <main class="message-page my-stats" id="main">
      <h1>Your statistics</h1>
      <p class="muted">The games finished in this browser, whatever name you played under.</p>
      {error && <p class="error-line" role="alert">{error}</p>}
      {!stats && !error && <p>Loading...</p>}
      {stats && stats.games === 0 && <p>No finished game yet: play one to the end and it is counted here.</p>}
      {stats && stats.games > 0 && (
        <>
          <Numbers numbers={stats} />
          {stats.by_level.length > 1 && (
            <section aria-labelledby="by-level-title">
              <h2 id="by-level-title">By opponents</h2>
              <div class="table-wrap">
                <table>
                  <thead><tr><th scope="col">Against</th><th scope="col" class="number">Games</th>
                    <th scope="col" class="number">Wins</th><th scope="col" class="number">Average total</th></tr></thead>
                  <tbody>
                    {stats.by_level.map((line) => (
                      <tr key={line.level}><td>{levelText(line.level)}</td><td class="number">{line.games}</td>
                        <td class="number">{line.wins}{percent(line.wins, line.games)}</td>
                        <td class="number">{line.average_total?.toFixed(1) ?? "-"}</td></tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}
          <section aria-labelledby="past-title">
            <h2 id="past-title">Past games</h2>
            <div class="table-wrap">
              <table class="games-table">
                <thead><tr><th scope="col">Finished</th><th scope="col">Against</th><th scope="col">Place</th>
                  <th scope="col" class="number">Your total</th><th scope="col">Rules</th><th scope="col">Replay</th></tr></thead>
                <tbody class="games">{stats.history.map((game) => <GameRow key={game.room} game={game} />)}</tbody>
              </table>
            </div>
            {stats.history.length < stats.games && <p class="muted">The newest {stats.history.length} of {stats.games} games.</p>}
          </section>
        </>
      )}
      <a class="button" href="/">Back to the lobby</a>
    </main>
  );
}

/** `/stats/<name>`: the numbers of every game finished under a display name. */
export function StatsPage({ name }: { name: string }) {
  const [stats, setStats] = useState<Stats | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getStats(name).then(setStats).catch((problem: unknown) => setError((problem as Error).message));
  }, [name]);
  return (
    <main class="message-page" id="main">
      <h1>Statistics for {name}</h1>
      {error && <p class="error-line" role="alert">{error}</p>}
      {stats && (
        <dl class="stats">
          <dt>Games finished</dt><dd>{stats.games}</dd>
          <dt>Wins</dt><dd>{stats.wins}{percent(stats.wins, stats.games)}</dd>
          <dt>Average points per round</dt><dd>{stats.average_points_per_round?.toFixed(1) ?? "-"}</dd>
          <dt>Best game (lowest total)</dt><dd>{stats.best_game ?? "-"}</dd>
          <dt>Worst game (highest total)</dt><dd>{stats.worst_game ?? "-"}</dd>
          <dt>Times gone out</dt><dd>{stats.go_outs}</dd>
        </dl>
      )}
      {!stats && !error && <p>Loading...</p>}
      <p><a href="/stats">Your statistics</a> count the games of this browser, whatever the name.</p>
      <a class="button" href="/">Back to the lobby</a>
    </main>
  );
}
