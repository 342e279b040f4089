/** A player's statistics from the server. */
import { useEffect, useState } from "preact/hooks";
import type { Stats } from "../api";
import { getStats } from "../api";

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
          <dt>Wins</dt><dd>{stats.wins}{stats.games ? ` (${Math.round((100 * stats.wins) / stats.games)}%)` : ""}</dd>
          <dt>Average points per round</dt><dd>{stats.average_points_per_round?.toFixed(1) ?? "-"}</dd>
          <dt>Best game (lowest total)</dt><dd>{stats.best_game ?? "-"}</dd>
          <dt>Worst game (highest total)</dt><dd>{stats.worst_game ?? "-"}</dd>
          <dt>Times gone out</dt><dd>{stats.go_outs}</dd>
        </dl>
      )}
      {!stats && !error && <p>Loading...</p>}
      <a class="button" href="/">Back to the lobby</a>
    </main>
  );
}
