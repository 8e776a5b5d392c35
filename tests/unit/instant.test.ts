import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/components/format';
import { formatInstant } from '../../src/components/instant';

describe("the login page's time", () => {
  it('reads as formatDateTime does: business zone, yyyy-MM-dd HH:mm:ss, midnight as 00', () => {
    for (const iso of [
      '2026-11-25T02:30:05.000Z',
      '2026-11-24T15:00:00Z', // midnight in Tokyo
      '2026-12-31T23:59:59+09:00',
      '2027-01-01T00:00:00.123+00:00',
    ]) {
      expect(formatInstant(iso), iso).toBe(formatDateTime(iso));
    }
    expect(formatInstant('2026-11-24T15:00:00Z')).toBe('2026-11-25 00:00:00');
  });

  it('leaves text that is no instant as it is', () => {
    expect(formatInstant('soon')).toBe('soon');
  });
});
