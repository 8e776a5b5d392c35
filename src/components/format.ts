import { DateTime } from 'luxon';
import type { OperatorType } from '../contract/roles';
import { roleLevel } from '../contract/roles';
import type { Translate } from '../i18n/translator';
import { BUSINESS_ZONE_NAME } from '../services/zone';

/** The business time zone dates are shown in (DESIGN: default Asia/Tokyo). */
export const BUSINESS_ZONE: string = BUSINESS_ZONE_NAME;
/** Spec point 9: year-month-day hour:minute:second. */
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const DATE_FORMAT = 'yyyy-MM-dd';

function parse(value: string | Date): DateTime {
  const dt = value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value);
  return dt.isValid ? dt : DateTime.fromSQL(String(value));
}

/** An instant as business-zone date and time; '' for nothing, the raw text if unparsable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const dt = parse(value);
  return dt.isValid ? dt.setZone(BUSINESS_ZONE).toFormat(DATE_TIME_FORMAT) : String(value);
}

/** Today (business zone) minus `days`, as yyyy-MM-dd (services/businessDay.ts: the services need it too). */
export { businessDate } from '../services/businessDay';

/** A short, readable name of a browser from its user agent: 'Chrome 131 · Windows'. */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return '';
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/],
  ];
  const systems: [string, RegExp][] = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux|X11/],
  ];
  const browser = browsers.find(([, re]) => re.test(ua));
  const os = systems.find(([, re]) => re.test(ua));
  if (!browser) return ua.length > 60 ? `${ua.slice(0, 57)}…` : ua;
  const version = browser[1].exec(ua)?.[1];
  return [`${browser[0]} ${version ?? ''}`.trim(), os?.[0]].filter(Boolean).join(' · ');
}

interface OrgFields {
  operatorType: OperatorType;
  serviceProviderName?: string | null;
  agentName?: string | null;
  companyName?: string | null;
  branchUnitName?: string | null;
}

/** Spec point 6: 'admin' for system roles, provider, agent or company name otherwise. */
export function organisationOf(t: Translate, u: OrgFields): string {
  switch (roleLevel(u.operatorType)) {
    case 'system':
      return t('shell.orgAdmin');
    case 'serviceProvider':
      return u.serviceProviderName ?? '';
    case 'agent':
      return u.agentName ?? '';
    default:
      return u.companyName ?? '';
  }
}

/** The branch is shown for company-level roles only (spec point 1). */
export const showsBranch = (u: OrgFields) => roleLevel(u.operatorType) === 'company';
