import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '@/lib/prefers-reduced-motion.ts';

/** Scrolls to the element named by the URL hash, each time a link to it is followed (even to the same hash). */
export function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key]);
}
