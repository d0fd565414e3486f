import { useEffect, useRef } from 'react';
import { playSound } from '@/lib/sounds.ts';

/**
 * R4: a sound plays when the unread count rises above a previous nonzero value. The first count
 * seen (page load, sign-in) and a rise from 0 are silent.
 */
export function useUnreadSound(count: number | undefined): void {
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    const before = previous.current;
    previous.current = count;
    if (before !== undefined && before > 0 && count > before) playSound('notification');
  }, [count]);
}
