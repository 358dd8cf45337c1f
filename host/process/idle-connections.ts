// Idle keep-alive connections are kept long (server.ts: 65 s, longer than the pools of proxies and browsers), which
// lets a crowd of them, or one client opening many, hold the process's sockets and file descriptors. As nginx does,
// they are reclaimed first when connections run high: above the limit, every connection that is between requests
// is closed, while requests in flight finish. Loaded by server.ts with Node's own TypeScript support: node built-ins
// only.
import type { Server } from "node:http";

/** Open connections per worker above which idle keep-alive connections are closed. */
const IDLE_RECLAIM_ABOVE = 1_000;
/** Closing the idle ones walks every connection, so it runs at most this often. */
const RECLAIM_EVERY_MS = 250;

/** Answers a function that stops watching. */
export function reclaimIdleConnectionsWhenCrowded(server: Server, limit = IDLE_RECLAIM_ABOVE): () => void {
  let open = 0;
  let lastReclaim = 0;
  const onConnection = (socket: NodeJS.EventEmitter) => {
    open += 1;
    socket.once("close", () => (open -= 1));
    const now = Date.now();
    if (open > limit && now - lastReclaim >= RECLAIM_EVERY_MS) {
      lastReclaim = now;
      server.closeIdleConnections();
    }
  };
  server.on("connection", onConnection);
  return () => server.off("connection", onConnection);
}
