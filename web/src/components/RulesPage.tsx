/** How to play: the rules in plain words with example hands drawn as at the table. As a page
 * (`/rules`), and as a dialog over the table or the lobby (the top bar's Rules button, the
 * `?` key, a rules option's "More about" link), so a game in progress is never left. */
import { signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import { cardName } from "../cards";
import { navigate } from "../route";
import catalog from "../rules-options.json";
import examples from "../rules-examples.json";
import type { Rules } from "../protocol";
import { OPTION_WORDS, PRESET_NAMES, PRESET_WORDS, SECTIONS, differences, optionAnchor, optionLabel, roundRows, valueWords } from "../rulestext";
import type { SectionId } from "../rulestext";
import { CardFace } from "./Card";
import { Dialog } from "./Dialog";
import "../styles/rules.css";

/** The rules dialog: null when closed, else the id of the section to show ("" for the top). */
export const rulesShown = signal<string | null>(null);

/** The rules of the game at the table (every option), while a table shows them; the dialog
 * says how they differ from the usual ones. */
export const gameRules = signal<Rules | null>(null);

/** Open the rules over the current page, at `section` (an id of the rules page) if given. */
export function openRules(section = ""): void {
  rulesShown.value = section;
}

const WILD = examples.wild;

/** A meld example's text alternative: "A set: 9 of hearts, 9 of clubs, 9 of spades". */
export function cardsWords(cards: readonly string[], standsFor: Record<string, string> = {}): string {
  return cards.map((code) => {
    const name = cardName(code, WILD);
    const stands = standsFor[code];
    return stands ? `${name}, standing for the ${cardName(stands)}` : name;
  }).join(", ");
}

function Cards({ cards }: { cards: readonly string[] }) {
  return (
    <span class="rules-cards">
      {cards.map((code, index) => <CardFace key={index} code={code} wild={WILD} />)}
    </span>
  );
}

/** One example: the cards as a picture with its text alternative, a caption, a note. */
function Example({ id, caption, alt, note, children }: {
  id: string; caption: string; alt: string; note: string; children: ComponentChildren;
}) {
  return (
    <figure class="rules-example" id={id}>
      <div class="rules-picture" role="img" aria-label={`${caption}: ${alt}`}>{children}</div>
      <figcaption><strong>{caption}.</strong> {note}</figcaption>
    </figure>
  );
}

type MeldExample = (typeof examples.melds)[number];

function MeldPicture({ example }: { example: MeldExample }) {
  const stands = "stands_for" in example ? example.stands_for as Record<string, string> : {};
  return (
    <Example id={example.id} caption={example.caption} alt={cardsWords(example.cards, stands)} note={example.note}>
      <Cards cards={example.cards} />
    </Example>
  );
}

function Heading({ level, id, children }: { level: 2 | 3; id?: string; children: ComponentChildren }) {
  return level === 2 ? <h2 id={id}>{children}</h2> : <h3 id={id}>{children}</h3>;
}

function Section({ id, level, children }: { id: SectionId; level: 2 | 3; children: ComponentChildren }) {
  const title = SECTIONS.find((section) => section.id === id)?.title ?? id;
  return (
    <section class="rules-section" id={id} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <Heading level={level} id={`${id}-title`}>{title}</Heading>
      {children}
    </section>
  );
}

/** A link to another section (or an option's paragraph): inside the page, it scrolls there. */
function To({ id, children }: { id: string; children: ComponentChildren }) {
  return <a href={`#${id}`} onClick={(event) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true }); // the keyboard goes on from there
    if (location.pathname === "/rules") history.replaceState(null, "", `#${id}`);
  }}>{children}</a>;
}

const SETS = examples.melds.filter((example) => example.kind === "set");
const RUNS = examples.melds.filter((example) => example.kind === "run");

interface OptionInfo { name: string; default: unknown }
const OPTIONS = (catalog.options as OptionInfo[]);
const DEFAULTS: Rules = Object.fromEntries(OPTIONS.map((option) => [option.name, option.default]));

/** "This game: Ace Both ends; Face values 11, 12 and 13." (each a link to its paragraph), or
 * that it plays the usual rules. */
function ThisGame({ rules }: { rules: Rules }) {
  const changed = differences(rules, DEFAULTS);
  return (
    <p class="rules-this-game">
      <strong>This game: </strong>
      {changed.length === 0 ? "the usual rules, as below." : changed.map(([name, words], index) => (
        <span key={name}>{index > 0 && "; "}<To id={optionAnchor(name)}>{optionLabel(name)}</To> {words}</span>
      ))}
      {changed.length > 0 && "; otherwise as below."}
    </p>
  );
}

