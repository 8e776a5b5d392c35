import {
  BRANDS,
  CommissionRateEntry,
  RATE_CHANNELS,
  RATE_PATTERN,
  RebateRateEntry,
  type CommissionConfig,
} from '../../../contract/commission';
import { message, yup } from '../../../contract/validation';

/**
 * The rate grid: every brand × channel, and a rebate per brand. An empty rate means "not
 * set" and is left out of the save; anything typed must be the contract's rate (0–100, two
 * decimals). The entries are the contract's, with the rate optional.
 */
const optionalRate = () =>
  yup
    .string()
    .trim()
    .default('')
    .matches(RATE_PATTERN, { message: message('validation.rate'), excludeEmptyString: true });

export const CommissionGrid = yup.object({
  rates: yup.array(CommissionRateEntry.shape({ rate: optionalRate() })).required(),
  rebates: yup.array(RebateRateEntry.shape({ rate: optionalRate() })).required(),
});
export type CommissionGrid = yup.InferType<typeof CommissionGrid>;

export function gridOf(config: CommissionConfig): CommissionGrid {
  return {
    rates: BRANDS.flatMap((brand) =>
      RATE_CHANNELS.map((channel) => {
        const stored = config.rates.find((r) => r.brand === brand && r.channel === channel);
        return { brand, channel, rate: stored?.rate ?? '', remark: stored?.remark ?? '' };
      }),
    ),
    rebates: BRANDS.map((brand) => ({
      brand,
      rate: config.rebates.find((r) => r.brand === brand)?.rate ?? '',
    })),
  };
}

/** The rows to send, each with its index in the grid (to put the server's messages back). */
export function entriesOf(grid: CommissionGrid, withRebates: boolean) {
  const rates = grid.rates.map((r, index) => ({ r, index })).filter(({ r }) => r.rate !== '');
  const rebates = withRebates
    ? grid.rebates.map((r, index) => ({ r, index })).filter(({ r }) => r.rate !== '')
    : [];
  return { rates, rebates };
}
