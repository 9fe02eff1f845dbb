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
  let mode: ProxyMode = 'up';

  const server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined).on('close', () => sockets.delete(client));
    if (mode === 'down') return client.destroy();
    if (mode === 'stalled') return;
    const upstream = connect(Number(port), hostname);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy()).on('close', () => (sockets.delete(upstream), client.destroy()));
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    set(next: ProxyMode) {
      mode = next;
      if (next !== 'up') for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
