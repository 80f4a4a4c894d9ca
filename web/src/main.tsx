import { render } from 'preact';
import { Create } from './create.tsx';
import { End } from './end.tsx';
import { Game } from './game.tsx';
import { History } from './history.tsx';
import { Home } from './home.tsx';
import { Invite, Magic } from './invite.tsx';
import { Odds } from './odds.tsx';
import { RecordSheetPage } from './record-sheet.tsx';
import { Replay } from './replay.tsx';
import { Link, useLocation } from './router.tsx';
import { Settings } from './settings.tsx';
import './style.css';

/** Routes: / · /new · /settings · /odds?p=PROCEDURE · /g/:id?as=SEAT · /g/:id/replay?as=SEAT&step=N · /g/:id/history?as=SEAT&turn=&zone=&kind= · /g/:id/end · /g/:id/record · /invite/:token · /magic/:token. */
function App() {
  const url = useLocation();
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, arg] = parts;
  if (parts.length === 0) return <Home />;
  if (head === 'new' && parts.length === 1) return <Create />;
  if (head === 'odds' && parts.length === 1) return <Odds />;
  if (head === 'settings' && parts.length === 1) return <Settings />;
  const q = (k: string) => url.searchParams.get(k) ?? '';
  if (head === 'g' && arg && parts[2] === 'replay' && parts.length === 3) return <Replay key={arg} id={arg} as={url.searchParams.get('as')} step={/^\d+$/.test(q('step')) ? Number(q('step')) : 0} />;
  if (head === 'g' && arg && parts[2] === 'history' && parts.length === 3) return <History key={arg} id={arg} as={url.searchParams.get('as')} filters={{ turn: q('turn'), zone: q('zone'), kind: q('kind') }} />;
  if (head === 'g' && arg && parts[2] === 'end' && parts.length === 3) return <End key={arg} id={arg} />;
  if (head === 'g' && arg && parts[2] === 'record' && parts.length === 3) return <RecordSheetPage key={arg} id={arg} />;
  if (head === 'g' && arg && parts.length === 2) return <Game key={arg} id={arg} as={url.searchParams.get('as')} />;
  if (head === 'invite' && arg) return <Invite token={arg} />;
  if (head === 'magic' && arg) return <Magic token={arg} />;
  return (
    <main>
      <h1>No such page</h1>
      <p>
        <Link href="/">Go to your campaigns</Link>
      </p>
    </main>
  );
}

render(<App />, document.getElementById('app')!);
