import { render } from "preact";
import { Lobby } from "./components/Lobby";
import { PlayPage, RoomPage } from "./components/Pages";
import { ReplayPage } from "./components/Replay";
import { ScoreHomePage, ScoreSheetPage } from "./components/ScoreKeeper";
import { StatsPage } from "./components/Stats";
import { listen, route } from "./route";
import { persistSettings } from "./settings";
import "./style.css";

function App() {
  const current = route.value;
  switch (current.page) {
    case "lobby":
      return <Lobby />;
    case "play":
      return <PlayPage params={current.params} />;
    case "room":
      return <RoomPage key={current.room} room={current.room} />;
    case "replay":
      return <ReplayPage room={current.room} />;
    case "stats":
      return <StatsPage name={current.name} />;
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

persistSettings(document.documentElement);
listen();
render(<App />, document.getElementById("app")!);
