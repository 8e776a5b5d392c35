import type { ReactNode } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';

/** One part of the settings form: its heading, what it is for, its fields. */
export function SettingsCard({
  title,
  help,
  children,
}: {
  title: string;
  help: string;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}
