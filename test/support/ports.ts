import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 now (the system picks it), for a server or a cluster a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
