// Named Playwright locks for journeys that share something beyond their own seeded partner: two
// journeys holding the same lock never run at the same time, while the others run beside them
// (playwright.config.ts gives the journeys two workers). A file declares its lock at the top:
//
//   test.describe.configure({ lock: MACHINE });
//
// A journey needs one when it uses something of this machine or of the whole platform; one that
// only reads and writes its own partner's data (through the API, the console or `run --once`
// agents with their own data directory) needs none.

/**
 * The machine itself: a long-running reference agent (`rmm-agent run`) serves the one elevation
 * socket (/run/rmm-agent/elevate.sock) and answers for the machine's processes, services and
 * files; the real apt and dpkg take one writer at a time and a package listing taken mid-install
 * comes back short.
 */
export const MACHINE = 'machine';

/**
 * Platform-wide state seen by a platform operator or the bootstrap admin: the partner list, the
 * third-party application catalog and its smoke-test queue, the vulnerability feeds.
 */
export const PLATFORM = 'platform';
