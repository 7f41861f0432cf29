/**
 * Open and click tracking switches through the local stack: the organization's defaults
 * (GET/PUT /settings/tracking), the per-send `tracking` field over them, what GET /emails/:id shows, and
 * the outcome simulator producing `opened`/`clicked` only for emails that track them (as SES does).
 */
import { describe, expect, it } from 'vitest';
import { createSender, recipients } from '../support/factories.ts';
import { acceptedId, expectError } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';

type Sender = Awaited<ReturnType<typeof createSender>>;

/** The email once its outcome is in (delivered, or opened by an open or a click). */
async function settled(sender: Sender, id: string) {
  return eventually(async () => {
    const email = (await sender.api.get(`/api/v1/emails/${id}`)).body.data;
    return email.status !== 'queued' ? email : undefined;
  });
}

const typesOf = (email: { events: Array<{ type: string }> }) => email.events.map((event) => event.type);

describe('tracking switches', () => {
  it('produces opened and clicked only for emails that track them', async () => {
    const sender = await createSender();
    const send = async (to: string, tracking?: Record<string, boolean>) =>
      acceptedId(await sender.send({ to: recipients(to), ...(tracking ? { tracking } : {}) }));
    const openedOff = await send('opened@example.com');
    const clickedOff = await send('clicked@example.com', { opens: true, clicks: false });
    const openedOn = await send('opened@example.com', { opens: true });
    const clickedOn = await send('clicked@example.com', { clicks: true });

    // The tracked ones first: once they have their events, the simulator has run for all four. (The
    // status is written just after the events: wait for the event, then for the status it leads to.)
    const opened = await eventually(async () => {
      const email = await settled(sender, openedOn);
      return typesOf(email).includes('opened') && email.status !== 'delivered' ? email : undefined;
    });
    expect(opened.status).toBe('opened');
    expect(opened.tracking).toEqual({ opens: true, clicks: false });
    const clicked = await eventually(async () => {
      const email = await settled(sender, clickedOn);
      return typesOf(email).includes('clicked') ? email : undefined;
    });
    expect(typesOf(clicked)).toEqual(['sent', 'delivered', 'clicked']);
    expect(clicked.tracking).toEqual({ opens: false, clicks: true });

    const untracked = await settled(sender, openedOff);
    expect(typesOf(untracked)).toEqual(['sent', 'delivered']);
    expect(untracked.status).toBe('delivered');
    expect(untracked.tracking).toEqual({ opens: false, clicks: false });
    const opensOnly = await settled(sender, clickedOff);
    expect(typesOf(opensOnly)).toEqual(['sent', 'delivered']);
  });

  it('takes each switch a send leaves out from the organization’s defaults', async () => {
    const sender = await createSender();
    const initial = await sender.api.get('/api/v1/settings/tracking');
    expect(initial.status, initial.text).toBe(200);
    expect(initial.body.data).toEqual({ opens: false, clicks: false });

    const put = await sender.api.put('/api/v1/settings/tracking', { opens: true, clicks: true });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toEqual({ opens: true, clicks: true });
    expect((await sender.api.get('/api/v1/settings/tracking')).body.data).toEqual({ opens: true, clicks: true });

    const byDefault = acceptedId(await sender.send({ to: recipients('opened@example.com') }));
    const overridden = acceptedId(
      await sender.send({ to: recipients('opened@example.com'), tracking: { opens: false } }),
    );
    const opened = await eventually(async () => {
      const email = await settled(sender, byDefault);
      return email.status === 'opened' ? email : undefined;
    });
    expect(opened.tracking).toEqual({ opens: true, clicks: true });
    const notOpened = await settled(sender, overridden);
    expect(notOpened.tracking).toEqual({ opens: false, clicks: true });
    expect(typesOf(notOpened)).not.toContain('opened');

    // Another organization keeps its own defaults.
    const other = await createSender();
    expect((await other.api.get('/api/v1/settings/tracking')).body.data).toEqual({ opens: false, clicks: false });
  });

  it('refuses malformed switches, naming the field', async () => {
    const sender = await createSender();
    for (const [body, field] of [
      [{ opens: true }, 'clicks'],
      [{ opens: 'yes', clicks: false }, 'opens'],
      [{ opens: true, clicks: false, pixels: true }, 'pixels'],
    ] as const) {
      const response = await sender.api.put('/api/v1/settings/tracking', body);
      const error = expectError(response, 400, 'VALIDATION_ERROR');
      expect(error.details?.map((detail) => detail.field).join(' ')).toContain(field);
    }
    for (const [tracking, field] of [
      [{ opens: 1 }, 'tracking.opens'],
      [{ clicks: 'true' }, 'tracking.clicks'],
      [{ pixels: true }, 'tracking'],
      [true, 'tracking'],
    ] as const) {
      const error = expectError(await sender.send({ tracking }), 400, 'VALIDATION_ERROR');
      expect(error.details?.map((detail) => detail.field).join(' ')).toContain(field);
    }
  });
});
