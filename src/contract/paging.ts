import { yup, message } from './validation';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Date-range limits of spec point 5. */
export const RANGE_DAYS_DEFAULT = 31;
export const RANGE_DAYS_LONG = 75;

export const pageFields = {
  pageNum: yup.number().integer().min(1).max(1_000_000).default(1),
  pageSize: yup.number().integer().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortField: yup.string().max(40).default(''),
  sortOrder: yup.string().oneOf(['asc', 'desc', '']).default(''),
};

/** beginTime/endTime as yyyy-MM-dd (business time zone), both required, at most `days` apart. */
export const dateRange = (days: number) => ({
  beginTime: yup
    .string()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/, { message: message('validation.date') }),
  endTime: yup
    .string()
    .required()
    .matches(/^\d{4}-\d{2}-\d{2}$/, { message: message('validation.date') })
    .test('range', message('validation.dateRange', { days }), function (end) {
      const begin = this.parent.beginTime as string | undefined;
      if (!begin || !end) return true;
      const diff = (Date.parse(end) - Date.parse(begin)) / 86_400_000;
      return diff >= 0 && diff < days;
    }),
});
