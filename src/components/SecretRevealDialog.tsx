import { Alert, Button, Clipboard, Code, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { useT } from '../app/i18n';
import { CheckIcon, CopyIcon } from './icons';
import { DialogFrame } from './DialogFrame';

export interface RevealedSecret {
  label: string;
  value: string;
}

/**
 * Secrets the server shows once (a company's access token and pay secret, a reset password):
 * each with a copy button. Only the close button ends it, so nobody loses them by a stray click.
 */
export function SecretRevealDialog({
  open,
  title,
  secrets,
  note,
  onClose,
}: {
  open: boolean;
  title: string;
  secrets: readonly RevealedSecret[];
  note?: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      title={title}
      size={{ base: 'xs', sm: 'md' }}
      alert
      dismissable={false}
      onDismiss={onClose}
      footer={<Button onClick={onClose}>{t('org.secrets.noted')}</Button>}
    >
      <Stack gap="4">
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('org.secrets.shownOnce')}</Alert.Title>
        </Alert.Root>
        {secrets.map((s) => (
          <Stack key={s.label} gap="1">
            <Text fontSize="sm" fontWeight="medium">
              {s.label}
            </Text>
            <Flex gap="2" align="center">
              <Code
                flex="1"
                minW="0"
                px="2"
                py="1.5"
                fontSize="sm"
                wordBreak="break-all"
                whiteSpace="pre-wrap"
                data-testid="revealed-secret"
              >
                {s.value}
              </Code>
              <Clipboard.Root value={s.value}>
                <Clipboard.Trigger asChild>
                  <IconButton
                    variant="outline"
                    size="sm"
                    aria-label={t('org.secrets.copy', { what: s.label })}
                  >
                    <Clipboard.Indicator copied={<CheckIcon color="green.600" />}>
                      <CopyIcon />
                    </Clipboard.Indicator>
                  </IconButton>
                </Clipboard.Trigger>
              </Clipboard.Root>
            </Flex>
          </Stack>
        ))}
        {note && (
          <Text fontSize="sm" color="fg.muted">
            {note}
          </Text>
        )}
      </Stack>
    </DialogFrame>
  );
}
