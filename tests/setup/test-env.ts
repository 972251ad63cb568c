// Configuration every test process shares: fixed secrets, cheap password hashing, quiet logs.
export function applyTestEnv(): void {
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    ENCRYPTION_KEY: 'test-encryption-key-0123456789-abcdefghijklmnopqrstu',
    PORTAL_SESSION_SECRET: 'test-portal-session-secret-0123456789-abcdefghijkl',
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_ITERATIONS: '1',
    APP_BASE_URL: 'http://localhost:3000',
    AUTHZ_BACKSTOP: 'enforce',
    ...Object.fromEntries(Object.entries({ ENABLE_2FA: 'true' }).filter(([k]) => process.env[k] === undefined)),
  });
}
