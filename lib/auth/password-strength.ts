// The server-side password strength check: every failure as a sentence the client can show as
// is. The console's meter runs the same function so it never calls a refused password "Strong".
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
  const emailProblem = emailInPassword(password, context.email);
  if (emailProblem) problems.push(emailProblem);
  return problems;
}

/**
 * The address itself, or the whole part before the @ (without a `+tag`), when it is long enough
 * to be more than a common word fragment. The message names which of the two matched, so a
 * password that holds a first name that is also the mailbox name says so instead of "email".
 */
function emailInPassword(password: string, email: string | undefined): string | null {
  const address = email?.trim().toLowerCase();
  if (!address || !address.includes('@')) return null;
  const lowered = password.toLowerCase();
  if (lowered.includes(address)) return 'Password must not contain your email address';
  const mailbox = address.slice(0, address.lastIndexOf('@')).split('+')[0];
  if (mailbox.length >= 4 && lowered.includes(mailbox)) return `Password must not contain "${mailbox}", the part of your email address before the @`;
  return null;
}
