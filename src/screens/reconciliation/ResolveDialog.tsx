import { RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { RESOLUTIONS, ResolveInput, type ReconGroup, type ReconResult } from '../../contract/reconciliation';
import { useT } from '../../app/i18n';
import { FormDialog } from '../../components/FormDialog';
import { FormField, errorText } from '../../components/FormField';
import { resolveException } from '../../services/reconciliation';
import { useFormSave } from '../shared/forms';
import { CodeBadge } from './reconCells';

/**
 * Resolving an exception: the decision (the brand is right, the gateway is right, written off)
 * and a required comment, checked with the contract's schema here and again by the server,
 * whose refusal comes back at the field (or above the fields when it is not a field's).
 */
export function ResolveDialog({
  group,
  result,
  onClose,
  onResolved,
}: {
  group: ReconGroup;
  result: ReconResult;
  onClose: () => void;
  onResolved: (r: ReconResult) => void;
}) {
  const t = useT();
  const form = useForm<ResolveInput>({
    resolver: yupResolver(ResolveInput),
    defaultValues: { resultId: result.id, decision: undefined, comment: '' },
  });
  const { register, formState, control } = form;
  const { errors, isSubmitting } = formState;
  const { submit, failure } = useFormSave(t, form, (v) => resolveException(group, v), onResolved);
  return (
    <FormDialog
      open
      size="md"
      title={t('reconciliation.resolve.title')}
      failure={failure}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <CodeBadge code={result.code} />
      <FormField
        label={t('reconciliation.resolve.decision')}
        required
        error={errorText(t, 'decision', errors.decision)}
      >
        <Controller
          control={control}
          name="decision"
          render={({ field }) => (
            <RadioGroup.Root
              name={field.name}
              value={field.value ?? null}
              onValueChange={(e) => field.onChange(e.value)}
              aria-label={t('reconciliation.resolve.decision')}
            >
              <Stack gap="2">
                {RESOLUTIONS.map((r) => (
                  <RadioGroup.Item key={r} value={r}>
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`reconciliation.resolutions.${r}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          )}
        />
      </FormField>
      <FormField
        label={t('reconciliation.resolve.comment')}
        required
        helper={t('reconciliation.resolve.commentHint')}
        error={errorText(t, 'comment', errors.comment)}
      >
        <Textarea {...register('comment')} rows={3} maxLength={500} />
      </FormField>
    </FormDialog>
  );
}
