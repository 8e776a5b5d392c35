import { Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { ProviderSaveInput, type ProviderRow } from '../../../contract/org';
import { saveProvider } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { FormDialog } from '../../../components/FormDialog';
import { FormField, errorText } from '../../../components/FormField';
import { useFormSave, useUniqueCheck } from '../../shared/forms';

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
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const unique = useUniqueCheck(t, form, provider?.id ?? null);
  const err = (name: keyof ProviderSaveInput) => errorText(t, name, errors[name]);

  const { submit, failure } = useFormSave(t, form, saveProvider, onSaved);

  return (
    <FormDialog
      open
      title={t(provider ? 'org.provider.editTitle' : 'org.provider.newTitle')}
      failure={failure}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={t('fields.name')} required error={err('name')}>
          <Input {...register('name', { onBlur: unique('name', 'serviceProviderName') })} />
        </FormField>
        <FormField label={t('fields.contactName')} error={err('contactName')}>
          <Input {...register('contactName')} autoComplete="off" />
        </FormField>
        <FormField label={t('fields.contactEmail')} error={err('contactEmail')}>
          <Input {...register('contactEmail')} type="email" inputMode="email" />
        </FormField>
        <FormField label={t('fields.phone')} error={err('phone')}>
          <Input {...register('phone')} type="tel" inputMode="tel" />
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
