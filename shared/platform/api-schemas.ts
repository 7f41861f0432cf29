/** zod schemas shared by several routes’ contracts. */
import * as z from 'zod';

/** `{id}` path parameter; ids that cannot be ours are passed on and answered 404 by the service. */
export const idPath = z.strictObject({ id: z.string() });

/** A moment as responses show it: ISO 8601 in UTC, to the millisecond. */
export const timestamp = z.string().meta({ format: 'date-time', example: '2026-11-24T10:15:30.123Z' });

/** What a DELETE answers. */
export const deleted = z.strictObject({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'Deleted' });
