import type { ReactNode } from 'react';
import { Card, Heading, Input, SimpleGrid, Stack, Textarea, type InputProps } from '@chakra-ui/react';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { useT } from '../../app/i18n';
import { fieldLabel } from '../../i18n/translator';
import { FormField, errorText } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { DateInput } from '../../components/DateInput';
import type { Option } from '../../components/FilterBar';
import { OptionSelect } from '../../components/OptionSelect';
import type { OrgOption } from '../../contract/org';
import { orgOptions } from './options';

/**
 * Fields of the long organisation forms (company, agency) inside a react-hook-form
 * FormProvider. Labels are the field names' catalogue entries (`fields.<leaf>`), the same
 * ones the contract's messages use.
 */
const leafOf = (name: string) => name.split('.').pop() ?? name;

/** The form's error text of a field (nested paths like `ubos.2.city` too). */
export function useFieldError() {
  const t = useT();
  const { getFieldState, formState } = useFormContext();
  return (name: string) => {
    // Reading formState.errors subscribes the caller to error changes.
    void formState.errors;
    return errorText(t, leafOf(name), getFieldState(name, formState).error as FieldError | undefined);
  };
}

export function TextField({
  name,
  label,
  required,
  onBlurCheck,
  helper,
  ...input
}: {
  name: string;
  label?: string;
  required?: boolean;
  onBlurCheck?: () => void;
  helper?: ReactNode;
} & Omit<InputProps, 'name'>) {
  const t = useT();
  const { register } = useFormContext();
  const error = useFieldError();
  return (
    <FormField
      label={label ?? fieldLabel(t, leafOf(name))}
      required={required}
      error={error(name)}
      helper={helper}
    >
      <Input {...input} {...register(name, { onBlur: onBlurCheck })} />
    </FormField>
  );
}

/** A free text of a few lines (remarks, comments). */
export function TextAreaField({ name, label, rows = 2 }: { name: string; label?: string; rows?: number }) {
  const t = useT();
  const { register } = useFormContext();
  const error = useFieldError();
  return (
    <FormField label={label ?? fieldLabel(t, leafOf(name))} error={error(name)}>
      <Textarea {...register(name)} rows={rows} />
    </FormField>
  );
}

export function SelectField({
  name,
  label,
  required,
  options,
  placeholder,
  disabled,
  numeric,
}: {
  name: string;
  label?: string;
  required?: boolean;
  options: readonly Option[];
  /** The first, empty choice ('' — null when `numeric`). */
  placeholder?: string;
  disabled?: boolean;
  /** The value is a number (ids, enumerations); '' becomes null for the schema to judge. */
  numeric?: boolean;
}) {
  const t = useT();
  const { register } = useFormContext();
  const error = useFieldError();
  return (
    <FormField label={label ?? fieldLabel(t, leafOf(name))} required={required} error={error(name)}>
      <OptionSelect
        root={{ disabled }}
        {...register(
          name,
          numeric ? { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) } : {},
        )}
        {...(placeholder !== undefined ? { placeholder } : {})}
        options={options}
      />
    </FormField>
  );
}

/** The service provider an organisation (agency, company) belongs to, among those in scope; `fixed`: not to be moved. */
export function ProviderField({ providers, fixed }: { providers: readonly OrgOption[]; fixed: boolean }) {
  const t = useT();
  return (
    <SelectField
      name="serviceProviderId"
      required
      numeric
      disabled={fixed}
      placeholder={t('org.choose')}
      options={orgOptions(t, providers)}
    />
  );
}

/** An amount in major units of `currency`, stored as integer minor units. */
export function MoneyField({
  name,
  label,
  helper,
  currency,
  required,
}: {
  name: string;
  label?: string;
  helper?: ReactNode;
  currency: string;
  required?: boolean;
}) {
  const t = useT();
  const { control } = useFormContext();
  const error = useFieldError();
  return (
    <FormField
      label={label ?? fieldLabel(t, leafOf(name))}
      error={error(name)}
      helper={helper}
      required={required}
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <MoneyInput
            name={field.name}
            value={field.value as number | null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            currency={currency}
          />
        )}
      />
    </FormField>
  );
}

/**
 * A date of the form (yyyy-MM-dd or ''), typed in the console's format in every language with
 * the browser's calendar beside it (a native date input shows mm/dd/yyyy in en-US browsers).
 */
export function DateField({ name, label, max }: { name: string; label?: string; max?: string }) {
  const t = useT();
  const { control } = useFormContext();
  const error = useFieldError();
  const text = label ?? fieldLabel(t, leafOf(name));
  return (
    <FormField label={text} error={error(name)}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateInput
            size="md"
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            max={max}
            pickLabel={t('common.calendarOf', { field: text })}
          />
        )}
      />
    </FormField>
  );
}

/** Two columns from tablet width, one on phones. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {children}
    </SimpleGrid>
  );
}

/**
 * A titled part of a long form: a section of its page (a card, h2, its fields one under
 * another), or `nested`, a group of fields inside one (an outlined small card, h3, the fields
 * in the grid: a company's channel).
 */
export function FormSection({
  title,
  nested = false,
  children,
}: {
  title: string;
  nested?: boolean;
  children: ReactNode;
}) {
  return (
    <Card.Root
      variant={nested ? 'outline' : undefined}
      size={nested ? 'sm' : undefined}
      as="section"
      aria-label={title}
    >
      <Card.Header pb="0">
        <Heading as={nested ? 'h3' : 'h2'} size={nested ? 'sm' : 'md'}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{nested ? <FieldGrid>{children}</FieldGrid> : <Stack gap="4">{children}</Stack>}</Card.Body>
    </Card.Root>
  );
}
