// An answer sent before the request's body has arrived (401, 413, 415 before reading an upload; a refused form) must
// not promise a kept-alive connection: the server stops reading such a body and drops the socket, and a client that
// reused the connection would see its next request fail. Loaded by server.ts with Node's own TypeScript support:
// node built-ins only.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long, and how much, the rest of an unread body is still read and thrown away after the answer. */
const LINGER_MS = 2_000;
const LINGER_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Wraps a request listener: when the answer's headers go out while the body is still arriving, they say
 * `Connection: close`, and the socket keeps reading (and discarding) the rest of the body for a moment before it
 * closes, so the client reads the answer instead of a reset. A body that has fully arrived is discarded by Node
 * as usual and the connection stays open.
 */
export function closeConnectionOnEarlyAnswer(listener: RequestListener): RequestListener {
  return (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") watchHeaders(request, response);
    listener(request, response);
  };
}

function watchHeaders(request: IncomingMessage, response: ServerResponse) {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadClosingEarly(this: ServerResponse, ...args: unknown[]) {
    if (!request.complete && !this.headersSent) {
      this.shouldKeepAlive = false;
      lingerBeforeClosing(request.socket);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof response.writeHead;
}

/**
 * Node closes a `Connection: close` socket with destroySoon() once the answer is written; unread bytes in the
 * socket then turn the close into a reset, which can reach the client before it has read the answer. Instead the
 * socket half-closes and reads on until the client is done sending, or the linger runs out.
 */
function lingerBeforeClosing(socket: Socket) {
  socket.destroySoon = function lingeringClose(this: Socket) {
    let discarded = 0;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_MAX_BYTES) this.destroy();
    });
    this.once("end", () => this.destroy());
    this.once("close", () => clearTimeout(timer));
    this.end();
    this.resume();
  };
}
