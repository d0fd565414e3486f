/** Per-field messages of a `{"<field>": ["…"]}` error body (contract §2), for the fields a form shows. */
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
