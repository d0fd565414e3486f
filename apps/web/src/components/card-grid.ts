/** Cards flow in as many columns as fit: one at 375 px, three or four at 1440 px. */
export const cardGridSx = {
  display: 'grid',
  gap: { xs: 2, md: 3 },
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
} as const;
