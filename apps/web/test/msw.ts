// HTTP stubbed at the network edge, typed by the contract; an unexpected request fails the test.
import { setupServer } from 'msw/node';
import type { ApiEnvelope } from '@hqt/contract/envelope';

export const server = setupServer();

/** A successful answer in the API's envelope. */
export const ok = <T,>(data: T, msg = 'success'): ApiEnvelope<T> => ({ code: 200, msg, data });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
