/** An operationId's part in kebab case, as the reference's addresses spell it: `createBatch` → `create-batch`. */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The page and anchor of an operationId in the reference (docs/operator-api.md, "The API reference"):
 * `balanceSync.createBatch` → `/docs/reference/balance-sync#create-batch`.
 */
export function operationHref(operationId: string): string {
  const [resource, verb] = operationId.split('.');
  return `/docs/reference/${kebab(resource!)}#${kebab(verb ?? '')}`;
}
