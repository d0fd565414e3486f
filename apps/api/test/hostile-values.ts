/**
 * What an attacker puts where the API expects a value. `refused`: text no field of that kind accepts
 * (R11), so the answer must be a field error for that very field, not merely "not a 5xx".
 */
export interface HostileValue {
  label: string;
  /** As it goes on the wire: raw JSON text in a body, percent-encoded in a URL. */
  wire: string;
  refused: boolean;
}

const CONTROL_CHARACTERS: Array<[string, string]> = [
  ['NUL', 'a\u0000b'],
  ['C0 controls', 'a\u0001\u0008\u001b[31mb'],
  ['DEL and C1 controls', 'a\u007f\u0085\u009bb'],
];
/** Refused in JSON; in a URL their bytes are not UTF-8, and decode to U+FFFD (or not at all). */
const LONE_SURROGATES: Array<[string, string]> = [
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', '\udfff'],
  ['surrogates out of order', '\udc00\ud800'],
];

/** 2^63, 2^31, and pages whose offset passes 2^31 at page sizes 25 and 10; then what no count is. */
const NUMBERS_AS_TEXT = [
  '9223372036854775808',
  '2147483648',
  '85899347',
  '214748365',
  '-1',
  'NaN',
  '1e999',
  '0',
  '1.5',
  '0x10',
  ' 1',
];

/** Values for one field of a JSON body. */
export const BODY_VALUES: HostileValue[] = [
  ...[...CONTROL_CHARACTERS, ...LONE_SURROGATES].map(([label, value]) => ({
    label,
    wire: JSON.stringify(value),
    refused: true,
  })),
  { label: 'line breaks and a tab', wire: JSON.stringify('a\r\nb\tc'), refused: false },
  { label: '60 KB of text', wire: JSON.stringify('x'.repeat(60_000)), refused: false },
  { label: '1 MB of text', wire: JSON.stringify('x'.repeat(1 << 20)), refused: false },
  // 2^31, 3e9, 2^32 and 2^53 − 1 pass a JSON schema's `integer` and pass PostgreSQL's integer: a bound must stop them.
  ...['9223372036854775808', '2147483648', '3000000000', '4294967296', '9007199254740991'].map((number) => ({
    label: `the number ${number}`,
    wire: number,
    refused: false,
  })),
  ...['-1', '1e999', '0', '1.5', '-0'].map((number) => ({
    label: `the number ${number}`,
    wire: number,
    refused: false,
  })),
  ...NUMBERS_AS_TEXT.map((text) => ({ label: `the text "${text}"`, wire: JSON.stringify(text), refused: false })),
  ...['null', 'true', '""', '{"$ne":""}', '{"toString":"x"}', '["a"]', '[]'].map((json) => ({
    label: json,
    wire: json,
    refused: false,
  })),
  { label: 'arrays nested 5000 deep', wire: `${'['.repeat(5000)}${']'.repeat(5000)}`, refused: false },
];

/** Whole bodies: not an object, prototype pollution, not JSON at all. */
export const WHOLE_BODIES = [
  '[]',
  'null',
  '"text"',
  '42',
  'NaN',
  '{"a":',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=hostile',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json, text/plain',
];

/** Values for one query-string or path parameter (always single-line text on the wire). */
export function urlValues(where: 'query' | 'path'): HostileValue[] {
  return [
    ...CONTROL_CHARACTERS.map(([label, value]) => ({ label, wire: percentEncoded(value), refused: true })),
    ...LONE_SURROGATES.map(([label, value]) => ({ label, wire: percentEncoded(value), refused: false })),
    { label: 'a line break', wire: percentEncoded('a\nb'), refused: where === 'query' },
    { label: 'invalid UTF-8', wire: 'a%FFb', refused: false },
    { label: 'an overlong NUL', wire: 'a%C0%80b', refused: false },
    { label: 'a broken escape', wire: 'a%E0%A4%A', refused: false },
    { label: '1 MB of text', wire: 'x'.repeat(1 << 20), refused: false },
    ...NUMBERS_AS_TEXT.map((text) => ({ label: `"${text}"`, wire: percentEncoded(text), refused: false })),
    ...['', '..', '%2F', '%2e%2e%2f', '{}', '[]', '%25'].map((wire) => ({ label: `"${wire}"`, wire, refused: false })),
  ];
}

/**
 * Percent-encodes any JavaScript string, lone surrogates included (as the three bytes UTF-8 would give
 * them, "WTF-8"), where encodeURIComponent throws.
 */
export function percentEncoded(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
