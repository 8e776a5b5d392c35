import type { ReactNode } from 'react';
import { Card, Grid, Heading, Text } from '@chakra-ui/react';

/** A titled part of a detail page (a settlement's facts and lines, an order's refunds and timeline). */
export function SectionCard({
  title,
  description,
  gap = '4',
  children,
}: {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm" minW="0">
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}

/** A detail page's cards in two columns on a wide screen (each as high as its content), one under another below. */
export function SectionColumns({ children }: { children: ReactNode }) {
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}
      gap="4"
      alignItems="start"
    >
      {children}
    </Grid>
  );
}

/** The header of a card that is one part of a form or of settings: its title (h2) and what it is for. */
export function CardHeading({ title, help, id }: { title: string; help: ReactNode; id?: string }) {
  return (
    <Card.Header>
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {help}
      </Text>
    </Card.Header>
  );
}
