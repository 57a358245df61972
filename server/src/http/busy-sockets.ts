import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * CONNECTION_TIMEOUT_MS is an inactivity timeout on the socket, and Node destroys a socket that has been
 * silent that long, whoever is silent. A request still being worked on (queued behind others when the
 * server is busy) is silence on the server's side: destroying its socket loses an answer the server is about
 * to give, and the visitor sees a dropped connection instead. The timeout is for clients that stall (an
 * answer they do not read, an idle connection); a socket whose request has no answer started yet is left to
 * finish, and its timer starts again with the first byte of the answer. Slow requests are bounded by
 * REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS on the way in, as before.
 */
export function keepSocketsAwaitingAnswers(app: FastifyInstance): void {
  // With a 'timeout' listener on the server, Node leaves the socket to it. Node itself tracks the answer
  // in progress on a socket (`_httpMessage`, set while a response owns the socket, cleared when it is
  // done; Node's own timeout handler reads it too), so no per-request bookkeeping is needed.
  app.server.on('timeout', (socket: Socket) => {
    const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (res && !res.headersSent && !res.writableEnded && !socket.destroyed) return;
    socket.destroy();
  });
}
