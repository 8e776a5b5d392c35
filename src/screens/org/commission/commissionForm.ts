import {
  BRANDS,
  CommissionRateEntry,
  RATE_CHANNELS,
  RebateRateEntry,
  type CommissionConfig,
} from '../../../contract/commission';
import { yup } from '../../../contract/validation';
import { filledRows, optionalRate } from '../../shared/rateGrid';

/**
 * The rate grid: every brand × channel, and a rebate per brand (src/screens/shared/rateGrid).
 * The entries are the contract's, with the rate optional.
 */
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
  const rates = filledRows(grid.rates, (r) => r.rate);
  const rebates = withRebates ? filledRows(grid.rebates, (r) => r.rate) : [];
  return { rates, rebates };
}
