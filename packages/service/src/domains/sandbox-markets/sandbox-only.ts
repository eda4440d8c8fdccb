import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';

/**
 * Test markets live in the sandbox only. The live listener does not serve their routes at all; this keeps
 * the verbs from acting for a live caller should one ever reach them.
 */
export function sandboxOnly(ctx: TenantCtx): Result<true> {
  if (ctx.tenantEnv.environment !== 'sandbox') return rejected('not_found', 'Test markets exist in the sandbox only.');
  return ok(true);
}
