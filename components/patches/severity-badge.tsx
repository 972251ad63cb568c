import { Badge, type Tone } from '@/components/ui/controls';

const TONES: Record<string, Tone> = { critical: 'red', important: 'red', moderate: 'amber', low: 'slate', unknown: 'slate' };
const APPROVAL_TONES: Record<string, Tone> = { approved: 'green', declined: 'slate', deferred: 'blue', pending: 'amber', mixed: 'blue' };

export function SeverityBadge({ severity }: { severity: string }) {
  return <Badge tone={TONES[severity] ?? 'slate'}>{severity}</Badge>;
}

export function ApprovalBadge({ status }: { status: string }) {
  return <Badge tone={APPROVAL_TONES[status] ?? 'slate'}>{status}</Badge>;
}
