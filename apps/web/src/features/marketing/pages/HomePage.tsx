import { useSession } from '@/lib/session';
import { CtaBand } from '../components/cta-band.tsx';
import { DemosSection } from '../components/demos-section.tsx';
import { FeaturesSection } from '../components/features-section.tsx';
import { ForumSection } from '../components/forum-section.tsx';
import { Hero } from '../components/hero.tsx';
import { WhatWeDoSection } from '../components/what-we-do-section.tsx';
import { useScrollToHash } from '../hooks/use-scroll-to-hash.ts';

/** `/`: the public home page with the four sections the top bar scrolls to. */
export function HomePage() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  useScrollToHash();
  return (
    <>
      <Hero signedIn={signedIn} />
      <FeaturesSection />
      <ForumSection />
      <WhatWeDoSection />
      <DemosSection />
      <CtaBand signedIn={signedIn} />
    </>
  );
}
