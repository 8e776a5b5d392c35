import { SimpleGrid } from '@chakra-ui/react';
import { LINK_EXPIRY_HOURS_MAX } from '../../contract/links';
import type { OrgOption } from '../../contract/org';
import { useT } from '../../app/i18n';
import { TextField } from '../shared/formFields';
import { CompanyField, LinkAmountFields } from './CompanyField';

/** The fields of a new URL payment (contract PayLinkCreate) inside the dialog's FormProvider. */
export function PayLinkForm({ companies }: { companies: readonly OrgOption[] | null }) {
  const t = useT();
  return (
    <>
      <CompanyField companies={companies} />
      <LinkAmountFields name="amount" />
      <TextField name="subject" required placeholder={t('links.url.subjectHint')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField name="payerName" />
        <TextField name="payerEmail" type="email" inputMode="email" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          name="expireHours"
          inputMode="numeric"
          helper={t('links.hoursHelp', { max: LINK_EXPIRY_HOURS_MAX })}
        />
        <TextField name="clientOrderNo" helper={t('links.clientNoHelp')} />
      </SimpleGrid>
      <TextField name="remark" />
    </>
  );
}
