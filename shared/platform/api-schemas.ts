/** zod schemas shared by several routes’ contracts. */
import * as z from 'zod';

/** `{id}` path parameter; ids that cannot be ours are passed on and answered 404 by the service. */
export const idPath = z.strictObject({ id: z.string() });

/** What a DELETE answers. */
export const deleted = z.strictObject({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'Deleted' });
