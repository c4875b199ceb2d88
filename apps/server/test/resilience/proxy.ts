// A tiny load balancer for the two-node test: round robin over the upstreams, one request at a time
// each (no stickiness), websocket upgrades passed through as raw sockets. Like a real one it appends
// the client's address to X-Forwarded-For (the nodes run with TRUST_PROXY=true) and skips an
// upstream it cannot connect to (a dead node), trying the next, and passes it over for a few seconds;
// a request already sent to a node that dies is not retried (it may have been written): the client
// gets 502. It names the upstream that
// answered in `x-upstream` (its index), and keeps a record of every request and upgrade.
import http from 'node:http';
import net from 'node:net';

export interface Upstream {
  host: string;
  port: number;
}

export interface Routed {
  method: string;
  url: string;
  /** The index of the upstream that answered, or -1 when none did. */
  upstream: number;
  status: number;
  upgrade: boolean;
}

export interface Proxy {
  url: string;
  port: number;
  /** Every request and upgrade, in the order they were answered or passed through. */
  routed: Routed[];
  close: () => Promise<void>;
}

/** The header naming the upstream that answered. */
export const UPSTREAM_HEADER = 'x-upstream';

const DOWN_MS = 5_000;
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function forwardedFor(req: http.IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  return prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${peer}` : peer;
}

export async function startProxy(upstreams: Upstream[]): Promise<Proxy> {
  let next = 0;
  const routed: Routed[] = [];
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  /** An upstream that refused a connection is passed over for a while, as a load balancer's health check would. */
  const downUntil = upstreams.map(() => 0);
  const markDown = (index: number) => (downUntil[index] = Date.now() + DOWN_MS);
  /** The next upstream in turn, passing over those down and those already tried for this request. */
  const take = (tried: Set<number>): number | null => {
    const candidates = upstreams.map((_, i) => (next + i) % upstreams.length).filter((i) => !tried.has(i));
    const index = candidates.find((i) => downUntil[i]! <= Date.now()) ?? candidates[0];
    if (index === undefined) return null;
    next = (index + 1) % upstreams.length;
    tried.add(index);
    return index;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('error', () => res.destroy());
    req.once('end', () => forward(req, res, Buffer.concat(chunks)));
  });

  /** Sends a request, its body read whole (so it can go to another upstream if the first refuses). */
  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': forwardedFor(req), 'content-length': String(body.length) };
    for (const h of HOP_BY_HOP) delete headers[h];

    const tried = new Set<number>();
    const attempt = (): void => {
      const index = take(tried);
      if (index === null) {
        routed.push({ method: req.method ?? '', url: req.url ?? '', upstream: -1, status: 502, upgrade: false });
        res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
        return;
      }
      const upstream = upstreams[index]!;
      let connected = false;
      const out = http.request({ host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
        const resHeaders: http.OutgoingHttpHeaders = { ...answer.headers, [UPSTREAM_HEADER]: String(index) };
        for (const h of HOP_BY_HOP) delete resHeaders[h];
        res.writeHead(answer.statusCode ?? 502, resHeaders);
        answer.pipe(res);
        answer.once('end', () => routed.push({ method: req.method ?? '', url: req.url ?? '', upstream: index, status: answer.statusCode ?? 0, upgrade: false }));
        answer.once('error', () => res.destroy());
      });
      out.once('socket', (s) => s.once('connect', () => (connected = true)));
      out.once('error', () => {
        if (!connected) {
          markDown(index);
          return attempt();
        }
        routed.push({ method: req.method ?? '', url: req.url ?? '', upstream: -1, status: 502, upgrade: false });
        if (res.headersSent) res.destroy();
        else res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      });
      out.end(body);
    };
    attempt();
  }

  server.on('connection', track);
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const tried = new Set<number>();
    const attempt = (): void => {
      const index = take(tried);
      if (index === null) return void client.destroy();
      const upstream = upstreams[index]!;
      let connected = false;
      const conn = net.connect(upstream.port, upstream.host, () => {
        connected = true;
        track(conn);
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        const raw = req.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() !== 'x-forwarded-for') lines.push(`${raw[i]}: ${raw[i + 1]}`);
        lines.push(`X-Forwarded-For: ${forwardedFor(req)}`);
        conn.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) conn.write(head);
        routed.push({ method: req.method ?? '', url: req.url ?? '', upstream: index, status: 101, upgrade: true });
        conn.pipe(client);
        client.pipe(conn);
        conn.once('close', () => client.destroy());
        client.once('close', () => conn.destroy());
      });
      conn.once('error', () => {
        if (!connected) {
          markDown(index);
          return attempt();
        }
        client.destroy();
      });
    };
    client.on('error', () => client.destroy());
    attempt();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
