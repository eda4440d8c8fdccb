/**
 * Every action the audit log records, as `<noun>.<verb>`, with what it means: the list docs/operations.md
 * ("The audit log") gives, and the panel's filter offers. A new write path takes a name from here, or adds
 * one of the same pattern.
 */
export const AUDIT_ACTIONS = {
  'panel.sign_in': 'A sign-in to the panel (a failed one as panel:anonymous)',
  'portal.sign_in': "A sign-in to a tenant's portal with a one-time link",
  'portal_link.issue': 'A one-time portal sign-in link issued',
  'tenant.create': 'A tenant created',
  'tenant.suspend': 'A tenant suspended (its keys revoked)',
  'tenant.reactivate': 'A suspended tenant made active again',
  'tenant.go_live': 'Go-live: a live key issued, the sandbox keys revoked',
  'api_key.issue': 'An API key issued',
  'api_key.rotate': "An API key's rotation started (a new key)",
  'api_key.confirm_rotation': 'A rotation confirmed (the old key refused)',
  'api_key.revoke': 'An API key revoked',
  'environment.update': "An environment's webhook URL and allowed origins",
  'environment.widget': "An environment's widget settings",
  'webhook_secret.rotate': "An environment's webhook secret rotated",
  'webhook.test': 'A test event sent',
  'webhook.resend': 'A webhook delivery posted again (the same delivery id)',
  'webhook.retry_now': 'A pending webhook delivery made due at once',
  'rate_limit.set': "A tenant's raised rate limits",
  'tenant_pause.set': "A tenant's pause of sync or positions",
  'kill_switch.set': 'A kill switch paused or resumed',
  'market.create': 'A market created',
  'market.update': "A market's rules, resolution source or sandbox bound",
  'market.suspend': 'A market suspended',
  'market.reopen': 'A market reopened',
  'market.enable': 'A market enabled for a tenant',
  'market.disable': 'A market disabled for a tenant',
  'market.resolve': 'A market resolved',
  'market.void': 'A market voided',
  'market.correct': "A market's ending corrected",
  'sandbox_market.create': 'A sandbox test market created',
  'sandbox_market.resolve': 'A sandbox test market resolved',
  'sandbox_market.void': 'A sandbox test market voided',
  'sandbox_market.correct': "A sandbox test market's ending corrected",
  'dead_letter.resend': 'A dead letter resent',
  'dead_letter.resend_all': 'Every dead letter of a filter resent',
  'reconciliation.run': 'A reconciliation run',
  'report.request': 'A report requested',
  'ticket.open': 'A support ticket opened',
  'ticket.reply': "The platform's reply to a ticket",
  'ticket.close': 'A ticket closed',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The nouns of the actions (`market`, `api_key` …): a filter by a noun takes all of its verbs. */
export const AUDIT_NOUNS = [...new Set(AUDIT_ACTION_NAMES.map((name) => name.split('.')[0]!))];

export function isAuditAction(text: string): text is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, text);
}
