import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  Center,
  Flex,
  Group,
  Heading,
  Image,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSearch } from 'wouter';
import { WORKING_LANGUAGES, type WorkingLanguage } from '../../contract/locale';
import { I18nProvider, useDocumentTitle, useLocale, useT } from '../../app/i18n';
import { LinkOffIcon } from '../../components/icons';
import { PayerCard } from './PayerCard';
import { usePayer } from './usePayer';

/** The payer has no session: the browser's language if the console speaks it, else Japanese. */
export function browserLanguage(languages: readonly string[]): WorkingLanguage {
  for (const tag of languages) {
    const l = tag.toLowerCase();
    if (l.startsWith('ja')) return 'jp';
    if (l.startsWith('zh')) return 'zh_cn';
    if (l.startsWith('en')) return 'en';
  }
  return 'jp';
}

/**
 * /qrcode: the public page a payer opens from a payment link or its QR code
 * (`?orderNo=` of a URL payment or a merchant's link, `?code=` of a pre-order). Mobile first,
 * in the payer's choice of language.
 */
export default function PayLink() {
  const [locale, setLocale] = useState<WorkingLanguage>(() =>
    browserLanguage(typeof navigator === 'undefined' ? [] : navigator.languages),
  );
  return (
    <I18nProvider locale={locale}>
      <PayerPage onLocale={setLocale} />
    </I18nProvider>
  );
}

function PayerPage({ onLocale }: { onLocale: (l: WorkingLanguage) => void }) {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t('payer.title'));
  const params = new URLSearchParams(useSearch());
  const orderNo = params.get('orderNo')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  return (
    <Flex minH="100dvh" direction="column" bg="bg.subtle">
      <Flex as="header" align="center" gap="2" px="4" h="14" bg="bg" borderBottomWidth="1px">
        <Image src="/logo.svg" alt="" boxSize="7" />
        <Text fontWeight="bold" flex="1">
          {t('app.title')}
        </Text>
        <Group attached role="group" aria-label={t('payer.language')}>
          {WORKING_LANGUAGES.map((l) => (
            <Button
              key={l}
              size="sm"
              minH="11"
              minW="11"
              variant={l === locale ? 'solid' : 'outline'}
              aria-pressed={l === locale}
              lang={l === 'jp' ? 'ja' : l === 'zh_cn' ? 'zh-CN' : 'en'}
              onClick={() => onLocale(l)}
            >
              {t(`payer.languageShort.${l}`)}
            </Button>
          ))}
        </Group>
      </Flex>
      <Center flex="1" px="4" py={{ base: '4', sm: '8' }} alignItems={{ base: 'flex-start', sm: 'center' }}>
        <PayerMain key={`${orderNo}|${code}`} orderNo={orderNo} code={code} locale={locale} />
      </Center>
      <Text as="footer" textAlign="center" fontSize="xs" color="fg.muted" py="4">
        {t('payer.poweredBy')}
      </Text>
    </Flex>
  );
}

/** One link's payment, on its own payer machine (another link mounts a new one). */
function PayerMain({ orderNo, code, locale }: { orderNo: string; code: string; locale: WorkingLanguage }) {
  const t = useT();
  const payer = usePayer(orderNo || code ? { orderNo, code } : null, locale);
  const { state } = payer;
  return state.kind === 'ready' ? (
    <PayerCard state={state} decide={payer.decide} reload={payer.reload} again={payer.again} />
  ) : state.kind === 'loading' ? (
    <Stack align="center" gap="3" py="16" aria-live="polite">
      <Spinner size="lg" color="blue.500" />
      <Text color="fg.muted">{t('app.loading')}</Text>
    </Stack>
  ) : state.kind === 'loadFailed' ? (
    <Card.Root w="full" maxW="sm" textAlign="center">
      <Card.Body>
        <Stack align="center" gap="4" role="alert">
          <Heading as="h1" size="md">
            {t('common.loadFailed')}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {state.message}
          </Text>
          <Button size="lg" onClick={payer.reload}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  ) : (
    <InvalidLink hasCode={Boolean(orderNo || code)} />
  );
}

function InvalidLink({ hasCode }: { hasCode: boolean }) {
  const t = useT();
  return (
    <Card.Root w="full" maxW="sm" textAlign="center">
      <Card.Body>
        <Stack align="center" gap="4">
          <Box borderRadius="full" bg="orange.50" p="4">
            <LinkOffIcon boxSize="10" color="orange.500" />
          </Box>
          <Heading as="h1" size="lg">
            {t('payer.invalidTitle')}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {hasCode ? t('payer.invalidBody') : t('payer.missingBody')}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
