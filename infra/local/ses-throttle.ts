/**
 * SES's send rate, for the local SES emulator (which has none): a loopback proxy in front of it that
 * counts SendEmail calls per second and answers those above `maxPerSecond` as SES v2 does, with 429
 * TooManyRequestsException ("Maximum sending rate exceeded"), passing every other request through.
 * Started only when asked (the SES pacing benchmark); it counts calls and throttled calls.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SesThrottle {
  endpoint: string;
  stats(): { sendCalls: number; throttled: number; maxSendsInASecond: number };
  stop(): Promise<void>;
}

const isSendEmail = (request: IncomingMessage) =>
  request.method === 'POST' && (request.url ?? '').startsWith('/v2/email/outbound-emails');

export async function startSesThrottle(options: { target: string; maxPerSecond: number }): Promise<SesThrottle> {
  const target = new URL(options.target);
  const perSecond = new Map<number, number>();
  let sendCalls = 0;
  let throttled = 0;
  let maxSendsInASecond = 0;
  const server = createServer((request, response) => {
    if (isSendEmail(request)) {
      sendCalls += 1;
      const second = Math.floor(Date.now() / 1000);
      const count = (perSecond.get(second) ?? 0) + 1;
      perSecond.set(second, count);
      perSecond.delete(second - 5);
      if (count > options.maxPerSecond) {
        throttled += 1;
        request.resume();
        response.writeHead(429, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'TooManyRequestsException',
        });
        response.end(JSON.stringify({ message: 'Maximum sending rate exceeded.' }));
        return;
      }
      maxSendsInASecond = Math.max(maxSendsInASecond, count);
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stats: () => ({ sendCalls, throttled, maxSendsInASecond }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
