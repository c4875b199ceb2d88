// Automated tests only (TEST_CLOCK=true, refused in production): the call that moves the server's
// clock, so a test brings a day on (a visit's start) without waiting for the wall.
export const TEST_CLOCK_PATH = '/api/test/clock';
