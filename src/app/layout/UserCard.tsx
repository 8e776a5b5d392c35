import { useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  ButtonGroup,
  DataList,
  Flex,
  Popover,
  Portal,
  Separator,
  SimpleGrid,
  Text,
} from '@chakra-ui/react';
import { useLocation } from 'wouter';
import type { WorkingLanguage } from '../../contract/locale';
import { roleNameKey } from '../../contract/roles';
import { organisationOf, showsBranch } from '../../components/format';
import {
  ChevronDownIcon,
  GlobeIcon,
  IdCardIcon,
  KeyIcon,
  LockIcon,
  LogoutIcon,
  SwitchIcon,
} from '../../components/icons';
import { useLocale, useT } from '../i18n';
import { useSession, useSessionSend, useSessionUser } from '../session';

/** The order of spec point 1: simplified Chinese, Japanese, English. */
const LANGUAGE_ORDER: readonly WorkingLanguage[] = ['zh_cn', 'jp', 'en'];

/** The user card (spec point 1): who is signed in and the account actions. */
export function UserCard() {
  const t = useT();
  const locale = useLocale();
  const user = useSessionUser();
  const send = useSessionSend();
  // Busy saving one, or held on the forced password change: the machine takes no language now.
  const languageFixed = useSession((s) => !s.can({ type: 'CHANGE_LANGUAGE', locale: 'jp' }));
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };
  const act = (type: 'SWITCH_ACCOUNT' | 'LOGOUT_REQUEST') => {
    setOpen(false);
    send({ type });
  };
  const actions = [
    { label: t('menu.changePassword'), icon: KeyIcon, onClick: () => go('/changePassword') },
    { label: t('menu.changeRefundPassword'), icon: LockIcon, onClick: () => go('/changeRefundPassword') },
    { label: t('menu.introduce'), icon: IdCardIcon, onClick: () => go('/introduce') },
    { label: t('shell.switchAccount'), icon: SwitchIcon, onClick: () => act('SWITCH_ACCOUNT') },
  ];
  const details = [
    { label: t('shell.accountType'), value: t(roleNameKey(user.operatorType)) },
    { label: t('shell.organisation'), value: organisationOf(t, user) },
    ...(showsBranch(user) ? [{ label: t('shell.branch'), value: user.branchUnitName ?? '' }] : []),
  ];

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end', gutter: 6, overflowPadding: 0 }}
    >
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px="1.5"
          aria-label={t('shell.userMenuOf', { name: user.userName })}
          colorPalette="gray"
        >
          {/* A person icon, not initials: the button's visible text is the name its label starts from. */}
          <Avatar.Root size="xs" colorPalette="blue" aria-hidden>
            <Avatar.Fallback />
          </Avatar.Root>
          <Text as="span" display={{ base: 'none', md: 'inline' }} maxW="40" truncate>
            {user.userName}
          </Text>
          <ChevronDownIcon boxSize="3.5" />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '100vw', lg: 'userCard' }} aria-label={t('shell.userMenu')}>
            <Popover.Body p="5">
              <Flex gap="4" align="center">
                <Avatar.Root size="lg" colorPalette="blue">
                  <Avatar.Fallback name={user.userName} />
                </Avatar.Root>
                <Box minW="0">
                  <Text fontWeight="semibold" fontSize="lg" truncate>
                    {user.userName}
                  </Text>
                  <Text color="fg.muted" fontSize="sm" truncate>
                    {user.email}
                  </Text>
                </Box>
              </Flex>
              <DataList.Root orientation="horizontal" size="sm" mt="4" gap="2">
                {details.map((d) => (
                  <DataList.Item key={d.label}>
                    <DataList.ItemLabel minW="28">{d.label}</DataList.ItemLabel>
                    <DataList.ItemValue>{d.value || '—'}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
              <Separator my="4" />
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" role="group" aria-label={t('shell.actions')}>
                {actions.map(({ label, icon: Icon, onClick }) => (
                  <Button
                    key={label}
                    variant="outline"
                    size="sm"
                    justifyContent="flex-start"
                    onClick={onClick}
                  >
                    <Icon />
                    {label}
                  </Button>
                ))}
                <Button
                  variant="outline"
                  size="sm"
                  justifyContent="flex-start"
                  colorPalette="red"
                  onClick={() => act('LOGOUT_REQUEST')}
                >
                  <LogoutIcon />
                  {t('shell.logout')}
                </Button>
              </SimpleGrid>
              <Separator my="4" />
              <Flex align="center" gap="3" wrap="wrap">
                <Flex
                  align="center"
                  gap="1.5"
                  color="fg.muted"
                  fontSize="sm"
                  whiteSpace="nowrap"
                  flexShrink={0}
                  id="user-card-language"
                >
                  <GlobeIcon boxSize="4" />
                  {t('shell.language')}
                </Flex>
                <ButtonGroup
                  size="xs"
                  variant="outline"
                  attached
                  role="group"
                  aria-labelledby="user-card-language"
                >
                  {LANGUAGE_ORDER.map((l) => (
                    <Button
                      key={l}
                      aria-pressed={l === locale}
                      variant={l === locale ? 'solid' : 'outline'}
                      disabled={languageFixed}
                      onClick={() => l !== locale && send({ type: 'CHANGE_LANGUAGE', locale: l })}
                      lang={l === 'jp' ? 'ja' : l === 'zh_cn' ? 'zh-CN' : 'en'}
                    >
                      {t(`languages.${l}`)}
                    </Button>
                  ))}
                </ButtonGroup>
              </Flex>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
