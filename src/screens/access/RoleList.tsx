import { Badge, Box, Flex, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import type { RoleRow } from '../../contract/access';
import type { OperatorType } from '../../contract/roles';
import { roleNameKey } from '../../contract/roles';
import { useT } from '../../app/i18n';
import { formatDateTime } from '../../components/format';

/** The eight roles; choosing one opens its menus. */
export function RoleList({
  roles,
  selected,
  onSelect,
}: {
  roles: readonly RoleRow[] | null;
  selected: OperatorType | null;
  onSelect: (role: OperatorType) => void;
}) {
  const t = useT();
  if (!roles) {
    return (
      <Stack gap="2">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h="12" />
        ))}
      </Stack>
    );
  }
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={t('permission.roles')}>
      {roles.map((r) => {
        const active = r.operatorType === selected;
        return (
          <li key={r.operatorType}>
            <chakra.button
              type="button"
              w="full"
              textAlign="start"
              px="3"
              py="2"
              borderRadius="md"
              borderWidth="1px"
              borderColor={active ? 'blue.500' : 'transparent'}
              bg={active ? 'blue.50' : undefined}
              _hover={{ bg: active ? 'blue.50' : 'bg.muted' }}
              aria-pressed={active}
              onClick={() => onSelect(r.operatorType as OperatorType)}
            >
              <Flex justify="space-between" align="center" gap="2">
                <Text fontWeight="medium" color={active ? 'blue.700' : undefined}>
                  {t(roleNameKey(r.operatorType as OperatorType))}
                </Text>
                <Badge variant="subtle" title={t('permission.routeCount')}>
                  {r.routeCount}
                </Badge>
              </Flex>
              <Box fontSize="xs" color="fg.muted" mt="0.5">
                {t('permission.accountCount')}: {r.accountCount} · {t('permission.updatedAt')}:{' '}
                {r.updatedAt ? formatDateTime(r.updatedAt) : t('permission.notUpdated')}
              </Box>
            </chakra.button>
          </li>
        );
      })}
    </Stack>
  );
}
