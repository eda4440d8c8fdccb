/** @jsxRuntime automatic @jsxImportSource preact */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FORM_ID, FORM_PAGE } from './act.js';

/**
 * A rendered form's own random id, and the page it is on: the same form sent twice is carried out once,
 * and its repeat goes back to that page saying so (act.ts, docs/operations.md "A form sent twice"). A page
 * rendered in answer to a post names the page it was given (a confirmation's way back), else the site's
 * home, never that post.
 */
export function FormIdentity(props: { request: FastifyRequest; page?: string }) {
  const { request } = props;
  const page = props.page ?? (request.method === 'GET' ? request.url : request.webSite.path);
  return (
    <>
      <input type="hidden" name={FORM_ID} value={randomBytes(16).toString('base64url')} />
      <input type="hidden" name={FORM_PAGE} value={page} />
    </>
  );
}
