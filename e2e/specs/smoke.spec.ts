import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { url } from '../support/server.ts';

describe('the server', () => {
  it('answers /api/health/', async () => {
    const response = await fetch(url('/api/health/'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});

describe('the home page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads and renders the app with a heading', async () => {
    const page = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(url('/'));
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/Bastion/);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
