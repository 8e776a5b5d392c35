import { Alert, Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { RefundRejection } from '../machines/refund';
import { useT } from '../app/i18n';
import type { Translate } from '../i18n/translator';
import { formatDateTime } from './format';

/*
 * What a workflow authorised with the refund password (a refund, an approval, a settlement
 * checkout) shows when the server refuses it: the refusal, and the way to change the password.
 */

/** Whose texts say a refusal's figures: a refund's (and an approval's), or a settlement checkout's. */
type RefusalTexts = 'refunds.refund' | 'settlements.checkout';

/**
 * The figures of a refund-password refusal: the tries left before the lock, or the lock's end
 * (they read better than the server's sentence); null for any other refusal.
 */
export function refusalFigures(
  t: Translate,
  rejection: RefundRejection | null,
  texts: RefusalTexts,
): string | null {
  if (rejection?.reason === 'wrongPassword' && rejection.triesLeft !== null)
    return t(`${texts}.triesLeft`, { count: rejection.triesLeft });
  if (rejection?.reason === 'locked' && rejection.lockedUntil)
    return t(`${texts}.lockedUntil`, { until: formatDateTime(rejection.lockedUntil) });
  return null;
}

/** A refund or approval refused or failed: the heading, then the refusal's figures, else its message or the error. */
export function RefundRefusalAlert({
  heading,
  rejection,
  error,
}: {
  heading: string;
  rejection: RefundRejection | null;
  error: string | null;
}) {
  const t = useT();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{heading}</Alert.Title>
        <Alert.Description>
          {refusalFigures(t, rejection, 'refunds.refund') ?? rejection?.message ?? error}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The way to the refund password's change, when it must be changed before it authorises
 * anything. `onClick`: what the workflow does on leaving (wait in the actor system, or close).
 */
export function ChangeRefundPasswordLink({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button asChild variant="outline">
      <Link href="/changeRefundPassword" onClick={onClick}>
        {t('menu.changeRefundPassword')}
      </Link>
    </Button>
  );
}
