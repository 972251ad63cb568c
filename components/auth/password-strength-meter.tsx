import { passwordMeter } from '@/lib/auth/password-meter';

const COLORS = ['bg-red-500', 'bg-red-500', 'bg-orange-500', 'bg-amber-500', 'bg-lime-500', 'bg-green-600'];

/**
 * Five segments and a label. It runs the server's own rules too (given the email the password is
 * checked against), so a password the server will refuse reads "Not allowed" with the reason.
 */
export function PasswordStrengthMeter({ password, email, name }: { password: string; email?: string; name?: string }) {
  const { score, label, problems } = passwordMeter(password, { email, name });
  const refused = problems.length > 0;
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={`h-1.5 flex-1 rounded-full ${refused ? 'bg-red-500' : i <= score ? COLORS[score] : 'bg-slate-200 dark:bg-slate-700'}`} />
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Strength:{' '}
        <span data-testid="password-strength" data-score={score} className={`font-medium ${refused ? 'text-red-700 dark:text-red-400' : ''}`}>
          {label}
        </span>
      </p>
      {refused && (
        <ul data-testid="password-rule-failures" className="list-inside list-disc text-xs text-red-700 dark:text-red-400">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
