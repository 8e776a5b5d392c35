import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { CheckType } from '../../contract/checks';
import { showSuccess } from '../../app/toaster';
import { isApiError } from '../../services/client';
import { dataExists } from '../../services/checks';
import { renderMessage, type Translate } from '../../i18n/translator';

/** A field of the wire (`ubos[2].city`) as react-hook-form names it (`ubos.2.city`). */
export const formPath = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

/**
 * A refused save: the server's field messages go beside their fields (INVALID `errors`,
 * e.g. `ubos[2].city`), the first one focused; the returned text goes above the form. Given
 * the form's `getValues`, a refusal whose every field is one of the form's returns null: it is
 * all shown at its fields, no banner. `pathOf` names the form's field of a wire field (a rate
 * grid's rows: src/screens/shared/rateGrid).
 */
export function showServerErrors<F extends FieldValues>(
  t: Translate,
  e: unknown,
  setError: UseFormReturn<F>['setError'],
  getValues?: UseFormReturn<F>['getValues'],
  pathOf: (field: string) => string = formPath,
): string | null {
  const errors = Object.entries(isApiError(e) ? (e.errors ?? {}) : {});
  let elsewhere = false;
  errors.forEach(([field, message], i) => {
    const path = pathOf(field) as Path<F>;
    setError(path, { type: 'server', message }, { shouldFocus: i === 0 });
    if (!getValues || getValues(path) === undefined) elsewhere = true;
  });
  if (errors.length > 0 && !elsewhere) return null;
  return e instanceof Error && e.message ? e.message : t('common.submitError');
}

/**
 * The uniqueness check of spec point 5 when a field loses focus: /checkDataExist, and the
 * field's message when the value is taken. `excludeId` is the record being edited.
 */
export function useUniqueCheck<F extends FieldValues>(
  t: Translate,
  form: UseFormReturn<F>,
  excludeId: number | null,
) {
  const { getValues, getFieldState, setError } = form;
  return useCallback(
    (name: Path<F>, type: CheckType) => async () => {
      const value = String(getValues(name) ?? '').trim();
      if (!value || value.startsWith('••••') || getFieldState(name).error) return;
      try {
        if (await dataExists({ type, value, excludeId })) {
          setError(name, {
            type: 'duplicate',
            message: renderMessage(t, { key: 'validation.duplicate', values: { field: name } }),
          });
        }
      } catch {
        // No answer: nothing to say now; save checks again.
      }
    },
    [t, getValues, getFieldState, setError, excludeId],
  );
}

/**
 * A form's save: on submit, the call; on success the "saved" toast and `onSaved` with the
 * reply; on refusal the server's messages beside their fields, and `failure` above the form
 * only for what names no field of the form. `invalid`: the text above the form when its own
 * check refuses (long forms, whose fields may be out of view); `pathOf`: the form's field of a
 * wire field, for the values sent (a rate grid's rows).
 */
export function useFormSave<F extends FieldValues, R>(
  t: Translate,
  form: UseFormReturn<F>,
  save: (values: F) => Promise<R>,
  onSaved: (reply: R) => void,
  opts: { invalid?: string; pathOf?: (values: F) => (field: string) => string } = {},
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const reply = await save(values);
        showSuccess(t('common.saved'));
        onSaved(reply);
      } catch (e) {
        setFailure(showServerErrors(t, e, form.setError, form.getValues, opts.pathOf?.(values)));
      }
    },
    opts.invalid === undefined ? undefined : () => setFailure(opts.invalid ?? null),
  );
  return { submit, failure };
}
