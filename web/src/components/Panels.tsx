/** The round banner, the connection state, the move log and the chat. */
import { useEffect, useRef, useState } from "preact/hooks";
import type { RoomInfo } from "../protocol";
import type { Status } from "../socket";
import type { ChatLine, LogLine } from "../store";

export function RoundBanner({ text, short, lastTurn }: { text: string; short: string; lastTurn: string | null }) {
  return (
    <div class="banner">
      <p class="round-title"><span class="long">{text}</span><span class="short" aria-hidden="true">{short}</span></p>
      {lastTurn && <p class="last-turn">{lastTurn}</p>}
    </div>
  );
}

const STATUS_TEXT: Record<Status, string> = {
  connecting: "Connecting...",
  open: "Connected",
  reconnecting: "Reconnecting...",
  closed: "Disconnected",
};

export function ConnectionState({ status }: { status: Status }) {
  return (
    <p class={`connection ${status}`}>
      <span class="dot" aria-hidden="true" />{STATUS_TEXT[status]}
    </p>
  );
}

/** The one live region (role="log"): every move in words as it happens. */
export function MoveLog({ lines }: { lines: LogLine[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  return (
    <section class="panel log-panel" aria-labelledby="log-title">
      <h2 id="log-title">Moves</h2>
      <div class="move-log" ref={ref} role="log" aria-live="polite" aria-relevant="additions" aria-labelledby="log-title" tabIndex={0}>
        {lines.map((line) => <p key={line.key} class={`log-${line.kind}`}>{line.text}</p>)}
      </div>
    </section>
  );
}

export function Chat({ lines, onSay, disabled }: { lines: ChatLine[]; onSay: (text: string) => void; disabled: boolean }) {
  const [text, setText] = useState("");
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  return (
    <section class="panel chat-panel" aria-labelledby="chat-title">
      <h2 id="chat-title">Chat</h2>
      <ol class="chat" ref={ref} tabIndex={0} aria-label="Chat messages">
        {lines.length === 0 && <li class="empty">No messages yet.</li>}
        {lines.map((line) => <li key={line.key}><strong>{line.name}:</strong> {line.text}</li>)}
      </ol>
      <form class="chat-form" onSubmit={(event) => {
        event.preventDefault();
        onSay(text);
        setText("");
      }}>
        <label class="visually-hidden" for="chat-input">Message</label>
        <input id="chat-input" maxLength={500} value={text} disabled={disabled}
          onInput={(event) => setText((event.target as HTMLInputElement).value)}
          placeholder="Say something" autoComplete="off" />
        <button type="submit" disabled={disabled || !text.trim()}>Send</button>
      </form>
    </section>
  );
}

/** The people at an online table: who is here, mute their chat, and (for the host) give a
 * person's seat to the computer. */
export function People({ room, me, onMute, onKick }: {
  room: RoomInfo; me: number | null;
  onMute: (seat: number, muted: boolean) => void; onKick: (seat: number) => void;
}) {
  const [muted, setMuted] = useState<Record<number, boolean>>({});
  const host = room.host ?? 0;
  const people = room.seats.map((seat, index) => ({ seat, index })).filter(({ seat }) => seat.kind === "human");
  return (
    <section class="panel people" aria-labelledby="people-title">
      <h2 id="people-title">People</h2>
      <ul>
        {people.map(({ seat, index }) => {
          const isMuted = muted[index] ?? seat.muted ?? false;
          const name = seat.name ?? `Seat ${index + 1}`;
          return (
            <li key={index}>
              <span class={`presence ${seat.connected ? "on" : "off"}`} aria-hidden="true" />
              <span class="person">{name}{index === me ? " (you)" : ""}{index === host ? ", host" : ""}
                {!seat.connected && <span class="muted"> (away)</span>}</span>
              {me !== null && index !== me && (
                <button type="button" class="small" aria-pressed={isMuted ? "true" : "false"}
                  aria-label={`Mute ${name}`} onClick={() => {
                    onMute(index, !isMuted);
                    setMuted({ ...muted, [index]: !isMuted });
                  }}>{isMuted ? "Muted" : "Mute"}</button>
              )}
              {me === host && index !== me && (
                <button type="button" class="small" onClick={() => {
                  if (window.confirm(`Give ${name}'s seat to the computer?`)) onKick(index);
                }}>Give seat to computer</button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
