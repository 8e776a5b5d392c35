import { useFormContext, useWatch } from 'react-hook-form';
import { CHECKOUT_PERIODS } from '../../contract/orgCompany';
import { useT } from '../../app/i18n';
import { SelectField } from './formFields';
import { enumOptions } from './options';

/**
 * A settlement period of the form: daily, weekly or monthly, and for weekly the closing weekday
 * (a company's check-out, a comprehensive agent's statement). Inside a FieldGrid.
 */
export function PeriodFields({ period, weekday }: { period: string; weekday: string }) {
  const t = useT();
  const { control } = useFormContext();
  const chosen = useWatch({ control, name: period });
  return (
    <>
      <SelectField name={period} options={enumOptions(t, CHECKOUT_PERIODS, 'org.checkoutPeriod')} />
      {chosen === 'weekly' && (
        <SelectField
          name={weekday}
          required
          numeric
          placeholder={t('org.choose')}
          options={enumOptions(t, [1, 2, 3, 4, 5, 6, 7], 'org.weekday')}
        />
      )}
    </>
  );
}
