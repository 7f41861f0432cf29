/**
 * The operator's command line (`npm run admin -- <command>`; `--help` lists every command): organizations,
 * API keys, limits, the sending guard, dashboard members, webhooks, through the same services as the API.
 * It works on TABLE_NAME's table (AWS credentials from the usual chain), else on the running `npm start`
 * stack's. Commands, options and where a password comes from: docs/operating.md, "The admin CLI".
 */
import { parseArgs } from 'node:util';
import type { ApiKeyPermission } from '#core/api-key-permission.ts';
import { repositoryRoot } from './local/cloud.ts';
import { readLocalState } from './local/state.ts';

const USAGE = `usage: npm run admin -- <command> [options]
  create-org      --name <name> [--id <org id>]
  create-key      --org <org id> --name <name> --env live|test
                  [--permission full_access|sending_access] [--domain <domain id>]…
                  (a sending key may only send, batch and upload attachments; each --domain limits
                   it to that domain of the organization and its subdomains)
  list-keys       --org <org id>
  revoke-key      --org <org id> --key <key id>
  set-rate-limit  --org <org id> --per-second <n>
  set-sending-limit --org <org id> --env live|test [--daily <recipients>] [--monthly <recipients>]
                  (recipients per UTC day / calendar month; test has no monthly limit;
                   defaults: live 50000/day and 1000000/month, test 1000/day)
  create-member   --org <org id> --email <email> [--password <password>]
  reset-password  --email <email> [--password <password>]
                  (the password, 12 to 256 characters, comes from --password, else the
                   POSTBOX_PASSWORD variable, else the first line of standard input)
  webhook-listen  --org <org id> [--port <n>]   (adds an endpoint to the organization pointing at
                  http://127.0.0.1:<port>/webhooks, prints each event it receives, verified, and
                  deletes the endpoint on Ctrl-C; default port 4400)
                  --secret <whsec_…> [--port <n>] (only listens, verifying with an endpoint's secret)
  resume-sending  --org <org id> [--env live|test]   (ends a pause of the sending guard; both
                  environments without --env; the guard then judges only what is sent from now on)
  set-sending-guard --org <org id> [--env live|test] [--on|--off] [--bounce-rate <fraction>]
                  [--complaint-rate <fraction>] [--min-volume <recipients>]   (both environments
                  without --env; the guard is on for live and off for test by default; thresholds
                  default to 0.04, 0.0008, 100; switching it on or off starts its window afresh,
                  and switching it off ends a pause)
  top-senders     [--by bounce_rate|complaint_rate|bounced|complained|sent] [--env live|test] [--limit <n>]
                  (the organizations of the last 24 hours, highest first; defaults bounce_rate, live, 10)`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    id: { type: 'string' },
    org: { type: 'string' },
    key: { type: 'string' },
    env: { type: 'string' },
    permission: { type: 'string' },
    domain: { type: 'string', multiple: true },
    'per-second': { type: 'string' },
    'bounce-rate': { type: 'string' },
    'complaint-rate': { type: 'string' },
    'min-volume': { type: 'string' },
    on: { type: 'boolean' },
    off: { type: 'boolean' },
    by: { type: 'string' },
    limit: { type: 'string' },
    daily: { type: 'string' },
    monthly: { type: 'string' },
    organization: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    port: { type: 'string' },
    secret: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const command = positionals[0];
if (!command || values.help) fail(USAGE);

function option(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') fail(`${command} needs --${name}\n\n${USAGE}`);
  return value;
}

