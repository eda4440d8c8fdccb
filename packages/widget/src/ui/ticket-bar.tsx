import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { useWidget } from './context.js';

/**
 * What a thumb needs to buy (the amount, what it wins and Buy): on a phone-wide widget a bar that stays
 * at the bottom of what is visible while the ticket is on screen, above the on-screen keyboard too (docs/widget.md,
 * "On a phone"); on a wide one its parts sit in the ticket's column like the rest (ticket-styles.ts).
 */
export function BuyBar({ children }: { children: ComponentChildren }) {
  const bar = useRef<HTMLDivElement>(null);
  useKeyboardInset(bar);
  return (
    <div class="buy-bar" ref={bar} onFocusIn={() => requestAnimationFrame(() => revealBar(bar.current))}>
      {children}
    </div>
  );
}

/**
 * A field of the bar took the focus (and the keyboard opens): the browser scrolls that field into view,
 * not the Buy under it, and a sticky bar cannot rise above its ticket's top. So the whole bar is
 * scrolled into view.
 */
function revealBar(bar: HTMLElement | null) {
  if (!bar || getComputedStyle(bar).position !== 'sticky') return;
  if (!bar.contains((bar.getRootNode() as ShadowRoot | Document).activeElement)) return;
  const viewport = window.visualViewport;
  const bottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
  const box = bar.getBoundingClientRect();
  if (box.top < 0 || box.bottom > bottom + 1) bar.scrollIntoView({ block: 'nearest' });
}

/**
 * The part of the page an on-screen keyboard (or a pinch zoom) hides below the visual viewport, as
 * `--pm-keyboard` on the element: the sticky bar's distance from the layout viewport's bottom. Browsers
 * that shrink the layout viewport for the keyboard report 0 and sticky positioning alone keeps it in view.
 */
function useKeyboardInset(ref: { current: HTMLElement | null }) {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      const hidden = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      ref.current?.style.setProperty('--pm-keyboard', `${Math.round(hidden)}px`);
    };
    // On resize (the keyboard opening or closing) the bar is brought into view; a scroll of the user's
    // own only moves the inset, never the page.
    const resized = () => (update(), revealBar(ref.current));
    update();
    viewport.addEventListener('resize', resized);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', resized);
      viewport.removeEventListener('scroll', update);
    };
  }, []);
}

/**
 * The slippage and the quote's figures: folded behind one "Details" button on a phone-wide widget, so
 * Buy stays in reach; always shown on a wide one, where the button is hidden.
 */
export function DetailsFold({ children }: { children: ComponentChildren }) {
  const { texts } = useWidget();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div class={open ? 'details open' : 'details'}>
      <button
        type="button"
        class="details-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {texts.t('ticket.details')}
        <span aria-hidden="true" class="chevron" />
      </button>
      <div class="details-body" id={id}>
        {children}
      </div>
    </div>
  );
}
