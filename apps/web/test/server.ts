import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { publicConfigHandler } from './public-config.ts';

/** `POST /api/labs/starts/`: every lab a test starts reports its start (lab-start-report.ts). */
export const labStartsHandler = () =>
  http.post('*/api/labs/starts/', () => HttpResponse.json({ detail: 'Recorded.' }, { status: 201 }));

/**
 * The mocked API for component tests; each test adds the handlers it needs with server.use(...). The
 * public configuration is always there: the footer of every layout reads it, and so is the lab start report.
 */
export const server = setupServer(publicConfigHandler(), labStartsHandler());