if (!process.env.TABLE_NAME) {
  const local = readLocalState(repositoryRoot);
  if (!local) fail('Set TABLE_NAME (the stack output) or start the local stack with `npm start` first.');
  Object.assign(process.env, local.env);
  process.stderr.write(`(using the local stack at ${local.apiUrl})\n`);
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Imported after the environment is settled: configuration is read at import time.
const accounts = await import('#accounts/accounts.service.ts');
const { ApiError } = await import('#core/errors.ts');

const members = await import('#accounts/members.service.ts');

/** The environments a sending-guard command acts on: --env's, or both. */
function guardEnvironments(): Array<'live' | 'test'> {
  if (values.env === undefined) return ['live', 'test'];
  if (values.env !== 'live' && values.env !== 'test') fail('--env must be live or test');
  return [values.env];
}

/** A member's password: --password, else POSTBOX_PASSWORD, else the first line of stdin. */
async function memberPassword(): Promise<string> {
  if (typeof values.password === 'string') return values.password;
  if (process.env.POSTBOX_PASSWORD) return process.env.POSTBOX_PASSWORD;
  if (process.stdin.isTTY) fail(`${command} needs --password, POSTBOX_PASSWORD or the password on standard input`);
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const line = input.split(/\r?\n/)[0] ?? '';
  if (line === '') fail(`${command} needs --password, POSTBOX_PASSWORD or the password on standard input`);
  return line;
}

/** `webhook-listen`: a verified receiver on 127.0.0.1 until Ctrl-C (see infra/webhook-listener.ts). */
async function webhookListen(): Promise<void> {
  const { startWebhookListener } = await import('./webhook-listener.ts');
  const port = values.port === undefined ? 4400 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) fail('--port must be a port number');
  const line = (text: string) => process.stdout.write(`${text}\n`);
  const webhooks = await import('#webhooks/webhooks.service.ts');
  let added: { organizationId: string; id: string } | undefined;
  // With --org the endpoint is added once the listener knows its URL; its secret is set before any
  // delivery can arrive (none is made before the endpoint exists).
  let secret = values.secret ?? '';
  const listener = await startWebhookListener({ port, secret: () => secret, print: line });
  if (!values.secret) {
    const organizationId = option('org');
    const endpoint = await webhooks.createWebhook(organizationId, {
      url: listener.url,
      description: 'npm run admin -- webhook-listen',
    });
    secret = endpoint.secret;
    added = { organizationId, id: endpoint.id };
  }
  line(
    `Listening on ${listener.url}${added ? ` (endpoint ${added.id} of ${added.organizationId})` : ''}; Ctrl-C to stop.`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await listener.close();
  if (added) {
    await webhooks.removeWebhook(added.organizationId, added.id);
    line(`Removed endpoint ${added.id}.`);
  }
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

try {
  switch (command) {
    case 'create-org':
      print(await accounts.createOrganization({ name: option('name'), ...(values.id ? { id: values.id } : {}) }));
      break;
    case 'create-key': {
      const environment = option('env');
      if (environment !== 'live' && environment !== 'test') fail('--env must be live or test');
      const { apiKey, secret } = await accounts.createApiKey({
        organizationId: option('org'),
        name: option('name'),
        environment,
        ...(values.permission ? { permission: values.permission as ApiKeyPermission } : {}),
        ...(values.domain ? { domainIds: values.domain } : {}),
      });
      print({ ...apiKey, key: secret });
      process.stderr.write('Store the key now: it is shown only once.\n');
      break;
    }
    case 'list-keys':
      print(await accounts.listApiKeys(option('org')));
      break;
    case 'revoke-key':
      print(await accounts.revokeApiKey(option('org'), option('key')));
      break;
    case 'set-rate-limit':
      await accounts.setOrganizationRateLimit(option('org'), Number(option('per-second')));
      print({ organization: option('org'), rate_limit_per_second: Number(option('per-second')) });
      break;
    case 'resume-sending': {
      const guard = await import('#deliverability/sending-guard.service.ts');
      const environments = guardEnvironments();
      for (const environment of environments) {
        if (!(await guard.resumeSending(option('org'), environment))) fail(`No organization ${option('org')}`);
      }
      print({ organization: option('org'), resumed: environments });
      break;
    }
    case 'set-sending-guard': {
      const guard = await import('#deliverability/sending-guard.service.ts');
      const fraction = (name: 'bounce-rate' | 'complaint-rate') => {
        const value = values[name];
        if (value === undefined) return undefined;
        const parsed = Number(value);
        if (value.trim() === '' || !(parsed > 0 && parsed <= 1))
          fail(`--${name} must be a fraction above 0 and at most 1 (0.04 = 4%)`);
        return parsed;
      };
      const bounceRate = fraction('bounce-rate');
      const complaintRate = fraction('complaint-rate');
      const minVolume = values['min-volume'] === undefined ? undefined : Number(values['min-volume']);
      if (minVolume !== undefined && !(Number.isInteger(minVolume) && minVolume >= 1)) {
        fail('--min-volume must be a whole number of recipients, 1 or more');
      }
      if (values.on && values.off) fail('--on and --off: choose one');
      const settings = {
        ...(bounceRate !== undefined ? { bounce_rate: bounceRate } : {}),
        ...(complaintRate !== undefined ? { complaint_rate: complaintRate } : {}),
        ...(minVolume !== undefined ? { min_volume: minVolume } : {}),
        ...(values.on || values.off ? { enabled: Boolean(values.on) } : {}),
      };
      const sendingGuard: Record<string, unknown> = {};
      for (const environment of guardEnvironments()) {
        const guardNow = await guard.setSendingGuard(option('org'), environment, settings);
        if (!guardNow) fail(`No organization ${option('org')}`);
        sendingGuard[environment] = guardNow;
      }
      print({ organization: option('org'), sending_guard: sendingGuard });
      break;
    }
    case 'top-senders': {
      const { topSenders, TOP_SENDER_ORDERS } = await import('#deliverability/top-senders.service.ts');
      const by = (values.by ?? 'bounce_rate') as (typeof TOP_SENDER_ORDERS)[number];
      if (!TOP_SENDER_ORDERS.includes(by)) fail(`--by must be one of ${TOP_SENDER_ORDERS.join(', ')}`);
      const environment = values.env ?? 'live';
      if (environment !== 'live' && environment !== 'test') fail('--env must be live or test');
      const limit = values.limit === undefined ? 10 : Number(values.limit);
      if (!(Number.isInteger(limit) && limit >= 1)) fail('--limit must be a whole number, 1 or more');
      print(await topSenders(environment, by, limit));
      break;
    }
    case 'set-sending-limit': {
      const environment = option('env');
      if (environment !== 'live' && environment !== 'test') fail('--env must be live or test');
      const count = (value: string | undefined) =>
        value === undefined ? undefined : value.trim() === '' ? Number.NaN : Number(value);
      print({
        organization: option('org'),
        ...(await accounts.setSendingLimits(option('org'), {
          environment,
          daily: count(values.daily),
          monthly: count(values.monthly),
        })),
      });
      break;
    }
    case 'create-member': {
      const organizationId = values.org ?? values.organization;
      if (!organizationId) fail(`create-member needs --org\n\n${USAGE}`);
      print(await members.createMember(organizationId, option('email'), await memberPassword()));
      break;
    }
    case 'webhook-listen':
      await webhookListen();
      break;
    case 'reset-password':
      print(await members.resetMemberPassword(option('email'), await memberPassword()));
      break;
    default:
      fail(`unknown command ${command}\n\n${USAGE}`);
  }
} catch (error) {
  if (error instanceof ApiError) fail(`${error.code}: ${error.message}`);
  throw error;
}
