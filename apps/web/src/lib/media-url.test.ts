import { describe, expect, it } from 'vitest';
import { mediaUrl } from './media-url.ts';

describe('mediaUrl', () => {
  it('prefixes a returned path with the API host (this origin by default)', () => {
    expect(mediaUrl('/media/avatars/a.webp')).toBe('/media/avatars/a.webp');
    expect(mediaUrl('media/avatars/a.webp')).toBe('/media/avatars/a.webp');
  });

  it('keeps absolute URLs and maps empty values to null', () => {
    expect(mediaUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(mediaUrl(null)).toBeNull();
    expect(mediaUrl('')).toBeNull();
  });
});
