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
