import { forwardRef, type ClipboardEvent } from 'react';
import './form-kit.css';

export const OTP_LENGTH = 6;

/** Whatever was typed or pasted ('123 456', '123-456', 'Il codice è 123456') → at most 6 digits. */
export const otpDigits = (raw: string, length = OTP_LENGTH): string => raw.replace(/\D/g, '').slice(0, length);

export interface FormOtpInputProps {
  id: string;
  value: string;
  onChange: (digits: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  disabled?: boolean;
}

/**
 * One input for the whole code (not six boxes): the OS offers the SMS code (autocomplete=one-time-code),
 * the numeric keypad opens, and a pasted code with spaces or text around it still fills it.
 * No maxLength: the browser would cut '123 456' to '123 45' before we could clean it.
 */
export const FormOtpInput = forwardRef<HTMLInputElement, FormOtpInputProps>(function FormOtpInput(
  { id, value, onChange, invalid = false, describedBy, disabled = false },
  ref,
) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!text) return;
    event.preventDefault();
    onChange(otpDigits(text));
  };
  return (
    <input
      ref={ref}
      id={id}
      name="otp"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      className={`form-control form-control-lg otp-input${invalid ? ' is-invalid' : ''}`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(otpDigits(event.target.value))}
      onPaste={onPaste}
      spellCheck={false}
    />
  );
});
