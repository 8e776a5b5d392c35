import { Button, Field, HStack, Image, Input, Spinner, Text, chakra } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../app/i18n';
import { RequiredLabel } from '../../components/FormField';
import { useSession, useSessionSend } from '../../app/session';
import { RefreshIcon } from '../../components/icons';

/** Verification code input and image; clicking the image asks the session for a new one. */
export function CaptchaField({ input, error }: { input: UseFormRegisterReturn; error?: string }) {
  const t = useT();
  const send = useSessionSend();
  const captcha = useSession((s) => s.context.captcha);
  const phase = useSession((s) =>
    s.matches({ loggedOut: 'captchaFailed' })
      ? 'failed'
      : s.matches({ loggedOut: 'ready' })
        ? 'ready'
        : s.matches('loggedOut')
          ? 'loading'
          : 'idle',
  );
  if (phase === 'ready' && captcha && !captcha.enabled) return null;

  const refresh = () => send({ type: 'REFRESH_CAPTCHA' });
  return (
    <Field.Root invalid={Boolean(error)} required>
      <RequiredLabel>{t('fields.verycode')}</RequiredLabel>
      <HStack w="full" gap="3" align="stretch">
        <Input
          {...input}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={10}
          flex="1"
        />
        <chakra.button
          type="button"
          onClick={refresh}
          aria-label={t('loginPage.refreshCaptcha')}
          title={t('loginPage.captchaHint')}
          w="32"
          h="10"
          flexShrink={0}
          borderWidth="1px"
          borderRadius="md"
          overflow="hidden"
          bg="white"
          cursor="pointer"
          display="flex"
          alignItems="center"
          justifyContent="center"
          _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
        >
          {phase === 'ready' && captcha?.image ? (
            <Image
              src={captcha.image}
              alt={t('loginPage.captchaImage')}
              h="full"
              w="full"
              objectFit="contain"
            />
          ) : phase === 'failed' ? (
            <RefreshIcon color="fg.muted" />
          ) : (
            <Spinner size="sm" color="blue.500" aria-label={t('loginPage.captchaLoading')} />
          )}
        </chakra.button>
      </HStack>
      {phase === 'failed' && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('loginPage.captchaFailed')}{' '}
          <Button variant="plain" size="xs" px="0" colorPalette="blue" onClick={refresh}>
            {t('common.retry')}
          </Button>
        </Text>
      )}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t('loginPage.captchaHint')}</Field.HelperText>
      )}
    </Field.Root>
  );
}
