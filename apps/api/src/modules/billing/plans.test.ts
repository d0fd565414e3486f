import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FREE_COURSES, PLAN_FEATURES } from '@bastion/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '../content/content.model.ts';
import { loadContent } from '../content/load-content.ts';
import { PLANS } from './plans.ts';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content');

describe('what the plans say about the shipped curriculum', () => {
  let content: Content;
  beforeAll(async () => {
    ({ content } = await loadContent(contentDir));
  });

  it('sends the shared plan texts', () => {
    expect(PLANS.map((plan) => plan.features)).toEqual([PLAN_FEATURES.free, PLAN_FEATURES.premium]);
  });

  it('the courses the free plan names are free end to end, so a free learner can earn their certificates', () => {
    for (const title of FREE_COURSES) {
      const course = content.courses.find((c) => c.title === title);
      expect(course, title).toBeDefined();
      expect(course!.access, title).toBe('free');
      expect(
        course!.modules.filter((m) => m.access !== 'free').map((m) => m.slug),
        title,
      ).toEqual([]);
    }
  });

  it('every other course needs premium to finish, as the premium plan says', () => {
    const others = content.courses.filter((c) => !(FREE_COURSES as readonly string[]).includes(c.title));
    expect(others.length).toBeGreaterThan(0);
    for (const course of others)
      expect(course.access === 'premium' || course.modules.some((m) => m.access === 'premium'), course.title).toBe(
        true,
      );
    const web = content.courses.find((c) => c.title === 'Web Application Security')!;
    expect(web.access).toBe('free');
    expect(web.modules.map((m) => m.access)).toEqual(['free', 'free', 'premium']);
    expect(content.courses.find((c) => c.title === 'Applied Cryptography')?.access).toBe('premium');
  });
});
