import { Badge } from '@/components/ui/controls';

const TONES = { compliant: 'green', non_compliant: 'red', pending: 'amber', pass: 'green', fail: 'red', error: 'red', unsupported: 'slate' } as const;
const LABELS: Record<string, string> = { compliant: 'Compliant', non_compliant: 'Non-compliant', pending: 'Pending', pass: 'Pass', fail: 'Fail', error: 'Error', unsupported: 'Unsupported' };

/** A compliance state (device × policy) or a check result. */
export function ComplianceBadge({ status }: { status: string | null }) {
  if (!status) return <Badge tone="slate">Not evaluated</Badge>;
  return <Badge tone={TONES[status as keyof typeof TONES] ?? 'slate'}>{LABELS[status] ?? status}</Badge>;
}
