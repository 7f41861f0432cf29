/**
 * The `Message-ID` an email went out with. SES sets it from its message id: `<id@email.amazonses.com>`
 * in us-east-1, `<id@<region>.amazonses.com>` elsewhere; the local stack's SES emulator writes no header,
 * so its ids get the same form (its region is us-east-1). Replies name it in In-Reply-To and References.
 */
export function sesMessageIdDomain(region: string): string {
  return region === 'us-east-1' ? 'email.amazonses.com' : `${region}.amazonses.com`;
}

/** Null until the email is handed over (it has no SES message id before). */
export function internetMessageId(sesMessageId: string | undefined, region: string): string | null {
  return sesMessageId ? `<${sesMessageId}@${sesMessageIdDomain(region)}>` : null;
}
