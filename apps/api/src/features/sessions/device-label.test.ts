import { describe, expect, it } from 'vitest';
import { deviceFamily, deviceLabel } from './device-label.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_LINUX_NEWER = CHROME_LINUX.replace('131.0.0.0', '132.0.6834.83');
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('deviceLabel', () => {
  it('names browser, major version and OS', () => {
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome 131 on Linux');
    expect(deviceLabel(SAFARI_IPHONE)).toBe('Safari 17 on iOS');
    expect(deviceLabel('Firefox/140 test')).toBe('Firefox 140');
  });

  it('answers "Unknown device" when the user agent says nothing useful', () => {
    for (const userAgent of [null, '', '   ', 'lightMyRequest', 'curl/8.0']) {
      expect(deviceLabel(userAgent)).toBe('Unknown device');
    }
  });
});

describe('deviceFamily', () => {
  it('ignores versions but not the browser or the OS', () => {
    expect(deviceFamily(CHROME_LINUX_NEWER)).toBe(deviceFamily(CHROME_LINUX));
    expect(deviceFamily(SAFARI_IPHONE)).not.toBe(deviceFamily(CHROME_LINUX));
    expect(deviceFamily(CHROME_LINUX.replace('X11; Linux x86_64', 'Windows NT 10.0; Win64; x64'))).not.toBe(
      deviceFamily(CHROME_LINUX),
    );
    expect(deviceFamily(null)).toBe(deviceFamily('lightMyRequest'));
  });
});
