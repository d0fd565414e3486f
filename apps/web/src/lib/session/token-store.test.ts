import { ALLOWED_LOCAL_STORAGE_KEYS } from '@bastion/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeTokens } from '@test/tokens.ts';
import { tokenStore } from './token-store.ts';

function storedKeys(): string[] {
  return Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index) ?? '');
}

describe('token store (R3 local storage)', () => {
  it('stores the pair under bastion.tokens only', () => {
    const tokens = makeTokens();
    tokenStore.set(tokens);
    expect(tokenStore.get()).toEqual(tokens);
    expect(JSON.parse(localStorage.getItem('bastion.tokens') ?? 'null')).toEqual(tokens);
    expect(storedKeys()).toEqual(['bastion.tokens']);
    for (const key of storedKeys()) expect(ALLOWED_LOCAL_STORAGE_KEYS).toContain(key);
  });

  it('returns the same object while the stored value is unchanged', () => {
    tokenStore.set(makeTokens());
    expect(tokenStore.get()).toBe(tokenStore.get());
  });

  it('migrates the legacy access_token / refresh_token entries and removes them', () => {
    const tokens = makeTokens();
    localStorage.setItem('access_token', tokens.access);
    localStorage.setItem('refresh_token', tokens.refresh);
    expect(tokenStore.initialize()).toEqual(tokens);
    expect(storedKeys()).toEqual(['bastion.tokens']);
  });

  it('drops a lone legacy entry', () => {
    localStorage.setItem('access_token', makeTokens().access);
    expect(tokenStore.initialize()).toBeNull();
    expect(storedKeys()).toEqual([]);
  });

  it('discards the stored tokens at start when the access token has already expired', () => {
    tokenStore.set(makeTokens(-1));
    expect(tokenStore.initialize()).toBeNull();
    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem('bastion.tokens')).toBeNull();
  });

  it('discards expired legacy tokens too', () => {
    const tokens = makeTokens(-60);
    localStorage.setItem('access_token', tokens.access);
    localStorage.setItem('refresh_token', tokens.refresh);
    expect(tokenStore.initialize()).toBeNull();
    expect(storedKeys()).toEqual([]);
  });

  it('keeps tokens whose access token is still valid', () => {
    const tokens = makeTokens(30);
    tokenStore.set(tokens);
    expect(tokenStore.initialize()).toEqual(tokens);
  });

  it('treats a corrupted entry as no session', () => {
    localStorage.setItem('bastion.tokens', '{not json');
    expect(tokenStore.get()).toBeNull();
    localStorage.setItem('bastion.tokens', JSON.stringify({ access: 'a' }));
    expect(tokenStore.get()).toBeNull();
  });

  it('clear() removes the tokens and the legacy entries, and leaves the theme alone', () => {
    tokenStore.set(makeTokens());
    localStorage.setItem('access_token', 'x');
    localStorage.setItem('refresh_token', 'y');
    localStorage.setItem('bastion.theme', 'light');
    tokenStore.clear();
    expect(storedKeys()).toEqual(['bastion.theme']);
  });

  it('notifies subscribers of changes here and in other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = tokenStore.subscribe(listener);
    tokenStore.set(makeTokens());
    tokenStore.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'bastion.tokens' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'bastion.theme' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    tokenStore.set(makeTokens());
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
