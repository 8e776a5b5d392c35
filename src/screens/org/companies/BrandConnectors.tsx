import { useState } from 'react';
import { Alert, Badge, Button, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { CONNECTOR_KINDS, SANDBOX_BEHAVIOURS, injectionsOf } from '../../../contract/brands';
import { BrandSettingsSave, type BrandSettings } from '../../../contract/brandSettings';
import { RATE_CHANNELS, type BrandReadiness } from '../../../contract/commission';
import { getBrandSettings, saveBrandSettings } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { showSuccess } from '../../../app/toaster';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { OptionSelect } from '../../../components/OptionSelect';
import { CompanySettingCard } from './CompanySettingCard';

/**
 * A company's brand connectors (below its form, saved on their own): which connector takes
 * each brand's payments and, in the sandbox, how the brand behaves — so every order and refund
 * status can be tried — and which discrepancy its statements carry, so every reconciliation
 * code can be. System and provider admins change them; other roles read them.
 */
export function BrandConnectors({ companyId }: { companyId: number }) {
  const t = useT();
  return (
    <CompanySettingCard
      companyId={companyId}
      load={getBrandSettings}
      title={t('org.brands.title')}
      titleId="brand-connectors"
      help={() => t('org.brands.help')}
    >
      {(saved, onSaved) => <ConnectorForm saved={saved} onSaved={onSaved} />}
    </CompanySettingCard>
  );
}

/**
 * Whether the brand takes payments (issue #29): ready when the company has a commission rate for
 * each of its wallets or schemes in both channels; otherwise what is missing, per channel.
 */
function Readiness({ readiness }: { readiness: BrandReadiness | undefined }) {
  const t = useT();
  if (!readiness) return null;
  const gaps = RATE_CHANNELS.filter((c) => readiness.missing[c].length > 0);
  if (gaps.length === 0)
    return (
      <Badge colorPalette="green" variant="subtle">
        {t('org.brands.ready')}
      </Badge>
    );
  return (
    <>
      <Badge colorPalette="orange" variant="subtle">
        {gaps.length === RATE_CHANNELS.length
          ? t('org.brands.notReady')
          : t('org.brands.readyIn', {
              channel: t(`org.channel.${RATE_CHANNELS.find((c) => !gaps.includes(c))!}`).toLowerCase(),
            })}
      </Badge>
      {gaps.map((c) => (
        <Text key={c} fontSize="xs" color="fg.muted">
          {t('org.brands.noRate', {
            channel: t(`org.channel.${c}`),
            brands: readiness.missing[c].map((b) => t(`org.brand.${b}`)).join(', '),
          })}
        </Text>
      ))}
    </>
  );
}

/** One of a brand's two choices. */
function Choice<O extends string>({
  label,
  field,
  options,
  text,
}: {
  label: string;
  field: UseFormRegisterReturn;
  options: readonly O[];
  text: (option: O) => string;
}) {
  return (
    <OptionSelect
      root={{ size: 'sm' }}
      aria-label={label}
      {...field}
      options={options.map((o) => ({ value: o, label: text(o) }))}
    />
  );
}

/** Brand | connector | sandbox behaviour | statement discrepancy on a wide screen; stacked on a phone. */
const COLUMNS = {
  base: '1fr',
  md: 'minmax(7rem, 1fr) minmax(7rem, 1fr) minmax(12rem, 2fr) minmax(12rem, 2fr)',
};

function ConnectorForm({ saved, onSaved }: { saved: BrandSettings; onSaved: () => void }) {
  const t = useT();
  const user = useSessionUser();
  const readOnly = !can(user, 'editConnectors');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<BrandSettingsSave>({
    resolver: yupResolver(BrandSettingsSave),
    defaultValues: { companyId: saved.companyId, settings: saved.settings },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await saveBrandSettings(values);
      showSuccess(t('common.saved'));
      onSaved();
    } catch (e) {
      setFailure(e instanceof Error && e.message ? e.message : t('common.submitError'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="brand-connectors">
      <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {failure && (
          <Alert.Root status="error" role="alert" mb="3">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Stack gap="0" borderWidth="1px" borderRadius="md" divideY="1px">
          <Grid
            templateColumns={COLUMNS}
            gap="3"
            px="3"
            py="2"
            bg="bg.muted"
            fontSize="sm"
            fontWeight="medium"
            display={{ base: 'none', md: 'grid' }}
            aria-hidden
          >
            <Text>{t('fields.brand')}</Text>
            <Text>{t('org.brands.connector')}</Text>
            <Text>{t('org.brands.behaviour')}</Text>
            <Text>{t('org.brands.statement')}</Text>
          </Grid>
          {saved.settings.map((s, i) => {
            const brand = t(`orders.brands.${s.brand}`);
            return (
              <Grid
                key={s.brand}
                role="group"
                aria-label={brand}
                templateColumns={COLUMNS}
                gap={{ base: '2', md: '3' }}
                px="3"
                py="2"
                alignItems="center"
              >
                <Stack gap="1" align="flex-start">
                  <Text fontWeight="medium">{brand}</Text>
                  <Readiness readiness={saved.readiness.find((r) => r.brand === s.brand)} />
                </Stack>
                <Choice
                  label={`${brand} ${t('org.brands.connector')}`}
                  field={register(`settings.${i}.connector`)}
                  options={CONNECTOR_KINDS}
                  text={(k) => t(`org.brands.connectors.${k}`)}
                />
                <Choice
                  label={`${brand} ${t('org.brands.behaviour')}`}
                  field={register(`settings.${i}.sandboxBehaviour`)}
                  options={SANDBOX_BEHAVIOURS}
                  text={(b) => t(`org.brands.behaviours.${b}`)}
                />
                <Choice
                  label={`${brand} ${t('org.brands.statement')}`}
                  field={register(`settings.${i}.statementInjection`)}
                  options={injectionsOf(s.brand)}
                  text={(k) => t(`org.brands.injections.${k}`)}
                />
              </Grid>
            );
          })}
        </Stack>
      </fieldset>
      {!readOnly && (
        <Flex mt="4" justify={{ base: 'stretch', sm: 'flex-end' }}>
          <Button
            type="submit"
            loading={formState.isSubmitting}
            disabled={!formState.isDirty}
            flex={{ base: '1', sm: 'initial' }}
          >
            {t('org.brands.save')}
          </Button>
        </Flex>
      )}
    </form>
  );
}
