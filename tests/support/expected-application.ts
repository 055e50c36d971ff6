import { sampleBody } from './sample-application.mjs';

/**
 * The application body the default programme sends for Ada's answers, the ones the Chromium
 * helpers (default-programme.mjs) and the cross-engine journeys (tests/engines) fill in: the
 * receiver tests' sample body, unvaried, so the two cannot drift apart.
 */
export const EXPECTED_BODY = sampleBody();
