/**
 * Fails one write of the AWS clients in this process, chosen by its position: the k-th write call
 * (DynamoDB PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems; SQS SendMessage,
 * SendMessageBatch) after `arm(k)` throws InjectedFault instead of reaching the emulator. Every
 * other call goes through. Reads are never failed. The writes seen since `arm` are listed, so a
 * test first counts the writes of an operation that works, then fails each one in turn.
 */
import type { MiddlewareStack } from '@smithy/types';

const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
  'SendMessageCommand',
  'SendMessageBatchCommand',
]);

export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

// biome-ignore lint/suspicious/noExplicitAny: any client's stack (DynamoDB, SQS) takes this middleware.
type AnyStack = MiddlewareStack<any, any>;

export function writeFaults(clients: ReadonlyArray<{ middlewareStack: AnyStack }>) {
  let failAt: number | undefined;
  const seen: string[] = [];
  for (const client of clients) {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const command = context.commandName ?? '';
        if (WRITE_COMMANDS.has(command)) {
          seen.push(command);
          if (seen.length === failAt) throw new InjectedFault(`injected: write ${failAt} (${command}) failed`);
        }
        return next(args);
      },
      { step: 'initialize', name: 'injectWriteFault', priority: 'high' },
    );
  }
  return {
    /** Fails the `position`-th write from now (1-based); undefined fails none. */
    arm(position?: number) {
      failAt = position;
      seen.length = 0;
    },
    /** The writes seen since `arm`, in order. */
    writes: (): string[] => [...seen],
  };
}
