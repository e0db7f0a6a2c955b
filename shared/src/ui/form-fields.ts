// Form fields, an entry of their own: only the sign-in screens and Add Product load MUI's text field.
export { FormTextField } from './FormTextField';
export type { FormTextFieldProps } from './FormTextField';
