import { useEffect } from 'react';
import { Box, Button, Card, Center, Flex, Heading, Image, Stack, Text, chakra } from '@chakra-ui/react';
import { Link, useSearch } from 'wouter';
import { WORKING_LANGUAGES, type WorkingLanguage } from '../../contract/locale';
import { useDocumentTitle, useLocale, useT } from '../../app/i18n';
import { useSession, useSessionSend } from '../../app/session';
import { TopProgress } from '../../components/TopProgress';
import { LoginForm } from './LoginForm';
import { SecondFactorForm } from './SecondFactorForm';
import { OptionSelect } from '../../components/OptionSelect';

/** /login (spec points 2 and 5). A signed-in user is let through and may continue or switch. */
export default function Login() {
  const t = useT();
  useDocumentTitle(t('menu.login'));
  const send = useSessionSend();
  const redirect = new URLSearchParams(useSearch()).get('redirect');
  const view = useSession((s) =>
    s.matches('authenticated')
      ? 'signedIn'
      : s.matches('loggedOut') || s.matches('loggingIn')
        ? 'form'
        : s.matches('secondFactor')
          ? 'secondFactor'
          : 'waiting',
  );
  const secondFactor = useSession((s) => s.children.secondFactor);
  const userName = useSession((s) => s.context.user?.userName ?? '');

  useEffect(() => {
    if (view === 'form' && redirect) send({ type: 'SET_REDIRECT', redirect });
  }, [view, redirect, send]);

  return (
    <Flex
      minH="100dvh"
      direction="column"
      bgGradient="to-br"
      gradientFrom="blue.700"
      gradientTo="blue.950"
      px={{ base: '3', sm: '6' }}
      py="4"
    >
      {view === 'waiting' && <TopProgress />}
      <Flex justify="flex-end">{view !== 'signedIn' && <LanguagePicker />}</Flex>
      <Center flex="1" py="6">
        <Card.Root w="full" maxW="md" boxShadow="xl">
          <Card.Header alignItems="center" textAlign="center" gap="1" pb="2">
            <Image src="/logo.svg" alt="" boxSize="12" />
            <Heading as="h1" size="2xl" mt="2">
              {t('app.title')}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {t('loginPage.subtitle')}
            </Text>
          </Card.Header>
          <Card.Body pt="4">
            {view === 'signedIn' ? (
              <Stack gap="4" textAlign="center">
                <Text>{t('loginPage.signedInAs', { name: userName })}</Text>
                <Button asChild size="lg">
                  <Link href="/">{t('loginPage.continue')}</Link>
                </Button>
                <Button variant="outline" onClick={() => send({ type: 'SWITCH_ACCOUNT' })}>
                  {t('loginPage.otherAccount')}
                </Button>
              </Stack>
            ) : view === 'secondFactor' && secondFactor ? (
              <SecondFactorForm actor={secondFactor} onLogout={() => send({ type: 'LOGOUT_CONFIRM' })} />
            ) : (
              <LoginForm />
            )}
          </Card.Body>
        </Card.Root>
      </Center>
      <Box as="footer" textAlign="center" color="whiteAlpha.700" fontSize="xs" letterSpacing="widest">
        {t('app.footer').toUpperCase()}
      </Box>
    </Flex>
  );
}

function LanguagePicker() {
  const t = useT();
  const locale = useLocale();
  const send = useSessionSend();
  return (
    <Flex align="center" gap="2" color="white">
      <chakra.label htmlFor="login-language" fontSize="sm">
        {t('loginPage.language')}
      </chakra.label>
      <OptionSelect
        root={{ size: 'sm', w: '32', bg: 'white', color: 'fg', borderRadius: 'md' }}
        id="login-language"
        value={locale}
        onChange={(e) => send({ type: 'SET_LOCALE', locale: e.target.value as WorkingLanguage })}
        options={WORKING_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
      />
    </Flex>
  );
}
