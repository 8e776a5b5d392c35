import { Card, Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { roleNameKey } from '../../contract/roles';
import { getProfile } from '../../services/account';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { organisationOf, showsBranch } from '../../components/format';
import { InfoList } from '../../components/InfoList';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { MfaCard } from './MfaCard';
import { ProfileForm } from './ProfileForm';

/** Account management (/introduce): the user's own details. */
export default function Profile() {
  const t = useT();
  const profile = useLoad(getProfile, []);
  const p = profile.data;

  return (
    <>
      <PageHeader title={t('menu.introduce')} description={t('myAccount.profileIntro')} />
      {profile.status === 'failed' ? (
        <LoadFailed message={profile.error} onRetry={profile.reload} />
      ) : (
        <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4" alignItems="start">
          <Card.Root gridColumn={{ xl: 'span 2' }}>
            <Card.Body>
              {p ? (
                <ProfileForm key={p.loginId} profile={p} onSaved={profile.reload} />
              ) : (
                <Stack gap="4">
                  {[0, 1, 2, 3].map((i) => (
                    <Skeleton key={i} h="10" />
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('myAccount.summary')}
              </Heading>
            </Card.Header>
            <Card.Body>
              <InfoList
                loading={!p}
                items={[
                  { label: t('myAccount.loginId'), value: p?.loginId },
                  { label: t('myAccount.role'), value: p && t(roleNameKey(p.operatorType)) },
                  { label: t('myAccount.organisation'), value: p && organisationOf(t, p) },
                  ...(p && showsBranch(p) ? [{ label: t('myAccount.branch'), value: p.branchUnitName }] : []),
                ]}
              />
            </Card.Body>
          </Card.Root>
          {p && <MfaCard operatorType={p.operatorType} enrolled={p.mfaEnrolled} onChanged={profile.reload} />}
        </SimpleGrid>
      )}
    </>
  );
}
