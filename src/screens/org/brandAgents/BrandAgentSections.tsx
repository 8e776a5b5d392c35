import { Text } from '@chakra-ui/react';
import { useFormContext, type FieldError } from 'react-hook-form';
import { PAY_BRANDS, type PayBrand } from '../../../contract/brands';
import type { RateChange } from '../../../contract/commission';
import type { BrandAgentOption } from '../../../contract/org';
import { useT } from '../../../app/i18n';
import { errorText } from '../../../components/FormField';
import { textOr } from '../../../i18n/translator';
import { BankFields } from '../../shared/BankFields';
import { FieldGrid, FormSection, TextField } from '../../shared/formFields';
import { PeriodFields } from '../../shared/PeriodFields';
import { RateHistory } from '../../shared/RateHistory';
import { RateCells, RateInput } from '../../shared/RateInput';
import type { BrandAgentForm } from './brandAgentForm';

export function BrandAgentBasics() {
  const t = useT();
  return (
    <FormSection title={t('org.sections.basic')}>
      <FieldGrid>
        <TextField name="name" required />
        <TextField name="nameEn" />
        <TextField name="contactName" />
        <TextField name="contactEmail" type="email" inputMode="email" />
        <TextField name="phone" type="tel" inputMode="tel" />
      </FieldGrid>
      <TextField name="address" />
    </FormSection>
  );
}

export function BrandAgentBank() {
  const t = useT();
  return (
    <FormSection title={t('org.sections.bank')}>
      <BankFields />
    </FormSection>
  );
}

export function BrandAgentStatement() {
  const t = useT();
  return (
    <FormSection title={t('org.brandAgent.statement')}>
      <FieldGrid>
        <PeriodFields period="statementPeriod" weekday="statementWeekday" />
      </FieldGrid>
    </FormSection>
  );
}

/**
 * A fee rate per brand (empty: not served). A brand another agent serves says which; the server
 * refuses it at the brand's row, naming that agent.
 */
export function BrandAgentBrands({
  agentId,
  agents,
  history,
}: {
  agentId: number | null;
  agents: readonly BrandAgentOption[];
  /** The fee rates' history (none for a new agent). */
  history: readonly RateChange[] | null;
}) {
  const t = useT();
  const { register, formState } = useFormContext<BrandAgentForm>();
  const brandName = (b: PayBrand) => t(`orders.brands.${b}`);
  const servedBy = (b: PayBrand) => agents.find((a) => a.id !== agentId && a.brands.includes(b));
  const rowError = (i: number) =>
    errorText(t, 'feeRate', formState.errors.brands?.[i]?.feeRate as FieldError | undefined);
  return (
    <FormSection title={t('org.sections.brands')}>
      <Text fontSize="sm" color="fg.muted">
        {t('org.brandAgent.brandsHelp')}
      </Text>
      <RateCells brands={PAY_BRANDS} columns={{ sm: 2, lg: 4 }}>
        {(brand, i) => {
          const other = servedBy(brand);
          const error = rowError(i);
          return {
            title: brandName(brand),
            input: (
              <RateInput
                field={register(`brands.${i}.feeRate`)}
                label={`${brandName(brand)} ${t('fields.feeRate')}`}
                error={error}
              />
            ),
            note: other && !error && (
              <Text fontSize="xs" color="fg.muted">
                {t('org.brandAgent.servedBy', { name: other.name })}
              </Text>
            ),
          };
        }}
      </RateCells>
      {history && (
        <RateHistory
          what={t('fields.feeRate')}
          entries={history}
          brandName={(b) => textOr(t, `orders.brands.${b}`, b)}
        />
      )}
    </FormSection>
  );
}
