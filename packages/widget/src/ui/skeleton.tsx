/**
 * Grey blocks in the shape of what is coming (UX: "a skeleton of the real layout, never a blank
 * area"), announced as busy. `label` is the words for screen readers, when the texts are loaded.
 */
export function CardsSkeleton({ label, cards = 4 }: { label?: string; cards?: number }) {
  return (
    <div class="skeleton" aria-busy="true" role="status" aria-label={label}>
      <div class="bone bar-line" />
      <ul class="cards">
        {Array.from({ length: cards }, (_, i) => (
          <li key={i} class="card bone-card">
            <span class="bone title-line" />
            <span class="bone short-line" />
          </li>
        ))}
      </ul>
    </div>
  );
}
