import { render } from "preact";
import { Lobby } from "./components/Lobby";
import { PlayPage, RoomPage } from "./components/Pages";
import { ReplayPage } from "./components/Replay";
import { ScoreHomePage, ScoreSheetPage } from "./components/ScoreKeeper";
import { StatsPage, YourStatsPage } from "./components/Stats";
import { asksForRules } from "./keys";
import { listen, route } from "./route";
import { RulesOverlay, RulesPage, openRules } from "./components/RulesPage";
import { persistSettings, shortcuts } from "./settings";
import "./style.css";

function App() {
  return <><Page /><RulesOverlay /></>;
}

function Page() {
  const current = route.value;
  switch (current.page) {
    case "lobby":
      return <Lobby />;
    case "rules":
      return <RulesPage />;
    case "play":
      return <PlayPage params={current.params} />;
    case "room":
      return <RoomPage key={current.room} room={current.room} />;
    case "replay":
      return <ReplayPage room={current.room} />;
    case "stats":
      return <StatsPage name={current.name} />;
    case "mystats":
      return <YourStatsPage />;
    case "score":
      return <ScoreHomePage />;
    case "sheet":
      return <ScoreSheetPage key={current.sheet} id={current.sheet} />;
    default:
      return (
        <main class="message-page" id="main"><h1>Not found</h1>
          <p>There is nothing at {current.path}.</p><a class="button" href="/">Back to the lobby</a></main>
      );
  }
}

/** `?` opens the rules over the page (the rules page itself excepted). */
window.addEventListener("keydown", (event) => {
  const target = event.target instanceof HTMLElement ? event.target : null;
  const dialogOpen = document.querySelector("[aria-modal='true']") !== null;
  if (route.value.page === "rules" || !asksForRules(
    { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target },
    { enabled: shortcuts.peek(), dialogOpen })) return;
  event.preventDefault();
  openRules();
});

persistSettings(document.documentElement);
listen();
render(<App />, document.getElementById("app")!);
