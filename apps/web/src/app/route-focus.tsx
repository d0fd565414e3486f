import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take (its code loading, its data) before the attempt is given up. */
const WAIT_MS = 3_000;

// Decision 0097: focus moves to main h1 after a path change; the focus ring is the theme's (focusVisible).
/**
 * After a change of page, focus moves to the new page's main heading, so keyboard and screen-reader users
 * start at its top instead of on the link they used. Not on the first load, not for a #section link, and
 * not when the page (or a dialog) has already put focus somewhere itself, e.g. an ArrivalHeading.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const firstLoad = useRef(true);

  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    if (hash) return;
    const startedOn = document.activeElement;
    let frame = 0;
    const deadline = Date.now() + WAIT_MS;
    const attempt = () => {
      if (focusOwnedElsewhere(startedOn)) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.dataset.routeHeading = '';
        heading.focus({ preventScroll: true });
        return;
      }
      if (Date.now() < deadline) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);

  return null;
}

/** The page moved focus into its content, or a dialog holds it: either way it is not ours to move. */
function focusOwnedElsewhere(startedOn: Element | null): boolean {
  const active = document.activeElement;
  if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return true;
  if (!active || active === document.body) return false;
  const main = document.querySelector('main');
  return active !== startedOn && Boolean(main?.contains(active)) && active !== main;
}
