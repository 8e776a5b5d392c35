import { Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { OperatorSaveInput, type OperatorRow, type OperatorSaved } from '../../contract/operators';
import type { BranchTreeNode, OrgOption } from '../../contract/org';
import { WORKING_LANGUAGES } from '../../contract/locale';
import { roleLevel, roleNameKey, type OperatorType } from '../../contract/roles';
import { saveOperator } from '../../services/operators';
import { useT } from '../../app/i18n';
import type { Option } from '../../components/FilterBar';
import { FormDialog } from '../../components/FormDialog';
import { FormField, errorText } from '../../components/FormField';
import { useFormSave, useUniqueCheck } from '../shared/forms';
import { orgOptions } from '../shared/options';

export interface OrgPickers {
  providers: readonly OrgOption[];
  companies: readonly OrgOption[];
  agents: readonly OrgOption[];
  tree: readonly BranchTreeNode[];
}

const toId = (v: unknown) => (v === '' || v == null ? null : Number(v));

/**
 * Create or edit an account: only roles below one's own (`roles`), the organisation of the
 * role's level picked from what the caller's scope holds. The login id cannot change.
 */
export function OperatorDialog({
  operator,
  roles,
  pickers,
  onClose,
  onSaved,
}: {
  operator: OperatorRow | null;
  roles: readonly OperatorType[];
  pickers: OrgPickers;
  onClose: () => void;
  onSaved: (saved: OperatorSaved) => void;
}) {
  const t = useT();
  const form = useForm<OperatorSaveInput>({
    resolver: yupResolver(OperatorSaveInput),
    defaultValues: operator
      ? {
          id: operator.id,
          loginId: operator.loginId,
          userName: operator.userName,
          email: operator.email,
          mobile: operator.mobile,
          title: operator.title,
          operatorType: operator.operatorType,
          workingLanguage: operator.workingLanguage as OperatorSaveInput['workingLanguage'],
          serviceProviderId: operator.serviceProviderId,
          companyId: operator.companyId,
          branchUnitId: operator.branchUnitId,
          agentId: operator.agentId,
        }
      : {
          id: null,
          loginId: '',
          userName: '',
          email: '',
          mobile: '',
          title: '',
          operatorType: roles[roles.length - 1],
          workingLanguage: 'jp',
          serviceProviderId: pickers.providers.length === 1 ? pickers.providers[0].id : null,
          companyId: pickers.companies.length === 1 ? pickers.companies[0].id : null,
          branchUnitId: null,
          agentId: pickers.agents.length === 1 ? pickers.agents[0].id : null,
        },
  });
  const { register, formState, control } = form;
  const { errors, isSubmitting } = formState;
  const unique = useUniqueCheck(t, form, operator?.id ?? null);
  const err = (name: keyof OperatorSaveInput) => errorText(t, name, errors[name]);
  const role = Number(useWatch({ control, name: 'operatorType' })) as OperatorType;
  const companyId = useWatch({ control, name: 'companyId' });
  const level = roleLevel(role);
  const branches: Option[] =
    pickers.tree
      .find((c) => c.id === Number(companyId))
      ?.branches.map((b) => ({ value: String(b.id), label: b.name })) ?? [];

  const { submit, failure } = useFormSave(t, form, saveOperator, onSaved);

  const orgSelect = (
    name: 'serviceProviderId' | 'companyId' | 'agentId' | 'branchUnitId',
    options: Option[],
    required: boolean,
  ) => (
    <FormField label={t(`fields.${name}`)} required={required} error={err(name)}>
      <NativeSelect.Root>
        <NativeSelect.Field {...register(name, { setValueAs: toId })}>
          <option value="">{required ? t('org.choose') : t('operators.wholeCompany')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );

  return (
    <FormDialog
      open
      title={t(operator ? 'operators.editTitle' : 'operators.newTitle')}
      failure={failure}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label={t('fields.loginId')}
          required
          error={err('loginId')}
          helper={operator ? undefined : t('operators.loginIdHelp')}
        >
          <Input
            {...register('loginId')}
            readOnly={operator !== null}
            autoComplete="off"
            autoCapitalize="none"
          />
        </FormField>
        <FormField label={t('fields.userName')} required error={err('userName')}>
          <Input {...register('userName')} autoComplete="off" />
        </FormField>
        <FormField label={t('fields.email')} required error={err('email')}>
          <Input {...register('email')} type="email" inputMode="email" autoComplete="off" />
        </FormField>
        <FormField label={t('fields.mobile')} error={err('mobile')}>
          <Input {...register('mobile', { onBlur: unique('mobile', 'mobile') })} type="tel" inputMode="tel" />
        </FormField>
        <FormField label={t('fields.title')} error={err('title')}>
          <Input {...register('title')} />
        </FormField>
        <FormField label={t('fields.workingLanguage')} error={err('workingLanguage')}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('workingLanguage')}>
              {WORKING_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {t(`languages.${l}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={t('fields.operatorType')} required error={err('operatorType')}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('operatorType', { setValueAs: toId })}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(roleNameKey(r))}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {level === 'serviceProvider' &&
          orgSelect('serviceProviderId', orgOptions(t, pickers.providers), true)}
        {level === 'company' && orgSelect('companyId', orgOptions(t, pickers.companies), true)}
        {level === 'company' && orgSelect('branchUnitId', branches, false)}
        {level === 'agent' && orgSelect('agentId', orgOptions(t, pickers.agents), true)}
      </SimpleGrid>
    </FormDialog>
  );
}
