import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Card, Tabs, chakra } from '@chakra-ui/react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import { useLocation } from 'wouter';
import {
  COMPANY_SECRET_FIELDS,
  CompanySaveInput,
  type CompanyCredentials,
  type CompanyDetail,
  type OrgOption,
} from '../../../contract/org';
import { regenerateCompanySecret, saveCompany } from '../../../services/org';
import { useT } from '../../../app/i18n';
import { showSuccess } from '../../../app/toaster';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SecretRevealDialog } from '../../../components/SecretRevealDialog';
import { FormActions } from '../../shared/FormActions';
import { showServerErrors, useUniqueCheck } from '../../shared/forms';
import { can } from '../../../contract/capabilities';
import { useSessionUser } from '../../../app/session';
import { useRoleLevel } from '../../shared/permissions';
import { EMPTY_COMPANY, TABS, TAB_OF, formOf, type CompanyForm, type CompanyTab } from './companyForm';
import { BankSection } from './sections/BankSection';
import { BasicSection } from './sections/BasicSection';
import { ChannelSection } from './sections/ChannelSection';
import { CredentialSection } from './sections/CredentialSection';
import { LimitSection } from './sections/LimitSection';
import { UboSection } from './sections/UboSection';

/** How many errors each tab holds (top-level fields; the UBO list counts as one). */
function errorsByTab(errors: FieldErrors<CompanyForm>): Partial<Record<CompanyTab, number>> {
  const out: Partial<Record<CompanyTab, number>> = {};
  for (const key of Object.keys(errors)) {
    const tab = TAB_OF[key];
    if (tab) out[tab] = (out[tab] ?? 0) + 1;
  }
  return out;
}

/** The company form in tabs; a refused save opens the first tab with an error. */
export function CompanyEditor({
  detail,
  providers,
  agents,
  onReload,
}: {
  detail: CompanyDetail | null;
  providers: readonly OrgOption[];
  agents: readonly OrgOption[];
  onReload: () => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const level = useRoleLevel();
  const [tab, setTab] = useState<CompanyTab>('basic');
  const [failure, setFailure] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<{ values: CompanyCredentials; savedId: number } | null>(
    null,
  );
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const [regenerating, setRegenerating] = useState(false);

  const form = useForm<CompanyForm>({
    resolver: yupResolver(CompanySaveInput),
    defaultValues: detail ? formOf(detail) : EMPTY_COMPANY,
  });
  const { handleSubmit, setError, formState, getValues, setValue } = form;
  // Staff of one provider or agency place new companies there: the one option is the default.
  useEffect(() => {
    if (detail) return;
    const agent = level === 'agent' && agents.length === 1 ? agents[0] : null;
    const provider = agent?.serviceProviderId ?? (providers.length === 1 ? providers[0].id : null);
    if (provider && !getValues('serviceProviderId')) setValue('serviceProviderId', provider);
    if (agent && !getValues('agentId')) setValue('agentId', agent.id);
  }, [detail, level, providers, agents, getValues, setValue]);
  const unique = useUniqueCheck(t, form, detail?.id ?? null);
  const tabErrors = errorsByTab(formState.errors);
  const readOnly = !can(user, 'editCompany');

  const openFirstError = (errors: FieldErrors<CompanyForm>) => {
    const first = TABS.find((name) => errorsByTab(errors)[name]);
    if (first) setTab(first);
  };

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await saveCompany(values);
        showSuccess(t('common.saved'));
        if (saved.credentials) setCredentials({ values: saved.credentials, savedId: saved.company.id });
        else onReload();
      } catch (e) {
        setFailure(showServerErrors(t, e, setError));
        openFirstError(form.formState.errors);
      }
    },
    (errors) => {
      setFailure(t('org.fixErrors'));
      openFirstError(errors);
    },
  );

  const regenerate = async () => {
    if (!detail) return;
    setRegenerating(true);
    try {
      const saved = await regenerateCompanySecret(detail.id);
      setConfirmRegenerate(false);
      if (saved.credentials) setCredentials({ values: saved.credentials, savedId: detail.id });
    } catch {
      // The client has shown the reason.
    } finally {
      setRegenerating(false);
    }
  };

  const stored = Object.fromEntries(COMPANY_SECRET_FIELDS.map((f) => [f, detail?.[f] ?? '']));
  const fixedParents = level === 'company' || (level === 'agent' && detail !== null);

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={detail?.name ?? t('org.company.newTitle')}>
        {failure && (
          <Alert.Root status="error" role="alert" mb="4">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Card.Root>
          <Tabs.Root
            value={tab}
            onValueChange={(e) => setTab(e.value as CompanyTab)}
            variant="line"
            lazyMount={false}
          >
            <Box overflowX="auto" px={{ base: '1', md: '4' }} pt="2">
              <Tabs.List minW="max-content">
                {TABS.map((name) => (
                  <Tabs.Trigger key={name} value={name} whiteSpace="nowrap">
                    {t(`org.company.tabs.${name}`)}
                    {tabErrors[name] ? (
                      <Badge
                        colorPalette="red"
                        variant="solid"
                        size="xs"
                        aria-label={t('org.tabErrors', { count: tabErrors[name] })}
                      >
                        {tabErrors[name]}
                      </Badge>
                    ) : null}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            </Box>
            <chakra.fieldset disabled={readOnly} p={{ base: '3', md: '6' }} minW="0" border="0" m="0">
              <Tabs.Content value="basic" p="0">
                <BasicSection
                  providers={providers}
                  agents={agents}
                  fixedParents={fixedParents}
                  checkPhone={unique('phone', 'phone')}
                />
              </Tabs.Content>
              <Tabs.Content value="bank" p="0">
                <BankSection />
              </Tabs.Content>
              <Tabs.Content value="ubo" p="0">
                <UboSection checkMid={unique('mid', 'acquirerId')} />
              </Tabs.Content>
              <Tabs.Content value="channels" p="0">
                <ChannelSection stored={stored} />
              </Tabs.Content>
              <Tabs.Content value="limits" p="0">
                <LimitSection />
              </Tabs.Content>
              <Tabs.Content value="credentials" p="0">
                <CredentialSection
                  accessToken={detail ? detail.accessToken : null}
                  paySecret={detail ? detail.paySecret : null}
                  onRegenerate={detail && !readOnly ? () => setConfirmRegenerate(true) : undefined}
                />
              </Tabs.Content>
            </chakra.fieldset>
          </Tabs.Root>
        </Card.Root>
        {!readOnly && (
          <FormActions busy={formState.isSubmitting} onCancel={() => navigate('/setup/company')} />
        )}
      </form>
      <ConfirmDialog
        open={confirmRegenerate}
        title={t('org.actions.regenerateSecret')}
        body={t('org.company.regenerateConfirm')}
        tone="danger"
        busy={regenerating}
        onConfirm={() => void regenerate()}
        onCancel={() => !regenerating && setConfirmRegenerate(false)}
      />
      <SecretRevealDialog
        open={credentials !== null}
        title={t('org.sections.credentials')}
        secrets={
          credentials
            ? [
                { label: t('org.secrets.accessToken'), value: credentials.values.accessToken },
                { label: t('org.secrets.paySecret'), value: credentials.values.paySecret },
              ]
            : []
        }
        onClose={() => {
          const id = credentials?.savedId;
          setCredentials(null);
          if (detail) onReload();
          else if (id) navigate(`/setup/company/${id}`, { replace: true });
        }}
      />
    </FormProvider>
  );
}
