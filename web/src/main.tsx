import { render } from 'preact';
import { Create } from './create.tsx';
import { Game } from './game.tsx';
import { Home } from './home.tsx';
import { Invite, Magic } from './invite.tsx';
import { Odds } from './odds.tsx';
import { Link, useLocation } from './router.tsx';
import { Settings } from './settings.tsx';
import './style.css';

/** Routes: / · /new · /settings · /g/:id?as=SEAT · /invite/:token · /magic/:token · /odds?p=PROCEDURE. */
function App() {
  const url = useLocation();
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, arg] = parts;
  if (parts.length === 0) return <Home />;
  if (head === 'new' && parts.length === 1) return <Create />;
  if (head === 'odds' && parts.length === 1) return <Odds />;
  if (head === 'settings' && parts.length === 1) return <Settings />;
  if (head === 'g' && arg) return <Game key={arg} id={arg} as={url.searchParams.get('as')} />;
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
