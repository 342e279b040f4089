/** The score sheet: the totals first (the lowest marked), then a row per round (each
 * seat's running total and the round's points; on a wide sheet also the wild rank, the
 * dealer and the leader after it). A narrow sheet (the side panel, a phone) drops the
 * wide-only columns and stacks each cell, so four players' totals fit without scrolling. */
import { rankPlural } from "../cards";
import type { RoundResult, View } from "../protocol";
import { outsOf, seatName } from "../words";

/** The running totals after each round (a playoff round adds nothing). */
export function runningTotals(players: number, results: RoundResult[]): number[][] {
  const running = Array.from({ length: players }, () => 0);
  return results.map((result) => {
    if (!result.playoff) result.result.forEach((seat, i) => { running[i] = (running[i] ?? 0) + seat.points; });
    return [...running];
  });
}

export function ScoreSheet({ view, results, caption = "Score sheet" }: {
  view: Pick<View, "players" | "seat">; results: RoundResult[]; caption?: string;
}) {
  const seats = view.players.map((_, seat) => seat);
  const totals = runningTotals(seats.length, results);
  const rows = results.map((result, index) => {
    const running = totals[index]!;
    const low = Math.min(...running);
    const leaders = seats.filter((seat) => running[seat] === low).map((seat) => seatName(view, seat));
    return { result, totals: running, leaders };
  });
  const final = totals[totals.length - 1] ?? seats.map(() => 0);
  const lowest = Math.min(...final);
  const leaders = results.length ? seats.filter((seat) => final[seat] === lowest) : [];
  return (
    <div class="score-sheet-wrap">
      <table class="score-sheet">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col" class="wide-only">Wild</th>
            <th scope="col" class="wide-only">Dealer</th>
            {seats.map((seat) => {
              const name = seatName(view, seat);
              return <th scope="col" key={seat} class="seat-col" title={name}><span class="name">{name}</span></th>;
            })}
            <th scope="col" class="wide-only">Leader</th>
          </tr>
          <tr class="totals">
            <th scope="row">Total</th>
            <td class="wide-only" />
            <td class="wide-only" />
            {seats.map((seat) => (
              <td key={seat} class={leaders.includes(seat) ? "leading" : undefined}>{final[seat]}</td>
            ))}
            <td class="wide-only">{leaders.map((seat) => seatName(view, seat)).join(", ")}</td>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ result, totals: running, leaders: names }) => (
            <tr key={result.number}>
              <th scope="row">{result.playoff ? "Playoff" : result.number}</th>
              <td class="wide-only">{result.wild === null ? "None (jokers)" : rankPlural(result.wild)}</td>
              <td class="wide-only">{seatName(view, result.dealer)}</td>
              {seats.map((seat) => {
                const points = result.result[seat]?.points ?? 0;
                const out = outsOf(result).includes(seat);
                return (
                  <td key={seat} class={out ? "went-out" : undefined}>
                    <span class="total">{running[seat]}</span>
                    <span class="points">{out ? " out" : ` +${points}`}</span>
                  </td>
                );
              })}
              <td class="wide-only">{names.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
