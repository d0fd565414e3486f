import { MESSAGES } from './messages.ts';

/**
 * R8: builds one error text from an API response body.
 * A string is used as is; otherwise `message`, then `detail` and `non_field_errors`,
 * then "field: messages" per field; the fallback is 'An error occurred'.
 */
export function errorText(body: unknown, fallback: string = MESSAGES.genericError): string {
  if (typeof body === 'string') return body.trim() || fallback;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return fallback;
  const data = body as Record<string, unknown>;
  if (typeof data.message === 'string' && data.message) return data.message;

  const general = [...asList(data.detail), ...asList(data.non_field_errors)];
  if (general.length > 0) return general.join(' ');

  const fields = Object.entries(data)
    .filter(([key]) => !['message', 'detail', 'non_field_errors', 'code'].includes(key))
    .map(([key, value]) => [key, asList(value)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([key, list]) => `${key}: ${list.join(' ')}`);
  return fields.length > 0 ? fields.join('\n') : fallback;
}

function asList(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' && item !== '');
  return [];
}
