import { PAGING } from '@bastion/contract';
import { useState } from 'react';
import { usePointsHistory } from '../api/get-points-history.ts';
import { LedgerList } from './ledger-list.tsx';
import { PagedView } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';

/** R14: the points ledger, newest first: what earned them, how many, when. */
export function PointsHistorySection() {
  const [page, setPage] = useState<number>(PAGING.defaultPage);
  const history = usePointsHistory(page);
  return (
    <ProfileSection title="Points history">
      <PagedView
        query={history}
        page={page}
        onPageChange={setPage}
        what="your points history"
        empty="No points yet. Complete a lesson to earn your first."
      >
        {(items) => (
          <LedgerList
            label="Points history"
            entries={items.map((item) => ({
              key: item.id,
              label: item.reason,
              points: item.points,
              at: item.created_at,
            }))}
          />
        )}
      </PagedView>
    </ProfileSection>
  );
}
