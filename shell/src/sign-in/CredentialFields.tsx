import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormTextField } from '@bookswap/shared/ui/form-fields';

export interface CredentialFieldsProps {
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  errors: { email?: FieldError; password?: FieldError };
  disabled: boolean;
  /** Sign-up: lets a password manager offer a new password instead of a saved one. */
  newPassword?: boolean;
}

/** Email and password, the last two fields of both sign-in screens. */
export function CredentialFields({ email, password, errors, disabled, newPassword = false }: CredentialFieldsProps) {
  return (
    <>
      <FormTextField
        label="Email"
        type="email"
        autoComplete="email"
        disabled={disabled}
        fieldError={errors.email}
        registration={email}
      />
      <FormTextField
        label="Password"
        type="password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        disabled={disabled}
        fieldError={errors.password}
        registration={password}
      />
    </>
  );
}
