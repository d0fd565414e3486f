import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';
import { MESSAGES } from './messages.ts';

describe('errorText (R8 error builder)', () => {
  it('uses a string response as it is', () => {
    expect(errorText('Server is busy')).toBe('Server is busy');
  });

  it('falls back when the string is blank', () => {
    expect(errorText('   ')).toBe('An error occurred');
  });

  it('prefers the message field', () => {
    expect(
      errorText({ message: 'Only premium learners can use this code.', detail: 'ignored', error: 'Permission denied' }),
    ).toBe('Only premium learners can use this code.');
  });

  it('uses detail when there is no message', () => {
    expect(errorText({ detail: 'No active account found with the given credentials' })).toBe(
      'No active account found with the given credentials',
    );
  });

  it('joins a detail list', () => {
    expect(errorText({ detail: ['First problem.', 'Second problem.'] })).toBe('First problem. Second problem.');
  });

  it('uses the non_field_errors list', () => {
    expect(errorText({ non_field_errors: ['Unable to log in.', 'Try again.'] })).toBe('Unable to log in. Try again.');
  });

  it('combines detail and non_field_errors', () => {
    expect(errorText({ detail: 'Invalid input.', non_field_errors: ['Passwords differ.'] })).toBe(
      'Invalid input. Passwords differ.',
    );
  });

  it("builds 'field: messages' per field", () => {
    expect(
      errorText({
        username: ['A user with that username already exists.'],
        password2: ["The two password fields didn't match."],
      }),
    ).toBe("username: A user with that username already exists.\npassword2: The two password fields didn't match.");
  });

  it('joins several messages of one field', () => {
    expect(errorText({ password1: ['This password is too short.', 'This password is too common.'] })).toBe(
      'password1: This password is too short. This password is too common.',
    );
  });

  it('accepts a field given as a single string and skips fields without text', () => {
    expect(errorText({ email: 'Enter a valid email address.', points: 3, other: [] })).toBe(
      'email: Enter a valid email address.',
    );
  });

  it('ignores the machine-readable code beside the message', () => {
    expect(errorText({ code: 'token_not_valid' })).toBe('An error occurred');
    expect(errorText({ detail: 'Given token not valid for any token type', code: 'token_not_valid' })).toBe(
      'Given token not valid for any token type',
    );
  });

  it("falls back to 'An error occurred' for empty, null, undefined, numbers and arrays", () => {
    for (const body of [{}, null, undefined, 42, ['x'], { message: '' }, { detail: '' }]) {
      expect(errorText(body)).toBe(MESSAGES.genericError);
    }
  });

  it('uses the fallback the caller gives', () => {
    expect(errorText(undefined, 'Registration failed.')).toBe('Registration failed.');
    expect(errorText({}, 'Registration failed.')).toBe('Registration failed.');
  });

  it('returns the error field only through field formatting (the coupon screen reads `error` itself)', () => {
    expect(errorText({ error: 'Coupon expired.' })).toBe('error: Coupon expired.');
  });
});
