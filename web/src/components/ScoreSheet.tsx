/** The score sheet: a row per round (wild rank, dealer, each seat's points and running
 * total, the leader after it), totals at the foot. */
import { rankPlural } from "../cards";
import type { RoundResult, View } from "../protocol";
import { outsOf, seatName } from "../words";

export function ScoreSheet({ view, results, caption = "Score sheet" }: {
  view: Pick<View, "players" | "seat">; results: RoundResult[]; caption?: string;
}) {
  const seats = view.players.map((_, seat) => seat);
  const running = seats.map(() => 0);
  const rows = results.map((result) => {
    if (!result.playoff) result.result.forEach((seat, i) => { running[i] = (running[i] ?? 0) + seat.points; });
    const low = Math.min(...running);
    const leaders = seats.filter((seat) => running[seat] === low).map((seat) => seatName(view, seat));
    return { result, totals: [...running], leaders };
  });
  return (
    <div class="score-sheet-wrap">
      <table class="score-sheet">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">Wild</th>
            <th scope="col">Dealer</th>
            {seats.map((seat) => <th scope="col" key={seat}>{seatName(view, seat)}</th>)}
            <th scope="col">Leader</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ result, totals, leaders }) => (
            <tr key={result.number}>
              <th scope="row">{result.playoff ? "Playoff" : result.number}</th>
              <td>{result.wild === null ? "None (jokers)" : rankPlural(result.wild)}</td>
              <td>{seatName(view, result.dealer)}</td>
              {seats.map((seat) => {
                const points = result.result[seat]?.points ?? 0;
                const out = outsOf(result).includes(seat);
                return (
                  <td key={seat} class={out ? "went-out" : undefined}>
                    <span class="total">{totals[seat]}</span>
                    <span class="points">{out ? " out" : ` +${points}`}</span>
                  </td>
                );
              })}
              <td>{leaders.join(", ")}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>Total</th>
            {seats.map((seat) => <td key={seat}>{rows.length ? rows[rows.length - 1]!.totals[seat] : 0}</td>)}
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
