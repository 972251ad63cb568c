import { passwordMeterLabel, passwordMeterScore } from '@/lib/auth/password-meter';

const COLORS = ['bg-red-500', 'bg-red-500', 'bg-orange-500', 'bg-amber-500', 'bg-lime-500', 'bg-green-600'];

/** Five segments and a label; a hint only — the server runs its own check. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordMeterScore(password);
  const label = passwordMeterLabel(password);
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i <= score ? COLORS[score] : 'bg-slate-200 dark:bg-slate-700'}`} />
        ))}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Strength: <span data-testid="password-strength" data-score={score} className="font-medium">{label}</span>
      </p>
    </div>
  );
}
