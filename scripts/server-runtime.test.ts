import { describe, expect, it } from 'vitest';
import { serverEnv, serverNodeFlags } from './server-runtime.mjs';

describe('how npm start runs the server', () => {
  it("sets glibc's malloc settings, keeping an operator's own values", () => {
    expect(serverEnv({ PORT: '3000' })).toEqual({
      PORT: '3000',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
    expect(serverEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });

  it("caps V8's young generation unless NODE_OPTIONS names the flag", () => {
    expect(serverNodeFlags({})).toEqual(['--max-semi-space-size=2']);
    expect(serverNodeFlags({ NODE_OPTIONS: '--enable-source-maps' })).toEqual(['--max-semi-space-size=2']);
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-semi-space-size=16' })).toEqual([]);
    // V8 reads its flags with underscores too
    expect(serverNodeFlags({ NODE_OPTIONS: '--max_semi_space_size=0' })).toEqual([]);
  });
});
