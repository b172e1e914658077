/**
 * A listener that accepts connections and never answers: what a hung dependency or a
 * network black hole looks like to a client, as opposed to a refused connection.
 */
import net from 'node:net';

export interface BlackHole {
  /** Connections accepted so far (each an attempt that got no answer). */
  connections(): number;
  close(): Promise<void>;
}

export async function openBlackHole(port: number): Promise<BlackHole> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
