import { Box, Card, Center, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useSearch } from 'wouter';
import { useDocumentTitle, useT } from '../../app/i18n';
import { LinkOffIcon } from '../../components/icons';

/**
 * /qrcode: the public page a payer opens from a payment link or QR code. Until the pre-order
 * calls exist no code can be resolved, so every arrival learns the link is missing or invalid.
 */
export default function PayLink() {
  const t = useT();
  useDocumentTitle(t('payLink.title'));
  const code = new URLSearchParams(useSearch()).get('code')?.trim();
  return (
    <Flex minH="100dvh" direction="column" bg="bg.subtle">
      <Flex as="header" align="center" gap="2" px="4" h="14" bg="bg" borderBottomWidth="1px">
        <Image src="/logo.svg" alt="" boxSize="7" />
        <Text fontWeight="bold">{t('app.title')}</Text>
      </Flex>
      <Center flex="1" px="4" py="8">
        <Card.Root w="full" maxW="sm" textAlign="center">
          <Card.Body>
            <Stack align="center" gap="4">
              <Box borderRadius="full" bg="orange.50" p="4">
                <LinkOffIcon boxSize="10" color="orange.500" />
              </Box>
              <Heading as="h1" size="lg">
                {t('payLink.invalidTitle')}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {code ? t('payLink.invalidBody') : t('payLink.missingBody')}
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
      <Text as="footer" textAlign="center" fontSize="xs" color="fg.muted" py="4">
        {t('payLink.poweredBy')}
      </Text>
    </Flex>
  );
}
