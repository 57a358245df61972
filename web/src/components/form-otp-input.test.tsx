import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FormOtpInput, otpDigits } from './form-otp-input';

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="otp">Codice</label>
      <FormOtpInput id="otp" value={value} onChange={setValue} />
    </>
  );
}

describe('otpDigits', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['123-456-789', '123456'],
    ['Il tuo codice è 654321.', '654321'],
    ['abc', ''],
  ])('%j → %j', (raw, digits) => {
    expect(otpDigits(raw)).toBe(digits);
  });
});

describe('FormOtpInput', () => {
  it('is a one-time-code field with the numeric keypad', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Codice');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.hasAttribute('maxlength')).toBe(false);
  });

  it('accepts a pasted code, with spaces or text around it', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Codice') as HTMLInputElement;
    fireEvent.paste(input, { clipboardData: { getData: () => 'Codice: 123 456' } });
    expect(input.value).toBe('123456');
  });

  it('keeps digits only when typing', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Codice') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a34' } });
    expect(input.value).toBe('1234');
  });
});
