import type { ReactNode } from 'react';
import { Card, Heading } from '@chakra-ui/react';

/** A titled part of a detail page (a settlement's facts, a reconciliation day's parts). */
export function SectionCard({
  title,
  gap = '4',
  children,
}: {
  title: string;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm" minW="0">
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}
