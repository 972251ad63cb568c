// The signup form's strength meter (doc 1): one point each for length ≥ 8, an uppercase letter,
// a lowercase letter, a digit and a special character. The server's check (password-strength.ts)
// decides; `passwordMeter` runs it too so the meter never praises a password the server refuses.
import { passwordProblems } from '@/lib/auth/password-strength';

export const STRENGTH_LABELS = ['Too weak', 'Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export function passwordMeterScore(password: string): number {
  return [password.length >= 8, /[A-Z]/.test(password), /[a-z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
}

export function passwordMeterLabel(password: string): StrengthLabel {
  return STRENGTH_LABELS[passwordMeterScore(password)];
}

export type PasswordMeterReading = { score: number; label: StrengthLabel | 'Not allowed'; problems: string[] };

/**
 * The meter and the server's rules together. The score and its label follow the five criteria
 * above; a password that scores Good or Strong but breaks one of the server's rules (a common
 * password, the email address in it) reads "Not allowed" and lists why, because the server will
 * refuse it. Lower scores already read as weak, and their problems come back from the server.
 */
export function passwordMeter(password: string, context: { email?: string; name?: string } = {}): PasswordMeterReading {
  const score = passwordMeterScore(password);
  const problems = score >= 4 ? passwordProblems(password, context) : [];
  return { score, label: problems.length > 0 ? 'Not allowed' : STRENGTH_LABELS[score], problems };
}
