/**
 * Secrets of the deployment itself, kept in the table (one item per name):
 *   PK=SECRET#<name>  SK=SECRET   `secret` (base64), `created_at`
 * Created on first use with a conditional put, so two functions starting at once both end up
 * with the one stored value. Never listed, never returned by any API.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalWrite } from '#dynamo/writes.ts';

async function readSecret(name: string): Promise<Buffer | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.serverSecret(name), ConsistentRead: true }),
  );
  return typeof Item?.secret === 'string' ? Buffer.from(Item.secret, 'base64') : undefined;
}

/**
 * The stored secret `name`; when there is none yet, `candidate` is stored (only if still absent)
 * and returned. Whoever loses the race to create it reads and returns the winner's.
 */
export async function getOrCreateServerSecret(name: string, candidate: Buffer): Promise<Buffer> {
  const stored = await readSecret(name);
  if (stored) return stored;
  const created = await conditionalWrite(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.serverSecret(name),
        type: 'server_secret',
        secret: candidate.toString('base64'),
        created_at: new Date().toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  if (created) return candidate;
  const winner = await readSecret(name);
  if (!winner) throw new Error(`server secret ${name}: created by another writer but not readable`);
  return winner;
}

const cached = new Map<string, Promise<Buffer>>();

/**
 * The secret `name` (32 random bytes on first use), read once per module instance and kept; a failed
 * read is tried again on the next call.
 */
export function serverSecret(name: string): Promise<Buffer> {
  let secret = cached.get(name);
  if (!secret) {
    secret = getOrCreateServerSecret(name, randomBytes(32)).catch((error: unknown) => {
      cached.delete(name);
      throw error;
    });
    cached.set(name, secret);
  }
  return secret;
}
