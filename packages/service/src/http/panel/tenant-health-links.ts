import type { HealthLinks } from './tenant-health-section.js';

/**
 * Where a tenant's health figures have their details: the panel's lists, filtered to the tenant and the
 * environment (the request log's list takes the portal's filters too: code, from).
 */
export function healthLinks(tenantId: string): HealthLinks {
  return {
    requests: (environment, filter) =>
      `/panel/requests?${new URLSearchParams({ tenant: tenantId, environment, ...filter }).toString()}`,
    deadLetters: (environment) => `/panel/dead-letters?tenant=${tenantId}&environment=${environment}`,
    discrepancies: (environment) => `/panel/reconciliation?tenant=${tenantId}&environment=${environment}#found`,
  };
}