/** The rules themselves; `level` is the level of the sections' headings (2 on the page,
 * 3 in the dialog, under its own title). */
export function RulesText({ level }: { level: 2 | 3 }) {
  const out = examples.out;
  const penalty = examples.penalty;
  const outWords = `melds ${out.groups.map((group) => cardsWords(group, out.stands_for)).join(" and ")}; `
    + `discard ${cardName(out.discard, WILD)}`;
  const penaltyWords = `meld ${penalty.groups.map((group) => cardsWords(group)).join(" and ")}; `
    + `left in hand ${cardsWords(penalty.unmelded)}: ${penalty.points} points`;
  return (
    <div class="rules-text">
      <p class="rules-lead">
        Three-Thirteen is a rummy game for 2 to 8 players. In each of its eleven rounds you try to
        make your whole hand into <To id="sets">sets</To> and <To id="runs">runs</To>; the cards you
        cannot meld cost points. The round's wild cards help. After the last round, the lowest total wins.
      </p>

      <Section id="deal" level={level}>
        <p>
          The first round deals 3 cards to each player, the second 4, and so on up to 13 cards in the
          eleventh. The number of cards also names the round's wild rank: threes are wild in the first
          round, fours in the second, up to kings in the last.
        </p>
        <table class="rules-rounds">
          <caption>Cards and wild rank, round by round</caption>
          <thead><tr><th scope="col">Round</th><th scope="col">Cards dealt</th><th scope="col">Wild</th></tr></thead>
          <tbody>
            {roundRows(11).map((row) => (
              <tr key={row.round}><th scope="row">{row.round}</th><td>{row.cards}</td><td>{row.wild}</td></tr>
            ))}
          </tbody>
        </table>
        <p>
          Some rules add a twelfth round of 14 cards in which no rank is wild, only jokers
          (see <To id={optionAnchor("rounds")}>Rounds</To>). With several players more than one pack is shuffled
          together, so two cards can be the very same card.
        </p>
        <p>
          After the deal one card is turned face up: it starts the discard pile, and the rest of the
          pack is the stock, face down. The player after the dealer plays first and play goes round
          the table; the deal moves on by one seat every round.
        </p>
      </Section>

      <Section id="turn" level={level}>
        <p>On your turn you do two things, in this order:</p>
        <ol>
          <li><strong>Draw</strong> one card: the top card of the stock (unseen), or the top card of
            the discard pile (the one everybody sees). Only the top card may be taken.</li>
          <li><strong>Discard</strong> one card face up onto the discard pile. It may be any card,
            even a wild one, even the card you just took.</li>
        </ol>
        <p>You always end your turn with as many cards as you were dealt.</p>
      </Section>

      <Section id="sets" level={level}>
        <p>
          A set is three or more cards of the same rank, in any suits. With several packs a set may
          hold the same card twice. Melds stay in your hand: nobody lays cards on the table until the
          round ends, and a card belongs to one meld only.
        </p>
        <div class="rules-examples">
          {SETS.map((example) => <MeldPicture key={example.id} example={example} />)}
        </div>
      </Section>

      <Section id="runs" level={level}>
        <p>
          A run is three or more cards of the same suit in order, such as 8, 9, 10, Jack of
          diamonds. No rank may appear twice in a run. An ace counts low: A-2-3 is a run but Q-K-A
          is not, unless the rules say otherwise (see <To id={optionAnchor("ace")}>Ace</To>:
          high, both ends, or wrapping round from King to 2).
        </p>
        <div class="rules-examples">
          {RUNS.map((example) => <MeldPicture key={example.id} example={example} />)}
        </div>
      </Section>

      <Section id="wilds" level={level}>
        <p>
          Every card of the round's wild rank is wild, in every suit, and so is every joker (when the
          rules add jokers). A wild card stands for any card you need: a third queen in a set, the
          missing 5 in a run of spades. The table marks wild cards with a WILD badge.
        </p>
        <p>
          A card of the wild rank may also simply be itself: in round 5, where sevens are wild, the
          7 of hearts can end a run 5, 6, 7 of hearts. By default a meld may even be made of wild
          cards only; some rules ask for at least one natural card, or allow only one wild card in
          each meld.
        </p>
      </Section>

      <Section id="going-out" level={level}>
        <p>
          When, after drawing, all your cards but one form melds, you may discard that one card and
          <strong> go out</strong>. At the table, choose the card and press Go out: the button is only
          enabled when that discard takes you out. You may go out on your first turn.
        </p>
        <div class="rules-examples">
          <Example id={out.id} caption={out.caption} alt={outWords} note={out.note}>
            {out.groups.map((group, index) => (
              <span class="rules-group" key={index}>
                <Cards cards={group} />
                <span class="rules-group-label">{index === 0 ? "set" : "run"}</span>
              </span>
            ))}
            <span class="rules-group rules-discard">
              <Cards cards={[out.discard]} />
              <span class="rules-group-label">discard</span>
            </span>
          </Example>
        </div>
      </Section>

      <Section id="last-turns" level={level}>
        <p>
          Once someone has gone out, every other player gets one last turn: draw and discard as usual.
          Then the round ends and every hand is shown. Only one player goes out in a round; if you
          meld your whole hand in your last turn, you simply score nothing for the round.
        </p>
        <p>
          If the stock runs out before anyone goes out, the round ends after the turn of the player
          who drew the last card (unless the rules shuffle the discard pile into a new stock once).
        </p>
      </Section>

      <Section id="scoring" level={level}>
        <p>
          At the end of a round the program lays every hand out in the melds that leave the fewest
          points: you never lose points because you arranged your cards badly. The cards that fit in
          no meld cost points, added to your total:
        </p>
        <table class="rules-points">
          <caption>What a card left in hand costs</caption>
          <thead><tr><th scope="col">Card</th><th scope="col">Points</th></tr></thead>
          <tbody>
            <tr><th scope="row">Ace</th><td>1 (15 when aces are not low)</td></tr>
            <tr><th scope="row">2 to 10</th><td>the number on the card</td></tr>
            <tr><th scope="row">Jack, Queen, King</th><td>10 each (or 11, 12, 13 under some rules)</td></tr>
            <tr><th scope="row">A card of the wild rank</th><td>its own value (some rules charge more, such as 15)</td></tr>
            <tr><th scope="row">Joker</th><td>20</td></tr>
          </tbody>
        </table>
        <p>The player who went out scores 0 for the round.</p>
        <div class="rules-examples">
          <Example id={penalty.id} caption={penalty.caption} alt={penaltyWords} note={penalty.note}>
            {penalty.groups.map((group, index) => (
              <span class="rules-group" key={index}>
                <Cards cards={group} />
                <span class="rules-group-label">set: 0</span>
              </span>
            ))}
            <span class="rules-group">
              <Cards cards={penalty.unmelded} />
              <span class="rules-group-label">left: {penalty.points} points</span>
            </span>
          </Example>
        </div>
      </Section>

      <Section id="winning" level={level}>
        <p>
          Scores add up from round to round. After the last round the player with the lowest total
          wins. Players who tie for the lowest total share the win (other rules: nobody wins, or the
          tied players play one more round of 13 cards with kings wild).
        </p>
      </Section>

      <Section id="variants" level={level}>
        <p>The lobby offers these presets; every option can also be changed one by one.</p>
        <dl class="rules-presets">
          {Object.entries(PRESET_WORDS).map(([name, words]) => (
            <div key={name}><dt>{PRESET_NAMES[name] ?? name}</dt><dd>{words}</dd></div>
          ))}
        </dl>
        <p>
          In <strong>speed</strong> every player has a discard pile of their own. A caller says
          "draw!" and everyone at once takes the top of the stock or of the pile of the player on
          their right; then "discard!" and everyone at once puts a card on their own pile. Several
          players may go out on the same call.
        </p>
      </Section>

      <Section id="options" level={level}>
        <p>What each option of the lobby's "Every rule option" does, and its usual value.</p>
        <dl class="rules-options">
          {OPTIONS.map((option) => {
            const words = OPTION_WORDS[option.name];
            return (
              <div key={option.name} class="rules-option">
                <dt id={optionAnchor(option.name)} tabIndex={-1}>{optionLabel(option.name)}</dt>
                <dd>
                  {words?.help} Usually: {valueWords(option.name, option.default)}.
                  {words && <> See <To id={words.section}>{SECTIONS.find((s) => s.id === words.section)?.title}</To>.</>}
                </dd>
              </div>
            );
          })}
        </dl>
      </Section>

      <Section id="keys" level={level}>
        <p>
          <strong>Melds first</strong>, among the sort buttons above your hand, lays the hand out in
          its best melds, each a group of its own, with the cards left over last and their points.
          <strong> Hint</strong> suggests what to draw or discard. Against the computer,
          <strong> Undo</strong> takes back your discard until the next player draws. Settings sets
          how fast the other players move, and turns the best-discard aid and sounds on or off.
        </p>
        <p>Every control is a button you can reach with Tab. These single keys also play (Settings
          can turn them off):</p>
        <dl class="rules-keys">
          <div><dt><kbd>s</kbd></dt><dd>draw from the stock</dd></div>
          <div><dt><kbd>p</kbd></dt><dd>take the top of the discard pile</dd></div>
          <div><dt><kbd>d</kbd></dt><dd>discard the chosen card</dd></div>
          <div><dt><kbd>o</kbd></dt><dd>go out with the chosen card</dd></div>
          <div><dt><kbd>h</kbd></dt><dd>a hint</dd></div>
          <div><dt><kbd>u</kbd></dt><dd>undo your last discard, while the game allows it</dd></div>
          <div><dt><kbd>?</kbd></dt><dd>these rules</dd></div>
        </dl>
      </Section>
    </div>
  );
}

