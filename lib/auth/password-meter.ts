// The signup form's strength meter (doc 1): one point each for length ≥ 8, an uppercase letter,
// a lowercase letter, a digit and a special character. Only a hint for the person typing; the
// server's check (password-strength.ts) is independent and decides.
export const STRENGTH_LABELS = ['Too weak', 'Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export function passwordMeterScore(password: string): number {
  return [password.length >= 8, /[A-Z]/.test(password), /[a-z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
}

export function passwordMeterLabel(password: string): StrengthLabel {
  return STRENGTH_LABELS[passwordMeterScore(password)];
}
