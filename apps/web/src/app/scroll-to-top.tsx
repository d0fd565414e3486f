import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * R2: the view scrolls to the top on every path change. Not on the first load: the browser places it
 * (at the top, or where a reload was), and a reader of a prerendered page may have scrolled before hydration.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  useLayoutEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
