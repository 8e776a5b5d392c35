import { Field, Input } from '@chakra-ui/react';

/**
 * A required file field of an upload dialog: one file, a hint (what it takes, its size), its
 * refusal (if the dialog shows it at the field) under it. `onChoose` gets the chosen file, or
 * null when the choice is cleared.
 */
export function FileField({
  label,
  accept,
  hint,
  error,
  disabled,
  onChoose,
}: {
  label: string;
  accept: string;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
}) {
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="file"
        name="file"
        accept={accept}
        p="1"
        disabled={disabled}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
      />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
