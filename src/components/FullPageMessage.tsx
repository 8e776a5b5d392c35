import type { ReactNode } from 'react';
import { Box, Center, Heading, Image, Stack, Text } from '@chakra-ui/react';

/** A centred message on an empty page (loading, 401, 404, invalid links); mobile first. */
export function FullPageMessage({
  code,
  title,
  body,
  icon,
  actions,
  minH = '100dvh',
}: {
  code?: string;
  title: string;
  body?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  minH?: string;
}) {
  return (
    <Center minH={minH} px="6" py="10">
      <Stack align="center" textAlign="center" gap="4" maxW="md">
        {icon ?? <Image src="/logo.svg" alt="" boxSize="12" />}
        {code && (
          <Text fontSize={{ base: '5xl', md: '6xl' }} fontWeight="bold" color="blue.600" lineHeight="1">
            {code}
          </Text>
        )}
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
          {title}
        </Heading>
        {body && (
          <Box color="fg.muted" fontSize="sm">
            {body}
          </Box>
        )}
        {actions && (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Center>
  );
}
