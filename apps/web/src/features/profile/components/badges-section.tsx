import { PAGING } from '@bastion/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useEarnedBadges } from '../api/get-earned-badges.ts';
import { useLockedBadges } from '../api/get-locked-badges.ts';
import { LockedBadgeList } from '@/components/badge-list.tsx';
import { EarnedBadgeList } from './badge-list.tsx';
import { PagedView } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';
import { formatNumber } from '@/lib/plural.ts';

type BadgeTab = 'earned' | 'locked';

const tabLabel = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatNumber(count)})`;

/** R14 badges: earned ones, and locked ones with progress, each list paged on its own. */
export function BadgesSection() {
  const [tab, setTab] = useState<BadgeTab>('earned');
  const [earnedPage, setEarnedPage] = useState<number>(PAGING.defaultPage);
  const [lockedPage, setLockedPage] = useState<number>(PAGING.defaultPage);
  const earned = useEarnedBadges(earnedPage);
  const locked = useLockedBadges(lockedPage);
  const id = useId();

  return (
    <ProfileSection title="Badges">
      <Tabs
        value={tab}
        onChange={(_event, next: BadgeTab) => setTab(next)}
        aria-label="Badge lists"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="earned"
          label={tabLabel('Earned', earned.data?.count)}
          id={`${id}-earned-tab`}
          aria-controls={`${id}-earned-panel`}
        />
        <Tab
          value="locked"
          label={tabLabel('Locked', locked.data?.count)}
          id={`${id}-locked-tab`}
          aria-controls={`${id}-locked-panel`}
        />
      </Tabs>
      <Box role="tabpanel" id={`${id}-earned-panel`} aria-labelledby={`${id}-earned-tab`} hidden={tab !== 'earned'}>
        {tab === 'earned' && (
          <PagedView
            query={earned}
            page={earnedPage}
            onPageChange={setEarnedPage}
            what="your earned badges"
            empty="No badges yet. Complete lessons and challenges to earn your first."
          >
            {(items) => <EarnedBadgeList badges={items} />}
          </PagedView>
        )}
      </Box>
      <Box role="tabpanel" id={`${id}-locked-panel`} aria-labelledby={`${id}-locked-tab`} hidden={tab !== 'locked'}>
        {tab === 'locked' && (
          <PagedView
            query={locked}
            page={lockedPage}
            onPageChange={setLockedPage}
            what="your locked badges"
            empty="Every badge is yours. Impressive."
          >
            {(items) => <LockedBadgeList badges={items} />}
          </PagedView>
        )}
      </Box>
    </ProfileSection>
  );
}
