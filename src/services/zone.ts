/** The business time zone dates are shown in (DESIGN: default Asia/Tokyo). */
export const BUSINESS_ZONE_NAME: string = import.meta.env.VITE_BUSINESS_ZONE || 'Asia/Tokyo';
