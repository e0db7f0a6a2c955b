import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export type FormTextFieldProps = Omit<TextFieldProps, 'error' | 'name' | 'onChange' | 'onBlur' | 'inputRef'> & {
  registration: UseFormRegisterReturn;
  /** When set, the field turns red and its message replaces the helper text, under this field only. */
  fieldError?: FieldError;
};

/** A text field (or native select) of a react-hook-form form: sign-in, sign-up, Add Product. Full width unless told. */
export function FormTextField({
  registration: { ref, ...registration },
  fieldError,
  helperText,
  fullWidth = true,
  ...props
}: FormTextFieldProps) {
  return (
    <TextField
      fullWidth={fullWidth}
      error={Boolean(fieldError)}
      helperText={fieldError ? fieldError.message : helperText}
      {...props}
      {...registration}
      // MUI's TextField takes the input's ref as `inputRef`: react-hook-form focuses and reads the real input through it.
      inputRef={ref}
    />
  );
}
