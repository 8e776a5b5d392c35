import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { ProviderSaveInput, type ProviderRow } from '../../../contract/org';
import { saveProvider } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { useUniqueCheck } from '../../shared/forms';
import { SaveDialog } from '../../shared/SaveDialog';
import { FieldGrid, TextAreaField, TextField } from '../../shared/formFields';

const EMPTY: ProviderSaveInput = {
  id: null,
  name: '',
  contactName: '',
  contactEmail: '',
  phone: '',
  address: '',
  remark: '',
};

/** Create or edit a service provider; the name must be unique (checked on blur and on save). */
export function ProviderDialog({
  provider,
  onClose,
  onSaved,
}: {
  /** null: a new provider. */
  provider: ProviderRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const form = useForm<ProviderSaveInput>({
    resolver: yupResolver(ProviderSaveInput),
    defaultValues: provider
      ? {
          id: provider.id,
          name: provider.name,
          contactName: provider.contactName,
          contactEmail: provider.contactEmail,
          phone: provider.phone,
          address: provider.address,
          remark: provider.remark,
        }
      : EMPTY,
  });
  const unique = useUniqueCheck(t, form, provider?.id ?? null);

  return (
    <SaveDialog
      form={form}
      title={t(provider ? 'org.provider.editTitle' : 'org.provider.newTitle')}
      save={saveProvider}
      onSaved={onSaved}
      onClose={onClose}
    >
      <FieldGrid>
        <TextField name="name" required onBlurCheck={unique('name', 'serviceProviderName')} />
        <TextField name="contactName" autoComplete="off" />
        <TextField name="contactEmail" type="email" inputMode="email" />
        <TextField name="phone" type="tel" inputMode="tel" />
      </FieldGrid>
      <TextField name="address" />
      <TextAreaField name="remark" />
    </SaveDialog>
  );
}
