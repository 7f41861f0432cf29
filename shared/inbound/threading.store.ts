/**
 * Which sent emails a received message answers: the SES message ids its In-Reply-To and References name
 * (`<id@email.amazonses.com>`, `<id@<region>.amazonses.com>`: the Message-ID SES gave each email, see
 * shared/emails/internet-message-id.ts), looked up in the sent-email index (GSI5), newest reference first.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';
import { emailOfCollectionKey, keys } from '#dynamo/keys.ts';
import type { ParsedMessage } from '#inbound/parse-message.ts';

/** References looked up at most (the In-Reply-To first, then References from the last). */
export const MAX_THREAD_LOOKUPS = 5;
const SES_MESSAGE_ID = /^<?([^<>@\s]{1,200})@(?:email|[a-z]{2}(?:-[a-z]+)+-\d)\.amazonses\.com>?$/i;

/** The SES message ids the message names, most likely parent first. */
export function sesMessageIdsNamed(message: Pick<ParsedMessage, 'inReplyTo' | 'references'>): string[] {
  const named = [message.inReplyTo ?? '', ...[...message.references].reverse()];
  const ids = named.flatMap((value) => SES_MESSAGE_ID.exec(value.trim())?.[1] ?? []);
  return [...new Set(ids)].slice(0, MAX_THREAD_LOOKUPS);
}

/** Organization → the id of its sent email the message answers (the most likely parent per organization). */
export async function repliedEmails(
  message: Pick<ParsedMessage, 'inReplyTo' | 'references'>,
): Promise<Map<string, string>> {
  const replied = new Map<string, string>();
  for (const sesMessageId of sesMessageIdsNamed(message)) {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: keys.emailsBySesMessageIdIndex,
        KeyConditionExpression: 'GSI5PK = :id',
        ExpressionAttributeValues: { ':id': keys.emailsBySesMessageId(sesMessageId).GSI5PK },
        Limit: 10,
      }),
    );
    for (const item of Items ?? []) {
      const email = emailOfCollectionKey(String(item.PK));
      if (email && !replied.has(email.organizationId)) replied.set(email.organizationId, email.emailId);
    }
  }
  return replied;
}
