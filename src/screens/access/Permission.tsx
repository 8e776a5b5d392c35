import { useEffect, useState } from 'react';
import { Box, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { roleNameKey, type OperatorType } from '../../contract/roles';
import { getPermission, pagePermissions, savePermission } from '../../services/access';
import { useT } from '../../app/i18n';
import { useLoad } from '../../app/useLoad';
import { showSuccess } from '../../app/toaster';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { PermissionTree } from './PermissionTree';
import { RoleList } from './RoleList';
import { allGrantable, routesToSave, sameRoutes, toggleRoute } from './permissionTree';

/** /setup/permission: which menus each role sees (spec point 6). */
export default function Permission() {
  const t = useT();
  const roles = useLoad(pagePermissions, []);
  const [role, setRole] = useState<OperatorType | null>(null);
  const saved = useLoad(() => (role === null ? Promise.resolve(null) : getPermission(role)), [role]);
  const [routes, setRoutes] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);

  const savedRoutes = saved.data ? new Set(saved.data.routes) : null;
  useEffect(() => {
    if (saved.data) setRoutes(new Set(saved.data.routes));
  }, [saved.data]);

  const dirty = savedRoutes !== null && !sameRoutes(routes, savedRoutes);
  const roleName = role === null ? '' : t(roleNameKey(role));

  const save = async () => {
    if (role === null) return;
    setSaving(true);
    try {
      const result = await savePermission({ operatorType: role, routes: routesToSave(routes, role) });
      setRoutes(new Set(result.routes));
      showSuccess(t('permission.saved', { role: roleName }));
      saved.reload();
      roles.reload();
    } catch {
      // The client has shown the server's reason as a toast; the edits stay for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader title={t('menu.permission')} description={t('permission.intro')} />
      {roles.status === 'failed' ? (
        <LoadFailed message={roles.error} onRetry={roles.reload} />
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('permission.roles')}
              </Heading>
            </Card.Header>
            <Card.Body pt="2">
              <RoleList roles={roles.data?.records ?? null} selected={role} onSelect={setRole} />
            </Card.Body>
          </Card.Root>
          <Card.Root gridColumn={{ lg: 'span 2' }}>
            <Card.Header>
              <Heading as="h2" size="md">
                {role === null ? t('permission.menusNoRole') : t('permission.menus', { role: roleName })}
              </Heading>
            </Card.Header>
            <Card.Body pt="2">
              {role === null ? (
                <Text color="fg.muted">{t('permission.selectRole')}</Text>
              ) : saved.status === 'failed' ? (
                <LoadFailed message={saved.error} onRetry={saved.reload} />
              ) : !saved.data ? (
                <Stack gap="2">
                  {Array.from({ length: 10 }, (_, i) => (
                    <Skeleton key={i} h="6" />
                  ))}
                </Stack>
              ) : (
                <>
                  <Flex gap="2" mb="3" wrap="wrap">
                    <Button size="xs" variant="outline" onClick={() => setRoutes(allGrantable(role))}>
                      {t('permission.checkAll')}
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => setRoutes(new Set())}>
                      {t('permission.uncheckAll')}
                    </Button>
                  </Flex>
                  <Box overflowX="auto">
                    <PermissionTree
                      role={role}
                      routes={routes}
                      disabled={saving}
                      onToggle={(path, checked) => setRoutes((r) => toggleRoute(r, path, checked, role))}
                    />
                  </Box>
                </>
              )}
            </Card.Body>
            {role !== null && saved.data && (
              <Card.Footer gap="3" flexWrap="wrap" justifyContent="flex-end" borderTopWidth="1px" pt="4">
                {dirty && (
                  <Text fontSize="sm" color="orange.600" me="auto" role="status">
                    {t('permission.unsaved')}
                  </Text>
                )}
                <Button
                  variant="outline"
                  disabled={!dirty || saving}
                  onClick={() => savedRoutes && setRoutes(savedRoutes)}
                >
                  {t('permission.revert')}
                </Button>
                <Button onClick={save} loading={saving} disabled={!dirty || saving}>
                  {t('common.save')}
                </Button>
              </Card.Footer>
            )}
          </Card.Root>
        </SimpleGrid>
      )}
    </>
  );
}
