import { useCallback } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { CheckType } from '../../contract/checks';
import { isApiError } from '../../services/client';
import { dataExists } from '../../services/checks';
import { renderMessage, type Translate } from '../../i18n';

/**
 * A refused save: the server's field messages go beside their fields (INVALID `errors`,
 * e.g. `ubos[2].city`); the returned text goes above the form.
 */
export function showServerErrors<F extends FieldValues>(
  t: Translate,
  e: unknown,
  setError: UseFormReturn<F>['setError'],
): string {
  for (const [field, message] of Object.entries(isApiError(e) ? (e.errors ?? {}) : {})) {
    const path = field.replace(/\[(\d+)\]/g, '.$1');
    setError(path as Path<F>, { type: 'server', message });
  }
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
