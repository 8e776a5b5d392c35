import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Drawer, Flex, Portal, Text, chakra } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { CHANGE_PASSWORD_PATH } from '../../machines/session';
import { PasswordChangeScreen } from '../../screens/account/PasswordChangeScreen';
import { SIDEBAR_WIDTH } from '../system';
import { TopProgress } from '../../components/TopProgress';
import { useT } from '../i18n';
import { allowedSet, navigationTree } from '../routes';
import { useSession, useSessionBusy, useSessionMenu } from '../session';
import { useIsMobile, useSidebarOpen, useUiSize } from './prefs';
import { SessionDialogs } from './SessionDialogs';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/**
 * The console frame (spec points 1 and 2): sidebar, fixed top bar, content, footer.
 * Below 992 px the sidebar is a drawer that closes on navigation and on a click outside.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  const menu = useSessionMenu();
  const role = useSession((s) => s.context.user?.operatorType);
  const held = useSession((s) => s.matches({ authenticated: 'passwordChangeRequired' }));
  const busy = useSessionBusy();
  const entries = useMemo(() => navigationTree(allowedSet(menu, role)), [menu, role]);
  const isMobile = useIsMobile();
  const [desktopOpen, setDesktopOpen] = useSidebarOpen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [size, setSize] = useUiSize();
  const [path] = useLocation();
  const mainRef = useRef<HTMLElement>(null);

  // Scroll to the top on navigation (spec point 2); the drawer closes on navigation too.
  useEffect(() => {
    window.scrollTo(0, 0);
    mainRef.current?.scrollTo?.(0, 0);
    setDrawerOpen(false);
  }, [path]);

  const sidebarShown = !isMobile && desktopOpen;
  const toggle = () => (isMobile ? setDrawerOpen(!drawerOpen) : setDesktopOpen(!desktopOpen));

  return (
    <Flex minH="100dvh">
      {/* The first stop of the keyboard: past the menu to the screen (shown while focused). */}
      <chakra.a
        href="#main"
        position="fixed"
        top="2"
        insetStart="2"
        zIndex="skipNav"
        px="4"
        py="2"
        rounded="md"
        bg="bg"
        color="fg"
        fontWeight="medium"
        boxShadow="lg"
        transform="translateY(-200%)"
        _focus={{ transform: 'none' }}
        onClick={(e) => {
          e.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t('shell.skipToMain')}
      </chakra.a>
      {busy && <TopProgress label={t('shell.busy')} />}
      {sidebarShown && (
        <Box as="aside" position="fixed" insetY="0" insetStart="0" zIndex="docked" w="sidebar">
          <Sidebar entries={entries} />
        </Box>
      )}
      {isMobile && (
        <Drawer.Root
          open={drawerOpen}
          placement="start"
          onOpenChange={(e) => setDrawerOpen(e.open)}
          size="xs"
        >
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content w="sidebar" maxW="sidebar" aria-label={t('shell.mainMenu')}>
                <Sidebar entries={entries} onNavigate={() => setDrawerOpen(false)} />
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <Flex direction="column" flex="1" minW="0" ms={sidebarShown ? SIDEBAR_WIDTH : '0'}>
        <TopBar
          menuOpen={isMobile ? drawerOpen : desktopOpen}
          onToggleMenu={toggle}
          size={size}
          onSize={setSize}
        />
        <Box
          as="main"
          id="main"
          ref={mainRef}
          tabIndex={-1}
          flex="1"
          p={{ base: '3', md: '6' }}
          minW="0"
          _focusVisible={{ outline: 'none' }}
        >
          {/* Held on the change (the server refuses everything else): whatever the address, the form. */}
          {held && path !== CHANGE_PASSWORD_PATH ? <PasswordChangeScreen kind="login" /> : children}
        </Box>
        <Box as="footer" py="4" textAlign="center" borderTopWidth="1px" bg="bg">
          <Text fontSize="xs" color="fg.muted" letterSpacing="widest">
            {t('app.footer').toUpperCase()}
          </Text>
        </Box>
      </Flex>
      <SessionDialogs />
    </Flex>
  );
}
