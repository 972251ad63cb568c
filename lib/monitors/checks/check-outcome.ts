export interface CheckOutcome {
  status: 'up' | 'down';
  latencyMs: number | null;
  message: string;
  details: Record<string, unknown>;
}
