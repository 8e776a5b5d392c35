import { Button, Card, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { roleNameKey } from '../../contract/roles';
import { getProfile, type Profile } from '../../services/account';
import { useT } from '../../app/i18n';
import { useSessionUser } from '../../app/session';
import { useLoad } from '../../app/useLoad';
import {
  BUSINESS_ZONE,
  describeUserAgent,
  formatDateTime,
  organisationOf,
  showsBranch,
} from '../../components/format';
import { InfoList, type InfoItem } from '../../components/InfoList';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Dashboard } from './Dashboard';
import type { Translate } from '../../i18n/translator';

/** Home ('/'): the dashboard of the user's scope, then the account summary and last successful login. */
export default function Home() {
  const t = useT();
  const user = useSessionUser();
  const profile = useLoad(getProfile, []);
  const loading = profile.status === 'loading' && !profile.data;

  return (
    <>
      <PageHeader
        title={t('myAccount.welcome', { name: profile.data?.userName ?? user?.userName ?? '' })}
        description={t('myAccount.timeZone', { zone: BUSINESS_ZONE })}
      />
      <Dashboard />
      {profile.status === 'failed' ? (
        <LoadFailed message={profile.error} onRetry={profile.reload} />
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
          <Card.Root>
            <Card.Header flexDirection="row" alignItems="center" justifyContent="space-between" gap="2">
              <Heading as="h2" size="md">
                {t('myAccount.summary')}
              </Heading>
              <Button asChild size="xs" variant="outline">
                <Link href="/introduce">{t('myAccount.editProfile')}</Link>
              </Button>
            </Card.Header>
            <Card.Body>
              <InfoList
                loading={loading}
                items={profile.data ? accountItems(t, profile.data) : placeholderItems(t)}
              />
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('myAccount.lastLogin')}
              </Heading>
            </Card.Header>
            <Card.Body>
              {profile.data && !profile.data.lastLogin ? (
                <Text color="fg.muted">{t('myAccount.firstLogin')}</Text>
              ) : (
                <InfoList
                  loading={loading}
                  items={[
                    {
                      label: t('myAccount.lastLoginTime'),
                      value: formatDateTime(profile.data?.lastLogin?.createdAt),
                    },
                    { label: t('myAccount.ip'), value: profile.data?.lastLogin?.ip },
                    {
                      label: t('myAccount.browser'),
                      value: (
                        <span title={profile.data?.lastLogin?.userAgent}>
                          {describeUserAgent(profile.data?.lastLogin?.userAgent)}
                        </span>
                      ),
                    },
                  ]}
                />
              )}
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      )}
    </>
  );
}

function accountItems(t: Translate, p: Profile): InfoItem[] {
  return [
    { label: t('fields.userName'), value: p.userName },
    { label: t('myAccount.loginId'), value: p.loginId },
    { label: t('myAccount.role'), value: t(roleNameKey(p.operatorType)) },
    { label: t('myAccount.organisation'), value: organisationOf(t, p) },
    ...(showsBranch(p) ? [{ label: t('myAccount.branch'), value: p.branchUnitName }] : []),
    { label: t('fields.email'), value: p.email },
    { label: t('myAccount.language'), value: t(`languages.${p.workingLanguage}`) },
    { label: t('myAccount.createdAt'), value: formatDateTime(p.createdAt) },
    {
      label: t('myAccount.passwordChangedAt'),
      value: p.passwordChangedAt ? formatDateTime(p.passwordChangedAt) : t('myAccount.never'),
    },
  ];
}

const placeholderItems = (t: Translate): InfoItem[] =>
  (
    [
      'fields.userName',
      'myAccount.loginId',
      'myAccount.role',
      'myAccount.organisation',
      'fields.email',
    ] as const
  ).map((key) => ({ label: t(key), value: null }));
