import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { BranchSaveInput, type BranchRow, type BranchTreeNode } from '../../../contract/org';
import { saveBranch } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { SaveDialog } from '../../shared/SaveDialog';
import { FieldGrid, SelectField, TextAreaField, TextField } from '../../shared/formFields';

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

  return (
    <SaveDialog
      form={form}
      title={t(branch ? 'org.branch.editTitle' : 'org.branch.newTitle')}
      save={saveBranch}
      onSaved={onSaved}
      onClose={onClose}
    >
      <SelectField
        name="companyId"
        required
        numeric
        disabled={branch !== null}
        placeholder={t('org.choose')}
        options={companies.map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <FieldGrid>
        <TextField name="name" required />
        <TextField name="code" />
        <TextField name="phone" type="tel" inputMode="tel" />
        <TextField name="contactName" />
      </FieldGrid>
      <TextField name="address" />
      <TextAreaField name="remark" />
    </SaveDialog>
  );
}
