/** What an instance tells its user: shared by the CLI's output and `startPostbox()`'s answer. */
export interface PostboxInfo {
  /** The API's base URL (`${url}/api/v1/…`). */
  url: string;
  /** A `pb_test_` key of the instance's own organization (its domain `postbox.test` is verified). */
  apiKey: string;
  /** A `pb_live_` key of the same organization (locally, live emails reach the inbox too). */
  liveApiKey: string;
  /** The SES emulator's inbox (a web page; `${inboxUrl}store` as JSON). */
  inboxUrl: string;
  /**
   * The inbound SMTP server's port on 127.0.0.1 (SES receiving's stand-in): mail to a verified domain
   * with receiving on is received (GET /inbound, `email.received`); other recipients get 550.
   */
  smtpPort: number;
  dashboardUrl: string;
  dashboardEmail: string;
  dashboardPassword: string;
}
