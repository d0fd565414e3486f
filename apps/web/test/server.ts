import { setupServer } from 'msw/node';
import { publicConfigHandler } from './public-config.ts';

/**
 * The mocked API for component tests; each test adds the handlers it needs with server.use(...). The
 * public configuration is always there: the footer of every layout reads it.
 */
export const server = setupServer(publicConfigHandler());
