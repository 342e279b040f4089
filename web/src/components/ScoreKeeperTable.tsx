/** The score sheet as a table: a row per round (points by player, "?" while missing),
 * running totals under each row, the totals at the foot, the leaders marked. For the
 * keeper, each round's number is a button that opens the round to edit it. */
import type { SheetView } from "../scoresheet";

export function SheetTable({ view, onEdit, selected }: {
  view: SheetView; selected: number | null; onEdit?: (round: number) => void;
}) {
  const reached = Math.max(0, ...view.rounds.filter((round) =>
    round.entries.some((cell) => cell !== null && !("missing" in cell))).map((round) => round.number));
  return (
    <div class="sheet-scroll">
      <table class="keeper-table">
        <caption class="visually-hidden">Score sheet: points by round, with running totals</caption>
        <thead>
          <tr>
            <th scope="col">Round</th>
            {view.names.map((name, seat) => (
              <th scope="col" key={seat} class={view.leaders.includes(seat) ? "leader" : ""}>{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rounds.map((round) => {
            const label = round.playoff ? "Playoff" : String(round.number);
            return (
              <tr key={round.number} class={round.number === selected ? "selected" : ""}
                data-round={round.number}>
                <th scope="row">
                  {onEdit ? (
                    <button type="button" class="small" aria-label={round.playoff ? "Edit the playoff round" : `Edit round ${label}`}
                      aria-current={round.number === selected ? "true" : undefined}
                      onClick={() => onEdit(round.number)}>{label}</button>
                  ) : label}
                </th>
                {round.entries.map((cell, seat) => {
                  const text = cell === null ? "-" : "missing" in cell
                    ? (round.number <= reached ? "?" : "") : String(cell.points);
                  const total = round.totals?.[seat];
                  return (
                    <td key={seat} class={cell !== null && "missing" in cell && round.number <= reached ? "hole" : ""}>
                      <span class="points">{text}</span>
                      {total !== undefined && round.number <= reached && <span class="running">{total}</span>}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {view.totals.map((total, seat) => (
              <td key={seat} class={view.leaders.includes(seat) ? "leader total" : "total"}
                data-total={seat}>{total}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
