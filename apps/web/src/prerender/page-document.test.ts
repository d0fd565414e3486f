import type { PublicPageData } from '@bastion/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { publicConfigQueryOptions } from '../lib/public-config.ts';
import { adoptPageData, pageDataScript, seedPublicPageData } from './page-data.ts';
import { pageDocument } from './page-document.ts';

const TEMPLATE =
  '<!doctype html><html><head><script>/* first paint */</script>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-2.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/mui-3.js">\n' +
  '</head><body><div id="root"></div></body></html>';

const DATA: PublicPageData = {
  config: {
    version: '1.0.0',
    captcha: { provider: 'altcha', site_key: null, challenge_url: '/api/captcha/challenge/' },
    payments_enabled: false,
    support_email: 'help@bastion.test',
    site_url: 'https://bastion.test',
    community: {
      discord: 'https://discord.test/</script><script>alert(1)',
      telegram: null,
      x: null,
      instagram: null,
      linkedin: null,
    },
  },
  plans: { plans: [], payments_enabled: false },
};

describe('the document of a rendered page', () => {
  it('lists the app code instead of loading it, and holds the page and its head as given', () => {
    const html = pageDocument(TEMPLATE, { html: '<main><h1>$9 a month</h1></main>', head: '<style>h1{}</style>' });
    expect(html).toBe(
      '<!doctype html><html><head><script>/* first paint */</script>' +
        '<meta name="app-code" content="/assets/index-1.js /assets/react-2.js /assets/mui-3.js">\n' +
        '<style>h1{}</style></head><body><div id="root"><main><h1>$9 a month</h1></main></div></body></html>',
    );
  });

  it('refuses a template it cannot render into', () => {
    expect(() => pageDocument('<html><body></body></html>', { html: '', head: '' })).toThrow(/index\.html has no/);
  });

  it("carries the server's answers to the app's queries, with no way out of its script element", () => {
    const server = new QueryClient();
    seedPublicPageData(server, DATA);
    const script = pageDataScript(server);
    expect(script).not.toContain('</script><script>');
    const page = new DOMParser().parseFromString(`<html><head>${script}</head></html>`, 'text/html');
    const browser = new QueryClient();
    adoptPageData(browser, page);
    expect(browser.getQueryData(publicConfigQueryOptions().queryKey)).toEqual(DATA.config);
  });
});
