import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';
import type { FieldError } from 'react-hook-form';
import type { MessageRef } from '../contract/validation';
import { renderMessage, type Translate } from '../i18n/translator';

/**
 * The text of a form error: the contract's message references (yup via the resolver) are
 * rendered in the reader's language with the field's label; server messages come as text.
 */
export function errorText(t: Translate, name: string, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  const message = error.message as unknown;
  if (typeof message === 'string' && message) return message;
  if (message && typeof message === 'object' && 'key' in message) {
    const ref = message as MessageRef;
    const field = typeof ref.values?.field === 'string' ? ref.values.field : name;
    return renderMessage(t, { ...ref, values: { ...ref.values, field } });
  }
  return renderMessage(t, { key: 'validation.invalid', values: { field: name } });
}

/**
 * A field label; required fields get their asterisk from CSS so the label's text stays the
 * plain field name (what a screen reader and `getByLabel('…', { exact: true })` see).
 */
export function RequiredLabel({ children, ...props }: Field.LabelProps) {
  return (
    <Field.Label
      {...props}
      _required={{ _after: { content: '"*" / ""', color: 'fg.error', marginStart: '0.5' } }}
    >
      {children}
    </Field.Label>
  );
}

/** A labelled form field; Chakra's Field ties label, input, help and error together for screen readers. */
export function FormField({
  label,
  error,
  required,
  helper,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <RequiredLabel>{label}</RequiredLabel>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
