import { render } from 'preact';
import { Create } from './create.tsx';
import { End } from './end.tsx';
import { Game } from './game.tsx';
import { Home } from './home.tsx';
import { Invite, Magic } from './invite.tsx';
import { RecordSheetPage } from './record-sheet.tsx';
import { Link, useLocation } from './router.tsx';
import './style.css';

/** Routes: / · /new · /g/:id?as=SEAT · /g/:id/end · /g/:id/record · /invite/:token · /magic/:token. */
function App() {
  const url = useLocation();
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, arg] = parts;
  if (parts.length === 0) return <Home />;
  if (head === 'new' && parts.length === 1) return <Create />;
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
