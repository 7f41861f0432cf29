/**
 * ISO 8601 dates and date-times in requests, checked by zod's ISO formats (a real calendar date and
 * time: 2030-02-30 and 24:00 are refused) rather than hand-written patterns.
 */
import * as z from 'zod';

/** A date-time with a time zone (`Z` or `±hh:mm`); seconds and their fraction optional. */
const dateTimeWithZone = z.union([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })]);
const dateOnly = z.iso.date();

/** `YYYY-MM-DD`, a real calendar date. */
export const isIsoDate = (value: string): boolean => dateOnly.safeParse(value).success;

/** `YYYY-MM-DDThh:mm[:ss[.fraction]]` with `Z` or `±hh:mm`, a real date and time. */
export const isIsoDateTimeWithZone = (value: string): boolean => dateTimeWithZone.safeParse(value).success;

/**
 * The instants the service can represent: none before the Unix epoch (stored times and the metrics'
 * buckets count from it) and none past 9999 (an ISO string has four digits of year).
 */
export const EARLIEST_INSTANT_MS = 0;
export const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const REPRESENTABLE_DATES = 'between 1970-01-01 and 9999-12-31 (UTC)';

export const isRepresentableInstant = (ms: number): boolean => ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS;
