import { Stack, Textarea } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import type { CompanySecretField } from '../../../../contract/org';
import { useT } from '../../../../app/i18n';
import { FormField } from '../../../../components/FormField';
import { SecretInput } from '../../../../components/SecretInput';
import type { CompanyForm } from '../companyForm';
import { FormSection, TextField, useFieldError } from '../../../shared/formFields';

/** WeChat, Chinese-pay, PayPay and Paytree settings; keys and tokens are masked with "Replace". */
export function ChannelSection({ stored }: { stored: Partial<Record<CompanySecretField, string>> }) {
  const t = useT();
  const { register } = useFormContext<CompanyForm>();
  const error = useFieldError();
  const secret = (name: CompanySecretField) => <SecretField name={name} stored={stored[name] ?? ''} />;
  return (
    <Stack gap="4">
      <FormSection nested title="WeChat Pay">
        <TextField name="wechatSubAppId" />
        <TextField name="wechatSubMchId" />
        <TextField name="wechatMcc" inputMode="numeric" maxLength={4} />
      </FormSection>
      <FormSection nested title={t('org.channel.chinaPay')}>
        <TextField name="chinaPayCompanyNo" />
        <TextField name="chinaPayBranchNo" />
        {secret('chinaPayToken')}
        {secret('chinaPaySecretKey')}
      </FormSection>
      <FormSection nested title="PayPay">
        <TextField name="paypayMerchantId" />
        <TextField name="paypayStoreId" />
        {secret('paypayAuthToken')}
        {secret('paypayKey')}
      </FormSection>
      <FormSection nested title="Paytree">
        <TextField name="paytreeId" />
        <TextField name="paytreeCompanyCode" />
        <TextField name="paytreeBranchCode" />
      </FormSection>
      <FormField label={t('fields.paytreePublicKey')} error={error('paytreePublicKey')}>
        <Textarea
          {...register('paytreePublicKey')}
          rows={4}
          fontFamily="mono"
          fontSize="xs"
          spellCheck={false}
        />
      </FormField>
    </Stack>
  );
}

function SecretField({ name, stored }: { name: CompanySecretField; stored: string }) {
  const t = useT();
  const { control } = useFormContext<CompanyForm>();
  const error = useFieldError();
  return (
    <FormField
      label={t(`fields.${name}`)}
      error={error(name)}
      helper={stored ? t('org.secrets.keepMasked') : undefined}
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <SecretInput
            value={field.value}
            stored={stored}
            onChange={field.onChange}
            label={t(`fields.${name}`)}
          />
        )}
      />
    </FormField>
  );
}
