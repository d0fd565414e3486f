import type { FastifyInstance } from 'fastify';
import { systemRoutes } from './system/system.routes.ts';

/** Every domain's routes, in one place. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
}
