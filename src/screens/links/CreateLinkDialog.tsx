import { useEffect, type ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { LinkDraft, LinkRecord } from '../../contract/preorders';
import { useT } from '../../app/i18n';
import { LifecycleDialog, LifecycleView } from './LifecycleView';
import { useLinkLifecycle, type LinkLifecycle } from './useLinkLifecycle';
import { FailureAlert } from '../../components/FailureAlert';

/**
 * A refused create's field messages (INVALID `errors`: the company, a payment limit on the
 * amount, a company's branch) go beside their fields, in the server's words in the user's
 * language, the first one focused; the dialog's banner shows the refusal only when it names
 * no field of the form.
 */
function useFieldErrors<F extends FieldValues>(
  form: UseFormReturn<F>,
  errors: Record<string, string> | undefined,
) {
  useEffect(() => {
    Object.entries(errors ?? {}).forEach(([field, message], i) =>
      form.setError(field as Path<F>, { type: 'server', message }, { shouldFocus: i === 0 }),
    );
  }, [form, errors]);
}

/** The machine's refusal text, unless it is one shown at a field of `form`. */
const bannerText = <F extends FieldValues>(
  form: UseFormReturn<F>,
  error: string | null,
  errors: Record<string, string>,
) =>
  error &&
  !Object.entries(errors).some(
    ([field, message]) => message === error && form.getValues(field as Path<F>) !== undefined,
  )
    ? error
    : null;

type Translate = ReturnType<typeof useT>;

/** The dialog's texts of each kind (written out, so the catalogue check sees every key). */
const textsOf = (t: Translate, kind: 'url' | 'preOrder') =>
  kind === 'url'
    ? {
        newTitle: t('links.url.newTitle'),
        createdTitle: t('links.url.createdTitle'),
        create: t('links.url.create'),
        again: t('links.url.new'),
      }
    : {
        newTitle: t('preorders.newTitle'),
        createdTitle: t('preorders.createdTitle'),
        create: t('preorders.create'),
        again: t('preorders.new'),
      };

/**
 * The dialog of a new URL payment or pre-order, on the pre-order machine: the form while it
 * is a draft (Cancel / Create, the refusal above the fields), then the created link with its
 * QR code and what the machine allows (New once it has ended, Close). The two kinds differ in
 * their form, their draft, their summary and their texts (`links.url`, `preorders`).
 */
export function CreateLinkDialog<V extends FieldValues>({
  kind,
  form,
  toDraft,
  fields,
  summary,
  onDone,
}: {
  kind: LinkDraft['kind'];
  form: UseFormReturn<V>;
  toDraft: (values: V) => LinkDraft;
  fields: ReactNode;
  /** The created link's row (as last read) for the dialog's summary. */
  summary: (record: LinkRecord, lifecycle: LinkLifecycle) => ReactNode;
  onDone: (changed: boolean) => void;
}) {
  const t = useT();
  const lifecycle = useLinkLifecycle(kind);
  useFieldErrors(form, lifecycle?.state.context.fieldErrors);
  if (!lifecycle) return null;
  const { state, send } = lifecycle;
  const drafting = state.matches('draft') || state.matches('creating');
  const formId = kind === 'url' ? 'pay-link-form' : 'pre-order-form';
  const texts = textsOf(t, kind);
  const banner = bannerText(form, state.context.error, state.context.fieldErrors);
  const submit = form.handleSubmit((values) => send({ type: 'CREATE', draft: toDraft(values) }));
  const record = state.context.record;

  return (
    <LifecycleDialog
      open
      title={drafting ? texts.newTitle : texts.createdTitle}
      onDone={() => onDone(!drafting)}
      footer={
        drafting ? (
          <>
            <Button variant="outline" onClick={() => onDone(false)} disabled={state.hasTag('busy')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={state.matches('creating')}>
              {texts.create}
            </Button>
          </>
        ) : (
          <>
            {state.can({ type: 'NEW' }) && (
              <Button variant="outline" onClick={() => (form.reset(), send({ type: 'NEW' }))}>
                {texts.again}
              </Button>
            )}
            <Button onClick={() => onDone(true)} disabled={state.hasTag('busy')}>
              {t('common.close')}
            </Button>
          </>
        )
      }
    >
      {drafting ? (
        <FormProvider {...form}>
          <form id={formId} onSubmit={submit} noValidate aria-label={texts.newTitle}>
            <Stack gap="4">
              <FailureAlert text={banner} />
              {fields}
            </Stack>
          </form>
        </FormProvider>
      ) : (
        <LifecycleView lifecycle={lifecycle} kind={kind} summary={record && summary(record, lifecycle)} />
      )}
    </LifecycleDialog>
  );
}
