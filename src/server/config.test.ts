import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.CALL_CREDIT_COST).toBe(1);
    expect(c.secureCookies).toBe(false);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    // the offline voice's own pace (espeak-engine.ts) unless one is set
    expect(c.VOICE_WORDS_PER_MINUTE).toBeUndefined();
    expect(loadConfig({ VOICE_WORDS_PER_MINUTE: '300' }).VOICE_WORDS_PER_MINUTE).toBe(300);
    // left empty in an .env file: unset, not 0
    expect(loadConfig({ VOICE_WORDS_PER_MINUTE: ' ' }).VOICE_WORDS_PER_MINUTE).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'longenough' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_EMAIL and ADMIN_PASSWORD'],
    [{ CALL_CREDIT_COST: '-1' }, 'CALL_CREDIT_COST'],
    [{ VOICE_WORDS_PER_MINUTE: '500' }, 'VOICE_WORDS_PER_MINUTE'],
    [{ VOICE_WORDS_PER_MINUTE: 'fast' }, 'VOICE_WORDS_PER_MINUTE'],
  ])('rejects %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('trusts no proxy by default, and only the addresses TRUST_PROXY lists', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).TRUST_PROXY).toEqual(['fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow('a hop count cannot tell a proxy from a client');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow('TRUST_PROXY');
  });

  it('turns on Secure cookies for an https PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://calls.example.com' }).secureCookies).toBe(true);
  });

  it('treats an empty DATABASE_URL as unset (embedded database)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
