import { z } from 'zod';

/**
 * The body of a route that takes none: none, or `{}`; a field in it is refused (400 validation_failed) rather
 * than ignored, since it says the client meant something the route does not do.
 */
export const NoBody = z.object({}).strict().nullish();
