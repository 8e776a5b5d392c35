import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  RadioCard,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { PayerDecision } from '../../contract/merchant';
import { moneyIn } from '../../components/money';
import { useT } from '../../app/i18n';
import { textOr } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';
import { AlertIcon, CheckIcon, CrossIcon } from '../../components/icons';
import { InfoList } from '../../components/InfoList';
import type { PayerPhase } from '../../machines/payerShown';
import type { Decision, PayerState } from './usePayer';
import { FailureAlert } from '../../components/FailureAlert';

const PHASE_COLOURS: Record<PayerPhase, string> = {
  payable: 'blue',
  processing: 'orange',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
  closed: 'gray',
  used: 'gray',
};

/** Brand names break between words only: never inside a CJK name or an English word. */
const WHOLE_WORDS = { wordBreak: 'keep-all', overflowWrap: 'normal', hyphens: 'manual' } as const;

type Ready = Extract<PayerState, { kind: 'ready' }>;

/** One order as the payer sees it: who asks for how much, and pay / cancel while it is open. */
export function PayerCard({
  state,
  decide,
  reload,
  again,
}: {
  state: Ready;
  decide: (d: Decision) => void;
  reload: () => void;
  /** Pay a pre-order again after this visit's payment failed. */
  again: () => void;
}) {
  const t = useT();
  const { view, deciding, polling, stale, error } = state;
  const phase = view.phase;
  const waiting = polling || phase === 'processing';
  const shownPhase: PayerPhase = waiting ? 'processing' : phase;

  return (
    <Card.Root w="full" maxW="md" as="main">
      <Card.Body p={{ base: '4', sm: '6' }}>
        <Stack gap="5">
          <Stack gap="1" textAlign="center">
            <Text fontSize="sm" color="fg.muted">
              {t('payer.payTo')}
            </Text>
            <Heading as="h1" size="lg">
              {view.merchantName}
            </Heading>
            {view.subject && <Text color="fg.muted">{view.subject}</Text>}
            <Text as="p" fontSize="3xl" fontWeight="bold" mt="2" aria-label={t('payer.amount')}>
              {moneyIn(t)(view.amount, view.currency)}
            </Text>
            <Box>
              <Badge colorPalette={PHASE_COLOURS[shownPhase]} size="lg" variant="subtle">
                {t(`payer.phase.${shownPhase}`)}
              </Badge>
            </Box>
          </Stack>
          <InfoList
            items={[
              { label: t('payer.currency'), value: view.currency },
              { label: t('payer.orderNo'), value: view.number },
              { label: t('payer.expiresAt'), value: formatDateTime(view.expiresAt) },
              ...(view.uses
                ? [
                    {
                      label: t('preorders.uses'),
                      value: t('payer.remaining', { count: view.uses.remaining }),
                    },
                  ]
                : []),
            ]}
          />
          <FailureAlert text={error} />
          {waiting ? (
            <Outcome phase="processing" stale={stale} reload={reload} />
          ) : phase === 'payable' ? (
            view.sandbox ? (
              <PayForm state={state} decide={decide} busy={deciding} />
            ) : (
              <Text color="fg.muted">{t('payer.openWallet')}</Text>
            )
          ) : (
            <>
              <Outcome phase={phase} stale={false} reload={reload} />
              {state.canPayAgain && (
                <Button variant="outline" size="lg" onClick={again}>
                  {t('payer.again')}
                </Button>
              )}
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Outcome({
  phase,
  stale,
  reload,
}: {
  phase: Exclude<PayerPhase, 'payable'>;
  stale: boolean;
  reload: () => void;
}) {
  const t = useT();
  const icon =
    phase === 'paid' ? (
      <CheckIcon boxSize="8" color="green.600" />
    ) : phase === 'processing' ? (
      <Spinner size="lg" color="orange.500" />
    ) : phase === 'failed' ? (
      <CrossIcon boxSize="8" color="red.600" />
    ) : (
      <AlertIcon boxSize="8" color="fg.muted" />
    );
  return (
    <Stack align="center" gap="3" textAlign="center" role="status" aria-live="polite" py="2">
      {icon}
      <Text fontWeight="semibold" fontSize="lg">
        {t(`payer.outcome.${phase}`)}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {t(`payer.outcomeBody.${stale ? 'stale' : phase}`)}
      </Text>
      {stale && (
        <Button variant="outline" size="lg" onClick={reload}>
          {t('payer.check')}
        </Button>
      )}
    </Stack>
  );
}

/** The sandbox wallet: pick a brand (and its sub-brand), then pay or cancel. */
function PayForm({ state, decide, busy }: { state: Ready; decide: (d: Decision) => void; busy: boolean }) {
  const t = useT();
  const { view } = state;
  const offered = view.brand ? view.brands.filter((b) => b.brand === view.brand) : view.brands;
  const [brand, setBrand] = useState(offered[0]?.brand ?? '');
  const subBrands = offered.find((b) => b.brand === brand)?.subBrands ?? [];
  const [subBrand, setSubBrand] = useState(subBrands[0] ?? '');
  const pickBrand = (b: string) => {
    setBrand(b);
    setSubBrand(offered.find((o) => o.brand === b)?.subBrands[0] ?? '');
  };
  const send = (action: 'pay' | 'cancel') =>
    decide({ brand: brand as PayerDecision['brand'], subBrand, action });

  return (
    <Stack gap="4">
      <Text fontSize="xs" color="fg.muted" textAlign="center">
        {t('payer.sandboxNote')}
      </Text>
      <RadioCard.Root value={brand} onValueChange={(e) => e.value && pickBrand(e.value)} size="sm">
        <RadioCard.Label>{t('payer.brand')}</RadioCard.Label>
        <SimpleGrid columns={2} gap="2">
          {offered.map((b) => (
            <RadioCard.Item key={b.brand} value={b.brand}>
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl minH="11" alignItems="center">
                <RadioCard.ItemText {...WHOLE_WORDS}>
                  {textOr(t, `orders.brands.${b.brand}`, b.brand)}
                </RadioCard.ItemText>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </SimpleGrid>
      </RadioCard.Root>
      {subBrands.length > 1 && (
        <RadioCard.Root
          key={brand}
          value={subBrand}
          onValueChange={(e) => e.value && setSubBrand(e.value)}
          size="sm"
        >
          <RadioCard.Label>{t('payer.subBrand')}</RadioCard.Label>
          <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2">
            {subBrands.map((s) => (
              <RadioCard.Item key={s} value={s}>
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl minH="11" alignItems="center">
                  <RadioCard.ItemText {...WHOLE_WORDS}>
                    {textOr(t, `orders.subBrands.${s}`, s)}
                  </RadioCard.ItemText>
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </SimpleGrid>
        </RadioCard.Root>
      )}
      {/* Stacked on a phone at their own 44 px height (flex 1 in a column squeezed them to 26 px). */}
      <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }}>
        <Button
          flex={{ base: 'none', sm: '1' }}
          variant="outline"
          size="lg"
          disabled={busy}
          onClick={() => send('cancel')}
        >
          {t('payer.cancel')}
        </Button>
        <Button
          flex={{ base: 'none', sm: '1' }}
          colorPalette="blue"
          size="lg"
          loading={busy}
          disabled={!brand}
          onClick={() => send('pay')}
        >
          {t('payer.pay')}
        </Button>
      </Flex>
    </Stack>
  );
}
