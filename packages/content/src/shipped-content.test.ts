import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runContentChecks } from './content-checks.ts';
import type { Content, Problem } from './content.model.ts';
import { BADGE_RULE_KINDS } from '@bastion/contract';
import { loadContent } from './load-content.ts';
import { shippedContentDir as contentDir } from './shipped-content.ts';


describe('the shipped curriculum in content/', () => {
  let content: Content;
  let problems: Problem[];
  beforeAll(async () => {
    ({ content, problems } = await loadContent(contentDir));
  });

  it('loads with zero problems', () => {
    expect(problems).toEqual([]);
  });

  it('passes the checks content validate runs across files', async () => {
    expect(await runContentChecks(contentDir, content)).toEqual([]);
  });

  it('has the four core courses, three or more modules each', () => {
    expect(content.courses.length).toBeGreaterThanOrEqual(4);
    for (const slug of ['linux-fundamentals', 'networking', 'web-security', 'cryptography']) {
      const course = content.courses.find((c) => c.slug === slug);
      expect(course, slug).toBeDefined();
      expect(course!.modules.length, slug).toBeGreaterThanOrEqual(3);
    }
    expect(content.courses.flatMap((c) => c.modules).length).toBeGreaterThanOrEqual(12);
  });

  it('has 60 or more lessons and quizzes, with a quiz in every module', () => {
    const modules = content.courses.flatMap((c) => c.modules);
    expect(modules.flatMap((m) => m.items).length).toBeGreaterThanOrEqual(60);
    for (const module of modules)
      expect(
        module.items.some((i) => i.type === 'quiz'),
        module.slug,
      ).toBe(true);
  });

  it('marks some content premium and spreads difficulties', () => {
    const modules = content.courses.flatMap((c) => c.modules);
    expect(content.courses.some((c) => c.access === 'premium')).toBe(true);
    expect(modules.filter((m) => m.access === 'premium').length).toBeGreaterThanOrEqual(2);
    expect(new Set(modules.map((m) => m.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
  });

  it('has 20 or more badges, each with an image, using every rule kind', () => {
    expect(content.badges.length).toBeGreaterThanOrEqual(20);
    for (const badge of content.badges) expect(badge.image, badge.slug).toMatch(/^badges\/.+\.svg$/);
    expect(new Set(content.badges.map((b) => b.rule.kind))).toEqual(new Set(BADGE_RULE_KINDS));
    expect(new Set(content.badges.map((b) => b.image)).size).toBe(content.badges.length);
  });

  it('uses self-contained SVG images with a viewBox for badges, courses and modules', async () => {
    const modules = content.courses.flatMap((c) => c.modules);
    const images = [...content.badges, ...content.courses, ...modules].map((item) => item.image);
    expect(images.every((image) => image?.endsWith('.svg'))).toBe(true);
    for (const image of images) {
      const svg = await readFile(path.join(contentDir, image!), 'utf8');
      expect(svg, image).toMatch(/<svg[^>]*\sviewBox="0 0 \d+ \d+"/);
      expect(svg, image).not.toMatch(/<script|<image|<foreignObject|href="(?!#)|url\((?!#)/i);
    }
  });

  it('has 8 or more challenges, 2 or more of them premium', () => {
    expect(content.challenges.length).toBeGreaterThanOrEqual(8);
    expect(content.challenges.filter((c) => c.access === 'premium').length).toBeGreaterThanOrEqual(2);
  });
});
