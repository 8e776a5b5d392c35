import type { ReactNode } from 'react';
import { Card } from '@chakra-ui/react';
import { CardHeading } from '../../../components/SectionCard';

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
      <CardHeading title={title} help={help} />
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}
