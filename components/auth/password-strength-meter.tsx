// The client-side meter of doc 1: one point each for length ≥ 8, an uppercase letter, a
// lowercase letter, a digit and a special character. The server check is independent of it.
const LABELS = ['Too weak', 'Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['bg-red-500', 'bg-red-500', 'bg-orange-500', 'bg-amber-500', 'bg-lime-500', 'bg-green-600'] as const;

export function passwordScore(password: string): number {
  return [password.length >= 8, /[A-Z]/.test(password), /[a-z]/.test(password), /\d/.test(password), /[^A-Za-z0-9]/.test(password)].filter(Boolean).length;
}

export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordScore(password);
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden>
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={`h-1.5 flex-1 rounded ${i <= score ? COLORS[score] : 'bg-slate-200 dark:bg-slate-700'}`} />
        ))}
      </div>
      <p className="text-xs text-slate-500" data-testid="password-strength">
        Strength: {LABELS[score]}
      </p>
    </div>
  );
}
