import { NativeSelect } from '@chakra-ui/react';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/**
 * A native select of fixed options, an empty first choice when `placeholder` is given. The rest
 * of the props go to the select element (value and onChange, or react-hook-form's `register`);
 * `root` styles the box around it (size, width, disabled).
 */
export function OptionSelect({
  options,
  placeholder,
  root,
  ...field
}: {
  options: readonly SelectOption[];
  placeholder?: string;
  root?: NativeSelect.RootProps;
} & NativeSelect.FieldProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...field}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
