import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { Status } from '../../contract/fields';
import { useT } from '../../app/i18n';
import type { LoadState } from '../../app/useLoad';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { TopProgress } from '../../components/TopProgress';
import NotFound from '../errors/NotFound';
import { FormActions } from './FormActions';
import { useFormSave } from './forms';

/**
 * A record's page (/setup/company/:id, /setup/agent/:id, /setup/brandAgent/:id) before its form:
 * another tenant's id or none at all is simply not there (the not-found page, no retry); a failed
 * load says so with a retry; until everything the form needs has come (`waiting`), the progress
 * bar. Null: the form can show.
 */
type Load = LoadState<unknown> & { reload: () => void };

export function recordGate(
  title: string,
  record: Load,
  loads: readonly Load[],
  waiting: boolean,
): ReactNode | null {
  if (record.data === 'notFound') return <NotFound inShell />;
  const failed = [record, ...loads].find((l) => l.status === 'failed');
  if (failed) {
    return (
      <>
        <PageHeader title={title} />
        <LoadFailed message={failed.error} onRetry={failed.reload} />
      </>
    );
  }
  return waiting ? <TopProgress /> : null;
}

/**
 * A record's form in sections: the header (name and status, back to the list), the form's
 * failure above it, the sections (read-only for whoever may not edit), cancel and save below.
 */
export function RecordForm<F extends FieldValues>({
  form,
  title,
  status,
  listHref,
  failure,
  readOnly,
  onSubmit,
  onCancel,
  children,
}: {
  form: UseFormReturn<F>;
  title: string;
  /** The stored record's status (none for a new one). */
  status?: Status;
  listHref: string;
  failure: string | null;
  readOnly: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <PageHeader
        title={title}
        description={status ? <StatusBadge status={status} /> : undefined}
        actions={
          <Button size="sm" variant="ghost" asChild>
            <Link href={listHref}>{t('common.back')}</Link>
          </Button>
        }
      />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          {failure && (
            <Alert.Root status="error" role="alert" mb="4">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Stack gap="4">{children}</Stack>
          </fieldset>
          {!readOnly && <FormActions busy={form.formState.isSubmitting} onCancel={onCancel} />}
        </form>
      </FormProvider>
    </>
  );
}

/**
 * A record form's save: a new record's page becomes the saved record's (`${listHref}/${id}`), a
 * stored one reloads; the form's own refusal says so above the form.
 */
export function useRecordSave<F extends FieldValues, R extends { id: number }>(
  form: UseFormReturn<F>,
  opts: {
    save: (values: F) => Promise<R>;
    isNew: boolean;
    listHref: string;
    onReload: () => void;
    pathOf?: (values: F) => (field: string) => string;
  },
) {
  const t = useT();
  const [, navigate] = useLocation();
  const onSaved = (saved: R) =>
    opts.isNew ? navigate(`${opts.listHref}/${saved.id}`, { replace: true }) : opts.onReload();
  return useFormSave(t, form, opts.save, onSaved, { invalid: t('org.fixErrors'), pathOf: opts.pathOf });
}
