import { describe, expect, it } from 'vitest';
import { deviceCookieKey, newDeviceCookie, verifyDeviceCookie } from './device-cookie';

const OPERATOR = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('device cookie', () => {
  const key = deviceCookieKey({ otpPepper: 'un-pepe-di-prova-abbastanza-lungo' });

  it('names its operator and nonce, and verifies under its key only', () => {
    const { value, nonce } = newDeviceCookie(key, OPERATOR);
    expect(verifyDeviceCookie(key, value)).toEqual({ operatorId: OPERATOR, nonce });
    expect(verifyDeviceCookie(deviceCookieKey({ otpPepper: 'un-altro-pepe-ben-diverso-dal-primo' }), value)).toBeNull();
    // Without OTP_PEPPER: the process's own key, not a fixed one.
    expect(verifyDeviceCookie(deviceCookieKey({ otpPepper: undefined }), value)).toBeNull();
    expect(newDeviceCookie(key, OPERATOR).nonce).not.toBe(nonce);
  });

  it('refuses any change to its parts, and anything not of its shape', () => {
    const { value } = newDeviceCookie(key, OPERATOR);
    const [id = '', nonce = '', mac = ''] = value.split('.');
    const other = newDeviceCookie(key, OTHER).value.split('.');
    for (const forged of [
      `${OTHER}.${nonce}.${mac}`, `${id}.${other[1]}.${mac}`, `${id}.${nonce}.${other[2]}`,
      `${id}.${nonce}`, `${value}.x`, `${value}=`, '', 'x', `${id.toUpperCase()}.${nonce}.${mac}`,
    ]) {
      expect(verifyDeviceCookie(key, forged), forged).toBeNull();
    }
  });
});
