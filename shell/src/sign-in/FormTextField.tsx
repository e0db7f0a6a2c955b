import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export type FormTextFieldProps = Omit<TextFieldProps, 'error' | 'name' | 'onChange' | 'onBlur' | 'inputRef'> & {
  registration: UseFormRegisterReturn;
  /** When set, the field turns red and its message replaces the helper text. */
  fieldError?: FieldError;
};

/** A text field of a sign-in form, registered with react-hook-form. */
export function FormTextField({
  registration: { ref, ...registration },
  fieldError,
  helperText,
  ...props
}: FormTextFieldProps) {
  return (
    <TextField
      error={Boolean(fieldError)}
      helperText={fieldError ? fieldError.message : helperText}
      {...props}
      {...registration}
      // MUI's TextField takes the input's ref as `inputRef`: react-hook-form focuses and reads the real input through it.
      inputRef={ref}
    />
  );
}
