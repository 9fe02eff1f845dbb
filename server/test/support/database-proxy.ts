import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export type ProxyMode = 'up' | 'down' | 'stalled';

/**
 * A TCP relay between the app and the test PostgreSQL, so a test can take the database away without
 * stopping the server other test files share: `down` drops every connection and hangs up on new ones (a crash
 * or a restart), `stalled` drops them and leaves new ones unanswered (a network partition), `up` relays again.
 */
export async function startDatabaseProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  /** Each relayed connection: the app's end and the database's. */
  const pairs = new Set<[Socket, Socket]>();
  let mode: ProxyMode = 'up';

  const server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined).on('close', () => sockets.delete(client));
    if (mode === 'down') return client.destroy();
    if (mode === 'stalled') return;
    const upstream = connect(Number(port), hostname);
    const pair: [Socket, Socket] = [client, upstream];
    sockets.add(upstream);
    pairs.add(pair);
    upstream.on('error', () => client.destroy()).on('close', () => (sockets.delete(upstream), pairs.delete(pair), client.destroy()));
    client.on('close', () => (pairs.delete(pair), upstream.destroy()));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    set(next: ProxyMode) {
      mode = next;
      if (next !== 'up') for (const socket of sockets) socket.destroy();
    },
    /**
     * A silent cut (a firewall or NAT dropping idle connections): every open connection hears nothing more and says
     * nothing more, without being closed, until `thaw` ends them; new connections are relayed as before.
     */
    freeze() {
      const frozen = [...pairs];
      for (const [client, upstream] of frozen) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      return { thaw: () => frozen.forEach((pair) => pair.forEach((socket) => socket.destroy())) };
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
