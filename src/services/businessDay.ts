import { DateTime } from 'luxon';
import { BUSINESS_ZONE_NAME } from './zone';

/** Today (business zone) minus `daysAgo`, as yyyy-MM-dd. */
export function businessDate(daysAgo = 0): string {
  return DateTime.now().setZone(BUSINESS_ZONE_NAME).minus({ days: daysAgo }).toFormat('yyyy-MM-dd');
}
