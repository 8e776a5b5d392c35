import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../services/client';
import type { PreOrderDraft } from '../../contract/preorders';
import { useT } from '../../app/i18n';
import { businessDate } from '../../components/format';
import { LifecycleDialog, LifecycleView } from './LifecycleView';
import type { useLinkLifecycle } from './useLinkLifecycle';

/** The messages of a form's last refusal that are shown at its fields (by the form's control). */
const shownAtFields = new WeakMap<object, Set<string>>();

/**
 * A refused create's field messages (INVALID `errors`: the company, a payment limit on the
 * amount, a company's branch) go beside their fields, in the server's words in the user's
 * language, the first one focused; the call still fails, and the dialog's banner shows the
 * refusal only when it names no field of the form.
 */
export const showFieldErrors =
  <F extends FieldValues>(form: UseFormReturn<F>) =>
  (e: unknown): never => {
    const atFields = new Set<string>();
    Object.entries(isApiError(e) ? (e.errors ?? {}) : {}).forEach(([field, message], i) => {
      form.setError(field as Path<F>, { type: 'server', message }, { shouldFocus: i === 0 });
      if (form.getValues(field as Path<F>) !== undefined) atFields.add(message);
    });
    shownAtFields.set(form.control, atFields);
    throw e;
  };

/** The machine's refusal text, unless it is one shown at a field of `form`. */
const bannerText = (form: UseFormReturn<FieldValues>, error: string | null) =>
  error && !shownAtFields.get(form.control)?.has(error) ? error : null;

/** A link made in this dialog was created today or, past midnight, yesterday. */
export const sinceYesterday = () => ({ beginTime: businessDate(1), endTime: businessDate(0) });

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
export function CreateLinkDialog<V extends FieldValues, D extends PreOrderDraft>({
  kind,
  lifecycle,
  form,
  toDraft,
  fields,
  summary,
  onDone,
}: {
  kind: 'url' | 'preOrder';
  lifecycle: ReturnType<typeof useLinkLifecycle<D>>;
  form: UseFormReturn<V>;
  toDraft: (values: V) => D;
  fields: ReactNode;
  summary: ReactNode;
  onDone: (changed: boolean) => void;
}) {
  const t = useT();
  const { state, send } = lifecycle;
  const drafting = state.matches('draft') || state.matches('creating');
  const formId = kind === 'url' ? 'pay-link-form' : 'pre-order-form';
  const texts = textsOf(t, kind);
  const banner = bannerText(form as unknown as UseFormReturn<FieldValues>, state.context.error);
  const submit = form.handleSubmit((values) => send({ type: 'CREATE', draft: toDraft(values) }));

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
              {banner && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{banner}</Alert.Title>
                </Alert.Root>
              )}
              {fields}
            </Stack>
          </form>
        </FormProvider>
      ) : (
        <LifecycleView lifecycle={lifecycle} kind={kind} summary={summary} />
      )}
    </LifecycleDialog>
  );
}
