import { describe, expect, it } from 'vitest';
import { inAppLink, notificationKind } from './notification-kind.ts';

describe('notificationKind', () => {
  it.each(['success', 'warning', 'error', 'info'])('keeps %s', (type) => {
    expect(notificationKind(type)).toBe(type);
  });

  it.each(['', 'badge', 'SUCCESS', null, undefined, 3])('treats %s as info', (type) => {
    expect(notificationKind(type)).toBe('info');
  });
});

describe('inAppLink', () => {
  it('follows in-app paths only', () => {
    expect(inAppLink('/completion/module/1')).toBe('/completion/module/1');
    expect(inAppLink('//evil.example/x')).toBeNull();
    expect(inAppLink('/\\evil.example')).toBeNull();
    expect(inAppLink('https://evil.example')).toBeNull();
    expect(inAppLink('javascript:alert(1)')).toBeNull();
    expect(inAppLink(null)).toBeNull();
  });
});
