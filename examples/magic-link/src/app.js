/**
 * A password-less sign-in: `POST /login {email}` sends a one-time link through Postbox, `GET /verify?token=`
 * signs the user in, and `POST /webhooks/postbox` (Postbox's signed webhooks) marks an address that
 * bounced as undeliverable, so the next sign-in says so instead of sending again. No framework: Node's
 * http module and the Postbox SDK; state in memory (a real app keeps it in its database).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { verifyWebhook } from '@postbox/sdk';

const TOKEN_TTL_MS = 15 * 60 * 1000;

/**
 * @param {{ postbox: import('@postbox/sdk').Postbox, from: string, webhookSecret?: string }} options
 */
export function createApp(options) {
  const tokens = new Map(); // token → { email, expires }
  const undeliverable = new Set();
  let baseUrl = '';
  let webhookSecret = options.webhookSecret;

  const json = (response, status, body, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const readBody = async (request) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  };

  async function login(request, response) {
    let email;
    try {
      email = String(JSON.parse(await readBody(request)).email ?? '')
        .trim()
        .toLowerCase();
    } catch {
      return json(response, 400, { error: 'invalid JSON' });
    }
    if (!email.includes('@')) return json(response, 400, { error: 'email is required' });
    if (undeliverable.has(email)) return json(response, 422, { error: 'this address cannot receive email' });
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { email, expires: Date.now() + TOKEN_TTL_MS });
    const link = `${baseUrl}/verify?token=${token}`;
    // The SDK retries a 429 after Retry-After and a failed send with the same Idempotency-Key: sent once.
    await options.postbox.emails.send({
      from: { email: options.from, name: 'Example app' },
      to: [{ email }],
      subject: 'Your sign-in link',
      html: `<p>Hello,</p><p><a href="${link}">Sign in</a> (valid for 15 minutes).</p>`,
      text: `Sign in: ${link}`,
      tags: { flow: 'magic-link' },
    });
    return json(response, 202, { sent: true });
  }

  function verify(url, response) {
    const entry = tokens.get(url.searchParams.get('token') ?? '');
    if (!entry || entry.expires < Date.now()) return json(response, 401, { error: 'invalid or expired link' });
    tokens.delete(url.searchParams.get('token'));
    const session = randomBytes(24).toString('base64url');
    return json(response, 200, { signed_in: entry.email }, { 'set-cookie': `session=${session}; HttpOnly; Path=/` });
  }

  async function webhook(request, response) {
    const body = await readBody(request);
    let event;
    try {
      event = await verifyWebhook(body, request.headers, webhookSecret ?? '');
    } catch {
      return json(response, 401, { error: 'invalid signature' });
    }
    if (event.type === 'email.bounced' && typeof event.data.recipient === 'string') {
      undeliverable.add(event.data.recipient.toLowerCase());
    }
    response.writeHead(204).end();
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', baseUrl || 'http://localhost');
    const route = `${request.method} ${url.pathname}`;
    const handled =
      route === 'POST /login'
        ? login(request, response)
        : route === 'GET /verify'
          ? verify(url, response)
          : route === 'POST /webhooks/postbox'
            ? webhook(request, response)
            : route === 'GET /status'
              ? json(response, 200, { undeliverable: undeliverable.has(url.searchParams.get('email') ?? '') })
              : json(response, 404, { error: 'not found' });
    Promise.resolve(handled).catch((error) => {
      console.error(error);
      if (!response.headersSent) json(response, 502, { error: 'could not send the sign-in email' });
    });
  });

  return {
    /** Listens on 127.0.0.1 (port 0: a free one); resolves with the app's base URL. */
    listen: (port = 0) =>
      new Promise((resolve) =>
        server.listen(port, '127.0.0.1', () => {
          baseUrl = `http://127.0.0.1:${server.address().port}`;
          resolve(baseUrl);
        }),
      ),
    /** The signing secret of the app's webhook endpoint at Postbox. */
    setWebhookSecret: (secret) => {
      webhookSecret = secret;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
