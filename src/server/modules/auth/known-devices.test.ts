import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_TTL_MS, deviceToken, deviceUser } from './known-devices.js';

describe('device cookies', () => {
  const key = randomBytes(32);
  const issued = new Date('2026-11-27T04:00:00Z');
  const later = (ms: number) => new Date(issued.getTime() + ms);

  it('name the account they were given for, until DEVICE_TTL_MS has passed', () => {
    const token = deviceToken(key, 42, issued);
    expect(deviceUser(key, token, issued)).toEqual({ userId: 42, id: token.split('.')[2] });
    expect(deviceUser(key, token, later(DEVICE_TTL_MS))?.userId).toBe(42);
    // each cookie given is a device of its own
    expect(deviceUser(key, deviceToken(key, 42, later(1)), later(1))?.id).not.toBe(token.split('.')[2]);
    expect(deviceUser(key, token, later(DEVICE_TTL_MS + 1))).toBeNull();
    // issued in the future: not one of ours
    expect(deviceUser(key, token, later(-1))).toBeNull();
  });

  it('cannot be forged: another account, another time, another key or a changed signature is nothing', () => {
    const token = deviceToken(key, 42, issued);
    const [, time, signature] = token.split('.');
    expect(deviceUser(key, `43.${time}.${signature}`, issued)).toBeNull();
    expect(deviceUser(key, `42.${Number(time) + 1}.${signature}`, later(1))).toBeNull();
    expect(deviceUser(randomBytes(32), token, issued)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(deviceUser(key, `42.${time}.${flipped}`, issued)).toBeNull();
    for (const junk of [undefined, '', '42', `${token}.x`, 'a'.repeat(500), `42.${time}.${signature}=`]) {
      expect(deviceUser(key, junk, issued)).toBeNull();
    }
  });
});
