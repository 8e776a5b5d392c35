import type { ReactNode } from 'react';
import { Alert } from '@chakra-ui/react';

/**
 * Why an action was refused, above its form or steps (announced: role="alert"); nothing when
 * there is no failure. `children`: a line under the reason.
 */
export function FailureAlert({ text, children }: { text: string | null | undefined; children?: ReactNode }) {
  if (!text) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      {children ? (
        <Alert.Content>
          <Alert.Title>{text}</Alert.Title>
          <Alert.Description>{children}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{text}</Alert.Title>
      )}
    </Alert.Root>
  );
}
