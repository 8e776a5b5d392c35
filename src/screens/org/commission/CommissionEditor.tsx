import { useState } from 'react';
import { Box, Card, Flex, Input, Stack, Table } from '@chakra-ui/react';
import { useForm, type FieldError } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { BRANDS, type Brand, type CommissionConfig } from '../../../contract/commission';
import { saveCommission } from '../../../services/commission';
import { useT } from '../../../app/i18n';
import { showSuccess } from '../../../app/toaster';
import { errorText } from '../../../components/FormField';
import { CardHeading } from '../../../components/SectionCard';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { RateHistory } from '../../shared/RateHistory';
import { RateCells, RateInput } from '../../shared/RateInput';
import { showServerErrors } from '../../shared/forms';
import { gridPath } from '../../shared/rateGrid';
import { CommissionGrid, entriesOf, gridOf } from './commissionForm';
import { FailureAlert } from '../../../components/FailureAlert';
import { SaveButton } from '../../shared/FormActions';

/** The brand × online/offline grid with remarks, and the agency's rebate per brand; one save. */
export function CommissionEditor({ config, onSaved }: { config: CommissionConfig; onSaved: () => void }) {
  const t = useT();
  const user = useSessionUser();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CommissionGrid>({
    resolver: yupResolver(CommissionGrid),
    defaultValues: gridOf(config),
  });
  const { errors, isSubmitting, isDirty } = formState;
  const withRebates = config.agentId !== null;
  const rateError = (i: number) => errorText(t, 'rate', errors.rates?.[i]?.rate as FieldError | undefined);
  const rebateError = (i: number) =>
    errorText(t, 'rate', errors.rebates?.[i]?.rate as FieldError | undefined);

  const submit = handleSubmit(async (grid) => {
    setFailure(null);
    const { rates, rebates } = entriesOf(grid, withRebates);
    try {
      await saveCommission({
        companyId: config.companyId,
        rates: rates.map(({ r }) => r),
        rebates: rebates.map(({ r }) => r),
      });
      showSuccess(t('common.saved'));
      onSaved();
    } catch (e) {
      // The server's messages on the grid's rows (it numbers the rows it was sent), and above.
      setFailure(showServerErrors(t, e, setError, undefined, gridPath({ rates, rebates })));
    }
  });

  const brandName = (b: Brand) => t(`org.brand.${b}`);
  const rebateHistory = config.history.filter((h) => h.kind === 'rebate');
  const readOnly = !can(user, 'editCommission');

  return (
    <form onSubmit={submit} noValidate aria-label={t('menu.commissionRate')}>
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="4">
          <FailureAlert text={failure} />
          <Card.Root>
            <CardHeading title={t('org.commission.rates')} help={t('org.commission.ratesHelp')} />
            <Card.Body pt="0">
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <Table.Root size="sm" aria-label={t('org.commission.rates')}>
                  <Table.Header>
                    <Table.Row bg="bg.muted">
                      <Table.ColumnHeader minW="6rem">{t('fields.brand')}</Table.ColumnHeader>
                      <Table.ColumnHeader minW="5rem">{t('fields.channel')}</Table.ColumnHeader>
                      <Table.ColumnHeader minW="7rem">{t('fields.rate')}</Table.ColumnHeader>
                      <Table.ColumnHeader minW="12rem">{t('fields.remark')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {gridOf(config).rates.map((row, i) => (
                      <Table.Row key={`${row.brand}/${row.channel}`}>
                        {row.channel === 'online' ? (
                          <Table.Cell rowSpan={2} fontWeight="medium" verticalAlign="top" pt="3">
                            {brandName(row.brand)}
                          </Table.Cell>
                        ) : null}
                        <Table.Cell>{t(`org.channel.${row.channel}`)}</Table.Cell>
                        <Table.Cell>
                          <RateInput
                            field={register(`rates.${i}.rate`)}
                            label={`${brandName(row.brand)} ${t(`org.channel.${row.channel}`)} ${t('fields.rate')}`}
                            error={rateError(i)}
                          />
                        </Table.Cell>
                        <Table.Cell>
                          <Input
                            size="sm"
                            aria-label={`${brandName(row.brand)} ${t(`org.channel.${row.channel}`)} ${t('fields.remark')}`}
                            {...register(`rates.${i}.remark`)}
                          />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <Box mt="2">
                <RateHistory
                  what={t('org.commission.rates')}
                  entries={config.history.filter((h) => h.kind === 'commission')}
                  brandName={brandName}
                  channels
                />
              </Box>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <CardHeading
              title={t('org.commission.rebates')}
              help={
                withRebates
                  ? t('org.commission.rebatesHelp', { name: config.agentName ?? '' })
                  : t('org.commission.noAgency')
              }
            />
            {withRebates && (
              <Card.Body pt="0">
                <RateCells brands={BRANDS} columns={{ sm: 2, lg: 3 }}>
                  {(brand, i) => ({
                    title: brandName(brand),
                    input: (
                      <RateInput
                        field={register(`rebates.${i}.rate`)}
                        label={`${brandName(brand)} ${t('org.commission.rebates')}`}
                        error={rebateError(i)}
                      />
                    ),
                  })}
                </RateCells>
              </Card.Body>
            )}
            {(withRebates || rebateHistory.length > 0) && (
              <Card.Body pt="0">
                <RateHistory
                  what={t('org.commission.rebates')}
                  entries={rebateHistory}
                  brandName={brandName}
                />
              </Card.Body>
            )}
          </Card.Root>
        </Stack>
      </fieldset>
      {!readOnly && (
        <Flex mt="4" justify={{ base: 'stretch', sm: 'flex-end' }}>
          <SaveButton busy={isSubmitting} dirty={isDirty} />
        </Flex>
      )}
    </form>
  );
}
