/** zod schemas of the HTTP layer shared by several routes. */
import * as z from 'zod';

/** `{id}` path parameter; ids that cannot be ours are passed on and answered 404 by the service. */
export const idPath = z.strictObject({ id: z.string() });
