import type { RequestContext } from '../../errors/index.js';
import type { OpenCommand, StoredAnswer } from '../commands.js';
import type { TenantCtx } from '../context.js';

export type OpenInput = Omit<OpenCommand, 'kind'>;

/**
 * POST /v1/positions through the write engine (spec 4.1): the open joins the next round, with the market's
 * limit orders evaluated after it. An opened position is stored for its key (201); a refused open gives
 * its key back and is listed in /v1/position-rejections, written in the same round.
 */
export function openPosition(
  ctx: TenantCtx,
  request: RequestContext,
  unit: { key: string; fields: Record<string, unknown>; input: OpenInput },
): Promise<StoredAnswer> {
  const { key, fields, input } = unit;
  return ctx.runtime.engine.submit({ ctx, request, key: { key, fields }, command: { kind: 'open', ...input } });
}
