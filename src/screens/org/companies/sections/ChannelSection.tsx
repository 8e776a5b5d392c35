import type { ReactNode } from 'react';
import { Card, Heading, Stack, Textarea } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import type { CompanySecretField } from '../../../../contract/org';
import { useT } from '../../../../app/i18n';
import { FormField } from '../../../../components/FormField';
import { SecretInput } from '../../../../components/SecretInput';
import type { CompanyForm } from '../companyForm';
import { FieldGrid, TextField, useFieldError } from '../../../shared/formFields';

/** WeChat, Chinese-pay, PayPay and Paytree settings; keys and tokens are masked with "Replace". */
export function ChannelSection({ stored }: { stored: Partial<Record<CompanySecretField, string>> }) {
  const t = useT();
  const { register } = useFormContext<CompanyForm>();
  const error = useFieldError();
  const secret = (name: CompanySecretField) => <SecretField name={name} stored={stored[name] ?? ''} />;
  return (
    <Stack gap="4">
      <Channel title="WeChat Pay">
        <TextField name="wechatSubAppId" />
        <TextField name="wechatSubMchId" />
        <TextField name="wechatMcc" inputMode="numeric" maxLength={4} />
      </Channel>
      <Channel title={t('org.channel.chinaPay')}>
        <TextField name="chinaPayCompanyNo" />
        <TextField name="chinaPayBranchNo" />
        {secret('chinaPayToken')}
        {secret('chinaPaySecretKey')}
      </Channel>
      <Channel title="PayPay">
        <TextField name="paypayMerchantId" />
        <TextField name="paypayStoreId" />
        {secret('paypayAuthToken')}
        {secret('paypayKey')}
      </Channel>
      <Channel title="Paytree">
        <TextField name="paytreeId" />
        <TextField name="paytreeCompanyCode" />
        <TextField name="paytreeBranchCode" />
      </Channel>
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

function Channel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm" as="section" aria-label={title}>
      <Card.Header pb="0">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <FieldGrid>{children}</FieldGrid>
      </Card.Body>
    </Card.Root>
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
