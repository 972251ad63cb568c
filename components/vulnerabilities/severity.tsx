import { Badge, type Tone } from '@/components/ui/controls';

const TONES: Record<string, Tone> = { critical: 'red', high: 'red', medium: 'amber', low: 'slate', unknown: 'slate' };

export function VulnSeverityBadge({ severity }: { severity: string }) {
  return <Badge tone={TONES[severity] ?? 'slate'}>{severity}</Badge>;
}

export function KevBadge() {
  return <Badge tone="red">known exploited</Badge>;
}
