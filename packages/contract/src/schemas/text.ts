import { z } from 'zod';

/**
 * The building blocks of every text a request body or query string carries: start each string field from
 * `line()` or `text()`, never from `z.string()`, so no field lets through what PostgreSQL refuses (NUL, lone
 * surrogates in JSON) or what no keyboard types (other control characters). Path parameters use
 * `pathParam()` (common.ts), which refuses the same with a 404.
 */
export const INPUT_MESSAGES = {
  controlCharacters: 'Remove the control characters (such as line breaks or tabs) from this field.',
  controlCharactersInText: 'Remove the control characters from this text (line breaks and tabs are fine).',
  invalidCharacters: 'Remove the invalid characters from this field (a broken emoji or symbol).',
} as const;

/** C0 and C1 control characters and DEL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, less the tab, line feed and carriage return that multi-line text keeps. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Half of a surrogate pair on its own (with the u flag, a whole pair is one code point and does not match). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether the value is one line of text as `line()` takes it. */
export const isLine = (value: string) => !LONE_SURROGATE.test(value) && !CONTROL.test(value);

function checkedString(control: RegExp, controlMessage: string) {
  // abort: a field with a bad character gets that one message, not also "too long" or "invalid email".
  return z
    .string()
    .refine((value) => !LONE_SURROGATE.test(value), { error: INPUT_MESSAGES.invalidCharacters, abort: true })
    .refine((value) => !control.test(value), { error: controlMessage, abort: true });
}

/** One line of text: names, emails, usernames, passwords, tokens, codes, search terms. */
export const line = () => checkedString(CONTROL, INPUT_MESSAGES.controlCharacters);

/** Multi-line text (a bio, a message, an answer): keeps line breaks and tabs, refuses other control characters. */
export const text = () => checkedString(CONTROL_BUT_LAYOUT, INPUT_MESSAGES.controlCharactersInText);
