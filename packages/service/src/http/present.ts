import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorOf, type Result } from '../errors/index.js';

/**
 * A value serialized through a response schema exactly as fastify serializes a route's answer (the zod
 * type provider's serializer): checked, so a value the schema refuses throws and the request fails with
 * 500 internal_error (inside a keyed write, before anything is stored); and shaped, members the schema
 * does not name are dropped. Keyed writes need the bytes themselves, to store and replay them.
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

/** A verb's value, or its rejection thrown as the ApiError the error handler renders. */
export function valueOrThrow<T>(result: Result<T>): T {
  if (!result.ok) throw apiErrorOf(result.rejection);
  return result.value;
}
