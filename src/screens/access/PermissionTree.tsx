import { Badge, Box, Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import type { MenuRoute } from '../../contract/routes';
import type { OperatorType } from '../../contract/roles';
import { useT } from '../../app/i18n';
import { MENU, alwaysAllowed, grantable, groupState, routeAvailable } from './permissionTree';

interface TreeProps {
  role: OperatorType;
  routes: ReadonlySet<string>;
  disabled?: boolean;
  onToggle: (path: string, checked: boolean) => void;
}

/** The contract's MENU as a tree of checkboxes with their titles. */
export function PermissionTree(props: TreeProps) {
  return (
    <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
      {MENU.map((route) => (
        <Node key={route.path} route={route} depth={0} {...props} />
      ))}
    </Stack>
  );
}

function Node({
  route,
  depth,
  role,
  routes,
  disabled,
  onToggle,
}: TreeProps & { route: MenuRoute; depth: number }) {
  const t = useT();
  const fixed = alwaysAllowed(route.path);
  const available = routeAvailable(route.path);
  const allowed = grantable(route.path, role);
  const checked = fixed ? true : route.children ? groupState(routes, route, role) : routes.has(route.path);
  return (
    <li>
      <Flex
        align="center"
        gap="2"
        ps={depth * 6}
        py="1"
        borderRadius="sm"
        _hover={{ bg: 'bg.muted' }}
        wrap="wrap"
      >
        <Checkbox.Root
          size="sm"
          // A screen still to come shows whether the role already has it (it cannot be given now).
          checked={allowed ? checked : !available && routes.has(route.path)}
          disabled={disabled || fixed || !allowed}
          onCheckedChange={(e) => onToggle(route.path, e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight={route.children ? 'semibold' : 'normal'}>
            {t(route.titleKey)}
          </Checkbox.Label>
        </Checkbox.Root>
        <Text
          as="span"
          fontSize="xs"
          color="fg.subtle"
          fontFamily="mono"
          display={{ base: 'none', md: 'inline' }}
        >
          {route.path}
        </Text>
        {fixed && (
          <Badge size="sm" variant="subtle">
            {t('permission.alwaysAllowed')}
          </Badge>
        )}
        {!fixed && !available && (
          <Badge size="sm" variant="subtle" colorPalette="orange" data-note="notAvailable">
            {t('permission.notAvailable')}
          </Badge>
        )}
        {!fixed && available && !allowed && (
          <Badge size="sm" variant="subtle" colorPalette="gray">
            {t('permission.notForRole')}
          </Badge>
        )}
      </Flex>
      {route.children && (
        <Box as="ul" listStyleType="none" m="0" p="0">
          {route.children.map((child) => (
            <Node
              key={child.path}
              route={child}
              depth={depth + 1}
              role={role}
              routes={routes}
              disabled={disabled}
              onToggle={onToggle}
            />
          ))}
        </Box>
      )}
    </li>
  );
}
