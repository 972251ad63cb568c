import { describe, expect, it } from 'vitest';
import { guessItemType, nameSimilarity } from '@/lib/catalog/enrich-rules';

describe('catalog enrich rules', () => {
  it('scores name similarity by shared words', () => {
    expect(nameSimilarity('Managed Workstation', 'managed workstation')).toBe(1);
    expect(nameSimilarity('Managed Workstation Plan', 'Managed Workstation')).toBeCloseTo(2 / 3);
    expect(nameSimilarity('Backup', 'Firewall')).toBe(0);
  });

  it('guesses a type from the words of a name', () => {
    expect(guessItemType('Microsoft 365 Business Premium licence')).toBe('software_licence');
    expect(guessItemType('Onsite labour (hourly)')).toBe('labour');
    expect(guessItemType('Dell laptop 14"')).toBe('hardware');
    expect(guessItemType('Managed workstations per device')).toBe('per_device');
    expect(guessItemType('Backup monitoring')).toBe('service');
  });
});
