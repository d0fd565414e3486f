import { eq } from 'drizzle-orm';
import { users, type Db } from '@bastion/db';

/** Direct changes to an account behind the services' back, as another instance or a database console would make. */
export const usersRepoForTests = {
  async setStaff(db: Db, userId: string, isStaff: boolean) {
    await db.update(users).set({ isStaff }).where(eq(users.id, userId));
  },
};
