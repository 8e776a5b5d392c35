import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../app/i18n';
import { FormDialog } from '../../components/FormDialog';
import { useFormSave } from './forms';

/**
 * A record's create/edit dialog: the form (its fields are the shared ones of `formFields`,
 * which read it from context), the save call with its toast, and the server's refusals beside
 * their fields or above them (`useFormSave`).
 */
export function SaveDialog<F extends FieldValues, R>({
  form,
  title,
  save,
  onSaved,
  onClose,
  children,
}: {
  form: UseFormReturn<F>;
  title: string;
  save: (values: F) => Promise<R>;
  onSaved: (reply: R) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const { submit, failure } = useFormSave(t, form, save, onSaved);
  return (
    <FormProvider {...form}>
      <FormDialog
        open
        title={title}
        failure={failure}
        busy={form.formState.isSubmitting}
        onSubmit={submit}
        onClose={onClose}
      >
        {children}
      </FormDialog>
    </FormProvider>
  );
}
