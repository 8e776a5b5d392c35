import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { OperatorSaveInput, type OperatorRow, type OperatorSaved } from '../../contract/operators';
import type { BranchTreeNode, OrgOption } from '../../contract/org';
import { roleLevel, roleNameKey, type OperatorType } from '../../contract/roles';
import { saveOperator } from '../../services/operators';
import { useT } from '../../app/i18n';
import type { Option } from '../../components/FilterBar';
import { useUniqueCheck } from '../shared/forms';
import { languageOptions, orgOptions } from '../shared/options';
import { SaveDialog } from '../shared/SaveDialog';
import { FieldGrid, SelectField, TextField } from '../shared/formFields';

export interface OrgPickers {
  providers: readonly OrgOption[];
  companies: readonly OrgOption[];
  agents: readonly OrgOption[];
  tree: readonly BranchTreeNode[];
}

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
  const { control } = form;
  const unique = useUniqueCheck(t, form, operator?.id ?? null);
  const role = Number(useWatch({ control, name: 'operatorType' })) as OperatorType;
  const companyId = useWatch({ control, name: 'companyId' });
  const level = roleLevel(role);
  const branches: Option[] =
    pickers.tree
      .find((c) => c.id === Number(companyId))
      ?.branches.map((b) => ({ value: String(b.id), label: b.name })) ?? [];

  const orgSelect = (
    name: 'serviceProviderId' | 'companyId' | 'agentId' | 'branchUnitId',
    options: Option[],
    required: boolean,
  ) => (
    <SelectField
      name={name}
      required={required}
      numeric
      placeholder={required ? t('org.choose') : t('operators.wholeCompany')}
      options={options}
    />
  );

  return (
    <SaveDialog
      form={form}
      title={t(operator ? 'operators.editTitle' : 'operators.newTitle')}
      save={saveOperator}
      onSaved={onSaved}
      onClose={onClose}
    >
      <FieldGrid>
        <TextField
          name="loginId"
          required
          helper={operator ? undefined : t('operators.loginIdHelp')}
          readOnly={operator !== null}
          autoComplete="off"
          autoCapitalize="none"
        />
        <TextField name="userName" required autoComplete="off" />
        <TextField name="email" required type="email" inputMode="email" autoComplete="off" />
        <TextField name="mobile" onBlurCheck={unique('mobile', 'mobile')} type="tel" inputMode="tel" />
        <TextField name="title" />
        <SelectField name="workingLanguage" options={languageOptions(t)} />
        <SelectField
          name="operatorType"
          required
          numeric
          options={roles.map((r) => ({ value: String(r), label: t(roleNameKey(r)) }))}
        />
        {level === 'serviceProvider' &&
          orgSelect('serviceProviderId', orgOptions(t, pickers.providers), true)}
        {level === 'company' && orgSelect('companyId', orgOptions(t, pickers.companies), true)}
        {level === 'company' && orgSelect('branchUnitId', branches, false)}
        {level === 'agent' && orgSelect('agentId', orgOptions(t, pickers.agents), true)}
      </FieldGrid>
    </SaveDialog>
  );
}
