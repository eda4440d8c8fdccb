/** @jsxRuntime automatic @jsxImportSource preact */

/**
 * A tenant where the panel names one: its name linking to its page, and its id one click away (a
 * disclosure, no script) to select and copy. An id the platform no longer knows reads "Unknown tenant".
 */
export function TenantName(props: { id: string; name: string | undefined | null }) {
  return (
    <span class="tenant">
      <a href={`/panel/tenants/${props.id}`}>{props.name ?? 'Unknown tenant'}</a>{' '}
      <details class="id">
        <summary aria-label={`Id of ${props.name ?? 'the tenant'}`}>id</summary>
        <code>{props.id}</code>
      </details>
    </span>
  );
}
