import { FREE_COURSES, PLAN_FEATURES } from '@bastion/contract';
import { loadContent, shippedContentDir, type Content } from '@bastion/content';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from './plans.ts';

describe('what the plans say about the shipped curriculum', () => {
  let content: Content;
  beforeAll(async () => {
    ({ content } = await loadContent(shippedContentDir));
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

  it('some courses need premium to finish, as the premium plan says', () => {
    const needsPremium = content.courses.filter(
      (c) => c.access === 'premium' || c.modules.some((m) => m.access === 'premium'),
    );
    expect(needsPremium.length).toBeGreaterThan(0);
  });
});
