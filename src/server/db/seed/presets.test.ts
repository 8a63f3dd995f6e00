// The landing page shows the presets from a static copy (no request before first paint); this
// keeps that copy true to what the seed actually creates.
import { describe, expect, it } from 'vitest';
import { SAMPLE_SCENARIOS } from '../../../shared/sample-scenarios.js';
import { PRESET_INTERVIEWERS } from './preset-interviewers.js';

describe('landing sample scenarios', () => {
  it('lists the ten presets with their real persona, call type and questions', () => {
    expect(SAMPLE_SCENARIOS).toHaveLength(10);
    for (const sample of SAMPLE_SCENARIOS) {
      const preset = PRESET_INTERVIEWERS.find((p) => p.slug === sample.slug);
      expect(preset, sample.slug).toBeDefined();
      expect(sample).toMatchObject({
        name: preset?.name,
        role: preset?.role,
        company: preset?.company,
        callType: preset?.callType,
      });
      expect(sample.questions.length).toBeGreaterThanOrEqual(2);
      for (const q of sample.questions) expect(preset?.sampleQuestions).toContain(q);
      expect(sample.summary.length).toBeGreaterThan(20);
    }
  });
});