/** Scroll to the address's section (`/rules#sets`) once the page is drawn. */
function useHashScroll(): void {
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: "start" });
  }, []);
}

/** `/rules`: the page. */
export function RulesPage() {
  useHashScroll();
  useEffect(() => {
    document.title = "How to play · Three-Thirteen";
    return () => { document.title = "Three-Thirteen"; };
  }, []);
  return (
    <div class="rules-page">
      <header class="rules-head">
        <h1>How to play Three-Thirteen</h1>
        <a class="button" href="/" onClick={(event) => { event.preventDefault(); navigate("/"); }}>Back to the lobby</a>
      </header>
      <nav class="rules-nav" aria-label="On this page">
        <ul>
          {SECTIONS.map((section) => <li key={section.id}><To id={section.id}>{section.title}</To></li>)}
        </ul>
      </nav>
      <main id="main" class="rules-main">
        <RulesText level={2} />
        <p><a class="button primary" href="/play?opponents=3&level=medium"
          onClick={(event) => { event.preventDefault(); navigate("/play?opponents=3&level=medium"); }}>Play a game</a></p>
      </main>
    </div>
  );
}

/** Any modal dialog but the rules'. */
const OTHER_DIALOG = "[aria-modal='true']:not([aria-labelledby='rules-dialog-title'])";

