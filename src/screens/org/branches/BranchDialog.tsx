import { Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { BranchSaveInput, type BranchRow, type BranchTreeNode } from '../../../contract/org';
import { saveBranch } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { FormDialog } from '../../../components/FormDialog';
import { FormField, errorText } from '../../../components/FormField';
import { useFormSave } from '../../shared/forms';

/** Create or edit a branch of a company in scope. */
export function BranchDialog({
  branch,
  companies,
  companyId,
  onClose,
  onSaved,
}: {
  branch: BranchRow | null;
  companies: readonly BranchTreeNode[];
  /** The company picked in the tree, preselected for a new branch. */
  companyId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const form = useForm<BranchSaveInput>({
    resolver: yupResolver(BranchSaveInput),
    defaultValues: branch
      ? {
          id: branch.id,
          companyId: branch.companyId,
          name: branch.name,
          code: branch.code,
          address: branch.address,
          phone: branch.phone,
          contactName: branch.contactName,
          remark: branch.remark,
        }
      : {
          id: null,
          // The company picked in the tree, or the only one a company's staff have.
          companyId: (companyId
            ? Number(companyId)
            : companies.length === 1
              ? companies[0].id
              : undefined) as number,
          name: '',
          code: '',
          address: '',
          phone: '',
          contactName: '',
          remark: '',
        },
  });
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const err = (name: keyof BranchSaveInput) => errorText(t, name, errors[name]);

  const { submit, failure } = useFormSave(t, form, saveBranch, onSaved);

  return (
    <FormDialog
      open
      title={t(branch ? 'org.branch.editTitle' : 'org.branch.newTitle')}
      failure={failure}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label={t('fields.companyId')} required error={err('companyId')}>
        <NativeSelect.Root disabled={branch !== null}>
          <NativeSelect.Field
            {...register('companyId', { setValueAs: (v: string) => (v === '' ? null : Number(v)) })}
          >
            <option value="">{t('org.choose')}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('fields.name')} required error={err('name')}>
          <Input {...register('name')} />
        </FormField>
        <FormField label={t('fields.code')} error={err('code')}>
          <Input {...register('code')} />
        </FormField>
        <FormField label={t('fields.phone')} error={err('phone')}>
          <Input {...register('phone')} type="tel" inputMode="tel" />
        </FormField>
        <FormField label={t('fields.contactName')} error={err('contactName')}>
          <Input {...register('contactName')} />
        </FormField>
      </SimpleGrid>
      <FormField label={t('fields.address')} error={err('address')}>
        <Input {...register('address')} />
      </FormField>
      <FormField label={t('fields.remark')} error={err('remark')}>
        <Textarea {...register('remark')} rows={2} />
      </FormField>
    </FormDialog>
  );
}
