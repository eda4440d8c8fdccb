import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A value serialized through a response schema exactly as fastify serializes a route's answer (the zod
 * type provider's serializer): checked, so a value the schema refuses throws (inside a keyed write,
 * before anything is stored, so the request fails with 500 internal_error); and shaped, members the
 * schema does not name are dropped. Keyed writes need the bytes themselves, to store and replay them.
 */
export function presenter<S extends z.ZodType, V>(schema: S, present: (value: V) => z.input<S>): (value: V) => string {
  const serialize = serializerCompiler({
    schema,
    method: 'POST',
    url: schema.description ?? 'keyed write',
    httpStatus: '2xx',
  });
  return (value) => serialize(present(value));
}
