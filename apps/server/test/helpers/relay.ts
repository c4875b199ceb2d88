// A TCP relay to the test database that a test cuts (every connection dropped, new ones refused)
// and restores: a database that goes away and comes back, without touching the shared server.
import net from 'node:net';

/** A relay to `target`, on `fixedPort` or a free one; it listens only once `listen()` is called. */
export function relay(target: URL, fixedPort = 0) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = fixedPort;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', drop);
          s.on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as net.AddressInfo).port;
        server = srv;
        resolve();
      });
    });
  return {
    listen,
    url() {
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      return url.toString();
    },
    async cut() {
      const srv = server!;
      server = null;
      const closed = new Promise<void>((resolve) => srv.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
