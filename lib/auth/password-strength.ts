// The server-side password strength check. Independent of the signup page's meter: it returns
// the first failure as a sentence the client can show as is.
const COMMON = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwertyui', 'qwerty123',
  'iloveyou', 'letmein1', 'welcome1', 'admin123', 'abc12345', 'passw0rd', 'changeme', 'football',
]);

export function passwordProblems(password: string, context: { email?: string; name?: string } = {}): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('Password must be at least 8 characters');
  if (password.length > 256) problems.push('Password must be at most 256 characters');
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  if (classes < 3) problems.push('Password must mix at least three of: lowercase letters, uppercase letters, digits, symbols');
  if (COMMON.has(password.toLowerCase())) problems.push('Password is too common');
  if (/^(.)\1+$/.test(password)) problems.push('Password must not repeat a single character');
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) problems.push('Password must not contain your email address');
  return problems;
}
