import { render } from 'preact';
render(<p>Wardroom</p>, document.getElementById('app')!);
