import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiTranscriber } from '../../providers/stt/openai-transcription.js';
import { createTestContext, type TestContext } from '../../test-support/test-app.js';

describe('public config', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { SUPPORT_EMAIL: 'help@practice.example' } });
  });
  afterAll(() => ctx.close());

  it('tells a visitor the support address and nothing secret', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['speech', 'supportEmail']);
    expect(res.json().supportEmail).toBe('help@practice.example');
  });

  it('says how calls hear the user: the server’s recogniser, and whether the browser’s may be used', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(['cloud', 'builtin', 'none']).toContain(res.json().speech.server);
    expect(res.json().speech.browser).toBe(true);

    const off = await createTestContext({
      env: { BROWSER_SPEECH: 'off' },
      providers: { speech: { stt: null } },
    });
    try {
      const answer = await off.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(answer.json().speech).toEqual({ server: 'none', browser: false });
    } finally {
      await off.close();
    }
    const cloud = await createTestContext({
      providers: {
        speech: {
          stt: createOpenAiTranscriber({
            baseURL: 'http://127.0.0.1:9/v1',
            model: 'whisper-1',
            timeoutMs: 1000,
          }),
        },
      },
    });
    try {
      const answer = await cloud.app.inject({ method: 'GET', url: '/api/public-config' });
      expect(answer.json().speech.server).toBe('cloud');
    } finally {
      await cloud.close();
    }
  });
});
