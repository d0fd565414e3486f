import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list page's filters and page, kept in the address (so a filtered list can be linked to and survives a
 * reload). Text is typed into `draft` and reaches the address, and the query, after a short pause; a link that
 * changes the address changes the fields.
 */
export function useSearchFilters<K extends string>(keys: readonly K[], delayMs = 300) {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const [draft, setDraft] = useState(applied);
  const page = Math.max(1, Number(params.get('page')) || 1);

  const appliedKey = JSON.stringify(applied);
  const draftKey = JSON.stringify(draft);
  // A link to other filters (the same page, another query) moves the address: the fields follow it. The address
  // the fields wrote themselves leaves them be (what was typed since stays).
  const [seenKey, setSeenKey] = useState(appliedKey);
  const [writtenKey, setWrittenKey] = useState<string | null>(null);
  if (seenKey !== appliedKey) {
    setSeenKey(appliedKey);
    if (appliedKey !== writtenKey) setDraft(applied);
  }
  useEffect(() => {
    if (draftKey === appliedKey) return;
    const timer = setTimeout(() => {
      const written = Object.entries(JSON.parse(draftKey) as Record<string, string>).map(([key, value]) => [
        key,
        value.trim() ? value : '',
      ]);
      setWrittenKey(JSON.stringify(Object.fromEntries(written)));
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(JSON.parse(draftKey) as Record<string, string>)) {
          if (value.trim()) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draftKey, appliedKey, delayMs, setParams]);

  return {
    applied,
    draft,
    page,
    set: (key: K, value: string) => setDraft((current) => ({ ...current, [key]: value })),
    clear: () => setDraft(Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>),
    canClear: Object.values(draft).some((value) => value !== ''),
    setPage: (value: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(value));
        return next;
      }),
  };
}
