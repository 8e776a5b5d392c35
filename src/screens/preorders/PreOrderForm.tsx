import { SimpleGrid } from '@chakra-ui/react';
import type { OrgOption } from '../../contract/org';
import { PRE_ORDER_USE_TIMES_MAX, PRE_ORDER_VALIDITY_MAX } from '../../contract/preorders';
import { useT } from '../../app/i18n';
import { TextField } from '../shared/formFields';
import { CompanyField, LinkAmountFields } from '../links/CompanyField';

/** The fields of a new pre-order (contract PreOrderCreate) inside the dialog's FormProvider. */
export function PreOrderForm({ companies }: { companies: readonly OrgOption[] | null }) {
  const t = useT();
  return (
    <>
      <CompanyField companies={companies} />
      <LinkAmountFields name="orderAmount" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          name="validityHours"
          inputMode="numeric"
          helper={t('links.hoursHelp', { max: PRE_ORDER_VALIDITY_MAX })}
        />
        <TextField
          name="useTimes"
          inputMode="numeric"
          helper={t('preorders.useTimesHelp', { max: PRE_ORDER_USE_TIMES_MAX })}
        />
      </SimpleGrid>
      <TextField name="clientPayNo" helper={t('links.clientNoHelp')} />
      <TextField name="remark" />
    </>
  );
}
