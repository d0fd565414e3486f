/** Done over total as a whole percentage, rounded down: 100 only when everything is done; 0 of 0 is 0. */
export const progressPercent = (done: number, total: number) => (total > 0 ? Math.floor((done * 100) / total) : 0);

/** The course a module row names, as every module in the contract carries it. */
export const courseRefOf = (row: { course_id: string; course_slug: string; course_title: string }) => ({
  id: row.course_id,
  slug: row.course_slug,
  title: row.course_title,
});
