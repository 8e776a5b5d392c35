import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  Input,
  InputGroup,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useForm, type FieldError, type UseFormRegister } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { BRANDS, type Brand, type CommissionConfig } from '../../../contract/commission';
import { isApiError } from '../../../services/client';
import { saveCommission } from '../../../services/commission';
import { useT } from '../../../app/i18n';
import { showSuccess } from '../../../app/toaster';
import { errorText } from '../../../components/FormField';
import { useOrgRights } from '../../shared/permissions';
import { CommissionGrid, entriesOf, gridOf } from './commissionForm';

function RateInput({
  name,
  label,
  register,
  error,
}: {
  name: `rates.${number}.rate` | `rebates.${number}.rate`;
  label: string;
  register: UseFormRegister<CommissionGrid>;
  error?: string;
}) {
  return (
    <Box>
      <InputGroup endElement="%" endElementProps={{ color: 'fg.muted' }}>
        <Input
          size="sm"
          textAlign="end"
          inputMode="decimal"
          placeholder="0.00"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          {...register(name)}
        />
      </InputGroup>
      {error && (
        <Text color="fg.error" fontSize="xs" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** The brand × online/offline grid with remarks, and the agency's rebate per brand; one save. */
export function CommissionEditor({ config, onSaved }: { config: CommissionConfig; onSaved: () => void }) {
  const t = useT();
  const rights = useOrgRights();
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
      // Put the server's messages back on the grid's rows (it numbers the rows it was sent).
      for (const [field, text] of Object.entries(isApiError(e) ? (e.errors ?? {}) : {})) {
        const m = /^(rates|rebates)\[(\d+)\]\.(\w+)$/.exec(field);
        const sent = m ? (m[1] === 'rates' ? rates : rebates)[Number(m[2])] : undefined;
        if (m && sent)
          setError(`${m[1] as 'rates'}.${sent.index}.${m[3] as 'rate'}`, { type: 'server', message: text });
      }
      setFailure(e instanceof Error && e.message ? e.message : t('common.submitError'));
    }
  });

  const brandName = (b: Brand) => t(`org.brand.${b}`);
  const readOnly = !rights.editCommission;

  return (
    <form onSubmit={submit} noValidate aria-label={t('menu.commissionRate')}>
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('org.commission.rates')}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {t('org.commission.ratesHelp')}
              </Text>
            </Card.Header>
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
                            name={`rates.${i}.rate`}
                            label={`${brandName(row.brand)} ${t(`org.channel.${row.channel}`)} ${t('fields.rate')}`}
                            register={register}
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
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('org.commission.rebates')}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {withRebates
                  ? t('org.commission.rebatesHelp', { name: config.agentName ?? '' })
                  : t('org.commission.noAgency')}
              </Text>
            </Card.Header>
            {withRebates && (
              <Card.Body pt="0">
                <Box
                  display="grid"
                  gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
                  gap="4"
                >
                  {BRANDS.map((brand, i) => (
                    <Flex key={brand} direction="column" gap="1">
                      <Text fontSize="sm" fontWeight="medium">
                        {brandName(brand)}
                      </Text>
                      <RateInput
                        name={`rebates.${i}.rate`}
                        label={`${brandName(brand)} ${t('org.commission.rebates')}`}
                        register={register}
                        error={rebateError(i)}
                      />
                    </Flex>
                  ))}
                </Box>
              </Card.Body>
            )}
          </Card.Root>
        </Stack>
      </fieldset>
      {!readOnly && (
        <Flex mt="4" justify={{ base: 'stretch', sm: 'flex-end' }}>
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={!isDirty}
            flex={{ base: '1', sm: 'initial' }}
          >
            {t('common.save')}
          </Button>
        </Flex>
      )}
    </form>
  );
}