/** The rules over the page, while `rulesShown` says so; Escape or Close shuts it. A dialog
 * of the game (a round's results, Game over) that opens meanwhile takes its place: the
 * rules close and the focus goes to that dialog. */
export function RulesOverlay() {
  const section = rulesShown.value;
  const open = section !== null;
  useEffect(() => {
    if (!open) return undefined;
    const observer = new MutationObserver(() => {
      if (document.querySelector(OTHER_DIALOG) === null) return;
      rulesShown.value = null;
      // after the rules' dialog has given the focus back to where it was before it
      setTimeout(() => {
        const other = document.querySelector<HTMLElement>(OTHER_DIALOG);
        (other?.querySelector<HTMLElement>("[autofocus]") ?? other)?.focus({ preventScroll: true });
      }, 50);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [open]);
  useEffect(() => {
    const target = section ? document.getElementById(section) : null;
    target?.scrollIntoView({ block: "start" });
    target?.classList.add("flash"); // the paragraph asked for, marked
  }, [section]);
  if (section === null) return null;
  const close = () => { rulesShown.value = null; };
  return (
    <Dialog labelledBy="rules-dialog-title" onClose={close}>
      <div class="sheet rules-sheet">
        <div class="rules-sheet-head">
          <h2 id="rules-dialog-title">How to play</h2>
          <a href={section ? `/rules#${section}` : "/rules"} target="_blank" rel="noopener">Open in a new tab</a>
          <button type="button" class="small" onClick={close} autoFocus>Close</button>
        </div>
        <div class="sheet-body rules-sheet-body">
          {gameRules.value && <ThisGame rules={gameRules.value} />}
          <RulesText level={3} />
        </div>
      </div>
    </Dialog>
  );
}

/** The top bar's button: the rules over the table, the game going on beneath; `rules` are
 * the game's, which the dialog compares with the usual ones (the `?` key's too). */
export function RulesButton({ rules }: { rules: Rules }) {
  const signature = JSON.stringify(rules);
  useEffect(() => {
    gameRules.value = rules;
    return () => { gameRules.value = null; };
  }, [signature]);
  return (
    <button type="button" class="small rules-button" aria-haspopup="dialog" onClick={() => openRules()}>
      Rules
    </button>
  );
}
