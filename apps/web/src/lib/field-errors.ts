import { errorText } from '@bastion/contract';

/** Per-field messages of a `{"<field>": ["…"]}` error body (R11), for the fields a form shows. */
export function fieldErrors<F extends string>(body: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return result;
  const data = body as Record<string, unknown>;
  for (const field of fields) {
    const value = data[field];
    const list =
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
    if (list.length > 0) result[field] = list.join(' ');
  }
  return result;
}

export function hasFieldErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.keys(errors).length > 0;
}

/** Said in a form's banner when every problem is already shown under its field. */
export const CHECK_FIELDS = 'Check the fields marked below.';

// Decision 0094: errors go under their fields; the banner says only what no visible field shows.
/**
 * What a form's banner still has to say once `fields` show their own messages: R8's error text built
 * from the rest of the body, or null when nothing is left (or nothing came back, as on a network failure).
 * A field the form does not show keeps the builder's "field: message" form, which should not happen.
 */
export function unplacedErrorText(body: unknown, fields: readonly string[]): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const rest = Object.entries(body as Record<string, unknown>).filter(
    ([key, value]) => key !== 'code' && !fields.includes(key) && hasText(value),
  );
  return rest.length > 0 ? errorText(Object.fromEntries(rest)) : null;
}

function hasText(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return Array.isArray(value) && value.some((item) => typeof item === 'string' && item.trim() !== '');
}
