import { useState } from 'react';
import { Button, Field, Flex, Stack, Text } from '@chakra-ui/react';
import { moneyIn } from '../../../components/money';
import { RefundApprovalSettingSave, type RefundApprovalSetting } from '../../../contract/refunds';
import { getRefundApprovalSetting, saveRefundApprovalSetting } from '../../../services/refunds';
import { useT } from '../../../app/i18n';
import { showSuccess } from '../../../app/toaster';
import { MoneyInput } from '../../../components/MoneyInput';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { FailureAlert } from '../../../components/FailureAlert';
import { CompanySettingCard } from './CompanySettingCard';

/**
 * A company's refund approval threshold (maker-checker): console refunds above it wait for a
 * second user's approval. Empty: the platform default. System and provider admins change it
 * (like the brand connectors); other roles read it.
 */
export function RefundApprovalThreshold({ companyId }: { companyId: number }) {
  const t = useT();
  return (
    <CompanySettingCard
      companyId={companyId}
      load={getRefundApprovalSetting}
      title={t('refunds.threshold.title')}
      titleId="refund-approval"
      help={(saved) =>
        t('refunds.threshold.help', { platformDefault: moneyIn(t)(saved.platformDefault, 'JPY') })
      }
    >
      {(saved, onSaved) => <ThresholdForm saved={saved} onSaved={onSaved} />}
    </CompanySettingCard>
  );
}

function ThresholdForm({ saved, onSaved }: { saved: RefundApprovalSetting; onSaved: () => void }) {
  const t = useT();
  const readOnly = !can(useSessionUser(), 'editConnectors');
  const [threshold, setThreshold] = useState<number | null>(saved.threshold);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invalid = threshold !== null && (!Number.isInteger(threshold) || threshold < 0);

  const submit = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const input = RefundApprovalSettingSave.validateSync({ companyId: saved.companyId, threshold });
      await saveRefundApprovalSetting(input);
      showSuccess(t('common.saved'));
      onSaved();
    } catch (e) {
      setFailure(e instanceof Error && e.message ? e.message : t('common.submitError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="refund-approval"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid && !readOnly) void submit();
      }}
    >
      <Stack gap="3">
        <FailureAlert text={failure} />
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Field.Root invalid={invalid} disabled={readOnly} maxW="20rem">
            <Field.Label>{t('refunds.threshold.threshold')}</Field.Label>
            <MoneyInput
              value={threshold}
              currency="JPY"
              placeholder={t('refunds.threshold.useDefault', {
                platformDefault: moneyIn(t)(saved.platformDefault, 'JPY'),
              })}
              onChange={setThreshold}
            />
            {invalid && <Field.ErrorText>{t('refunds.threshold.invalid')}</Field.ErrorText>}
          </Field.Root>
          {!readOnly && (
            <Button type="submit" loading={busy} disabled={invalid}>
              {t('common.save')}
            </Button>
          )}
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {t('refunds.threshold.currencies')}
        </Text>
      </Stack>
    </form>
  );
}
